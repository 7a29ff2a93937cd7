import type { NotificacoesQuery, OuvidoriaNotificacao } from '@saude/shared/schemas/ouvidoria';
import { desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Ctx } from '../../access/context';
import {
  ouvidoriaNotificacaoLeituras as l,
  ouvidoriaNotificacoes as n,
  prioridadesSolicitacao as p,
  solicitacoesOuvidoria as so,
  tiposSolicitacao as t,
} from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { preparedOnce, preparedPolledPage } from '../../db/sql';
import { paginatePolled } from '../../lib/paginate';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/routes';
import type { Dated } from '../../lib/answer';

// The bell (issue 20, spec §1, §3 "Ombudsman notification", §7): everyone holding `ouvidoria:index` gets every item;
// each professional's read time is a row of ouvidoria_notificacao_leituras. Polled every 30 s by each such browser:
// one statement for the page (newest first on the created_at index) and one for the count.

const leitura = (profissionalId: string | Placeholder) =>
  sql`exists (select 1 from ${l} where ${l.notificacao_id} = ${n.id} and ${l.profissional_id} = ${profissionalId})`;

/**
 * The page and the count, prepared once per filter (db/sql.ts `preparedOnce`): every browser of a holder polls them
 * every 30 s, so neither is built nor planned per request (issue 15).
 */
function consultas(db: DbOrTx, filtro: NotificacoesQuery['lido']) {
  return preparedOnce(db, `ouvidoria:sino:${filtro ?? 'todas'}`, (name) => {
    const lido = leitura(sql.placeholder('eu'));
    const where = filtro === 'false' ? sql`not ${lido}` : filtro === 'true' ? lido : undefined;
    return preparedPolledPage(
      db,
      name,
      db
        .select({
          id: n.id,
          solicitacao_id: n.solicitacao_id,
          protocolo: so.protocolo,
          created_at: n.created_at,
          prioridade: { nome: p.nome, cor: p.cor },
          tipo_solicitacao: { nome: t.nome, icone: t.icone },
          lido: sql<boolean>`${lido}`,
        })
        .from(n)
        .innerJoin(so, eq(so.id, n.solicitacao_id))
        .innerJoin(t, eq(t.id, so.tipo_solicitacao_id))
        .innerJoin(p, eq(p.id, so.prioridade_id))
        .where(where)
        .orderBy(desc(n.created_at), desc(n.id))
        .$dynamic(),
      db
        .select({ um: sql`1` })
        .from(n)
        .where(where)
        .$dynamic(),
    );
  });
}

export async function listar(
  ctx: Ctx,
  q: NotificacoesQuery,
): Promise<{ rows: Dated<OuvidoriaNotificacao>[]; total: number }> {
  return paginatePolled(q, consultas(ctx.db, q.lido), { eu: ctx.usuario!.profissionalId });
}

/** Marks one item read for the user (idempotent); an unknown id is 404. */
export async function marcarLida(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const [existe] = await ctx.db.select({ id: n.id }).from(n).where(eq(n.id, id));
  if (!existe) throw notFound();
  await ctx.db
    .insert(l)
    .values({ notificacao_id: id, profissional_id: ctx.usuario!.profissionalId })
    .onConflictDoNothing();
}

/** "Marcar todas como lidas": every unread item of the user, in one statement; answers how many. */
export async function marcarTodas(ctx: Ctx): Promise<number> {
  const eu = ctx.usuario!.profissionalId;
  const r = await ctx.db
    .insert(l)
    .select(
      ctx.db
        .select({
          notificacao_id: n.id,
          profissional_id: sql<string>`${eu}::uuid`.as('profissional_id'),
          lida_em: sql<Date>`now()`.as('lida_em'),
        })
        .from(n)
        .where(sql`not ${leitura(eu)}`),
    )
    .onConflictDoNothing()
    .returning({ id: l.notificacao_id });
  return r.length;
}
