import type { ChamadaPainel } from '@saude/shared/schemas/painel';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/** PostgreSQL channel of the ticket calls: every API process listens and feeds its panels (Server-Sent Events). */
export const CANAL_CHAMADAS = 'filas_chamadas';

/**
 * Announces a call to every panel of its unit. Inside the call's transaction: PostgreSQL delivers a NOTIFY only at
 * commit, so a call rolled back never reaches a TV.
 */
export async function notificarChamada(tx: DbOrTx, chamada: ChamadaPainel): Promise<void> {
  await tx.execute(sql`select pg_notify(${CANAL_CHAMADAS}, ${JSON.stringify(chamada)})`);
}

/** PostgreSQL channel of panel key changes (payload: the unit's id): every process ends that unit's open streams. */
export const CANAL_CHAVES = 'filas_paineis_chaves';

/** Ends the unit's open panel streams in every API process, at commit (a new key was generated). */
export async function notificarNovaChave(tx: DbOrTx, unidadeId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${CANAL_CHAVES}, ${unidadeId})`);
}
