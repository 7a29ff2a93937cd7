import { unidadeFlags, unidadeOferece, type UnidadeFlag } from '@saude/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { unidadesSaude } from '../db/schema';

// A unit's parameter flags (spec §3), read where a rule depends on them (issue 39). An absent unit has every flag off.

export type FlagsDaUnidade = Record<UnidadeFlag, boolean>;

export async function flagsDaUnidade(db: DbOrTx, unidadeId: string): Promise<FlagsDaUnidade> {
  const [u] = await db.select().from(unidadesSaude).where(eq(unidadesSaude.id, unidadeId));
  return Object.fromEntries(unidadeFlags.map((f) => [f, u?.[f] ?? false])) as FlagsDaUnidade;
}

/** Whether the unit offers the module of `permission` (the same rule as the menu and the page guard). */
export async function unidadeOfereceModulo(db: DbOrTx, unidadeId: string, permission: string): Promise<boolean> {
  return unidadeOferece(await flagsDaUnidade(db, unidadeId), permission);
}
