import { msg } from '@saude/shared';
import type { SenhaSimplesToken, SenhaSimplesTokenInput } from '@saude/shared/schemas/senha_simples';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import { audit } from '../../../access/audit';
import { createSession, type SessionPolicy } from '../../../auth/sessions';
import { filaCategorias, unidadesSaude } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { porUri } from '../../ferramentas';

/** A SenhaSimples token lives at most this long (a desk's working day); the idle limit applies as to any session. */
export const TOKEN_HORAS = 12;

/**
 * The popup's confirmation (spec §4): a session of the same professional and unit with escopo 'filas', which reaches
 * only the queue and ticket routes. 401 when the callback is not registered; 404 when the unit has no queue
 * parametrization (or does not manage queues).
 */
export async function emitirToken(
  ctx: Ctx,
  body: SenhaSimplesTokenInput,
  policy: SessionPolicy,
  userAgent: string | null,
): Promise<SenhaSimplesToken> {
  const usuario = ctx.usuario!;
  // A ticket token does not make more of itself.
  if (usuario.escopo) throw new AppError(403, msg.naoAutorizado);
  const aplicacao = await porUri(ctx.db, body.uri);
  const unidadeId = usuario.unidadeId!;
  const [parametrizada] = await ctx.db
    .select({ id: unidadesSaude.id })
    .from(unidadesSaude)
    .innerJoin(filaCategorias, eq(filaCategorias.unidade_saude_id, unidadesSaude.id))
    .where(and(eq(unidadesSaude.id, unidadeId), eq(unidadesSaude.gerenciamento_filas, true)))
    .limit(1);
  if (!parametrizada) throw new AppError(404, msg.senhaSimplesSemParametrizacao);
  return ctx.db.transaction(async (tx) => {
    const s = await createSession(
      tx,
      { ...policy, maxHours: Math.min(TOKEN_HORAS, policy.maxHours) },
      {
        profissionalId: usuario.profissionalId,
        unidadeId,
        ip: ctx.ip,
        userAgent,
        escopo: 'filas',
        origemSessaoId: usuario.sessionId,
      },
    );
    await audit(tx, ctx, {
      action: 'senha_simples_token',
      resource: 'filas/senhas',
      record_id: s.id,
      details: { aplicacao_id: aplicacao.id },
    });
    return { token: s.token, expires_at: s.expiresAt.toISOString() };
  });
}
