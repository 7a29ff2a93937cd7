import { msg } from '@saude/shared';
import { modoValidacaoRecepcao, type ModoValidacaoRecepcao } from '@saude/shared/schemas/validacao_recepcao';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import { unidadesSaude } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { unidadeOfereceModulo } from '../../lib/unidade_flags';

// What the urgent-care modules share (issue 16): their records belong to a unit, and only an urgent-care unit
// (the `pronto_atendimento` or `misto` flag of spec §3) keeps them. Another unit's record answers 404, like absent.

/**
 * The current unit, when it is an urgent-care unit; 403 otherwise (a primary-care unit has no reception, and a user
 * holding the permission there must not write urgent-care records into it).
 */
export async function unidadeDeUrgencia(ctx: Ctx, db: DbOrTx = ctx.db): Promise<string> {
  const unidadeId = ctx.usuario?.unidadeId;
  if (!unidadeId) throw forbidden(msg.semUnidadeAtual);
  // The same rule as the menu and the page guard: pronto_atendimento, or misto (issue 39).
  if (!(await unidadeOfereceModulo(db, unidadeId, 'urgencia_emergencia/'))) throw forbidden();
  return unidadeId;
}

/** How this unit's reception checks a citizen's record (issue 39: flags sem_validacao, validacao_completa_municipe). */
export async function validacaoDaUnidade(db: DbOrTx, unidadeId: string): Promise<ModoValidacaoRecepcao> {
  const [u] = await db
    .select({
      sem_validacao: unidadesSaude.sem_validacao,
      validacao_completa_municipe: unidadesSaude.validacao_completa_municipe,
    })
    .from(unidadesSaude)
    .where(eq(unidadesSaude.id, unidadeId));
  return u ? modoValidacaoRecepcao(u) : 'aviso';
}
