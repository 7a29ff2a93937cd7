import { timestamp, uuid } from 'drizzle-orm/pg-core';

// Every row keeps when it was created, changed, and by whom (issue 3). Who is null for system writes (seed, migrations).
export const timestamps = {
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_by: uuid(),
};
