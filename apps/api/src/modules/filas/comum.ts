import { msg } from '@saude/shared';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import { categorias, unidadesSaude } from '../../db/schema';
import { forbidden } from '../../lib/errors';

// What the queue modules share (issue 17): queues and tickets belong to the current unit, and only a unit that manages
// queues (the `gerenciamento_filas` flag of spec §3) has them. Another unit's queue or ticket answers 404, like absent.

/** The current unit, when it manages queues; 403 otherwise. */
export async function unidadeComFilas(ctx: Ctx, db: DbOrTx = ctx.db): Promise<string> {
  const unidadeId = ctx.usuario?.unidadeId;
  if (!unidadeId) throw forbidden(msg.semUnidadeAtual);
  const [u] = await db
    .select({ id: unidadesSaude.id })
    .from(unidadesSaude)
    .where(and(eq(unidadesSaude.id, unidadeId), eq(unidadesSaude.gerenciamento_filas, true)));
  if (!u) throw forbidden();
  return unidadeId;
}

/** A category as the queues show it: its chip (letters, colour) and the order it is called in. */
export const categoriaColunas = {
  id: categorias.id,
  nome: categorias.nome,
  sigla: categorias.sigla,
  cor: categorias.cor,
  prioridade: categorias.prioridade,
};
