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
