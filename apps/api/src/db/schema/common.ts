import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
  type UpdateDeleteAction,
} from 'drizzle-orm/pg-core';

// Every row keeps when it was created, changed, and by whom (issue 3). Who is null for system writes (seed, migrations).
export const timestamps = {
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_by: uuid(),
};

/** The columns of a row people edit: the optimistic lock's version (architecture) and the timestamps. */
export const versioned = { lock_version: integer().notNull().default(0), ...timestamps };

/** A link every row has: uuid not null, referencing `target`. */
export const requiredRef = (target: () => AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  uuid()
    .notNull()
    .references(target, onDelete ? { onDelete } : {});

/** A yes/no that is never null. */
export const flag = (byDefault: boolean) => boolean().notNull().default(byDefault);

/** Lists that are empty, never null. */
export const textList = () =>
  text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
export const integerList = () =>
  integer()
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`);
