import { municipio } from '@saude/shared/codes/municipio';
import { ufs as ufRows } from '@saude/shared/ufs';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { municipios, ufs } from '../db/schema';

/** States and municipalities; loaded once (the IBGE table only changes with a new release of the reference). */
export async function seedEnderecos(db: DbOrTx): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(municipios);
  if (n === municipio.length) return;
  await db.insert(ufs).values(ufRows).onConflictDoNothing();
  for (let i = 0; i < municipio.length; i += 1000) {
    await db
      .insert(municipios)
      .values(municipio.slice(i, i + 1000).map((m) => ({ ...m })))
      .onConflictDoNothing();
  }
}
