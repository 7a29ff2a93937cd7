import { msg } from '@saude/shared';
import type {
  NotificacaoGlobal,
  NotificacaoGlobalCriada,
  NotificacaoGlobalFilters,
  NotificacaoGlobalLeitura,
  NotificacaoGlobalOpcoes,
  NotificacaoGlobalValues,
} from '@saude/shared/schemas/notificacao_global';
import { and, asc, desc, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import { lotacoes, notificacaoGlobalLeituras, notificacoesGlobais, perfis } from '../../db/schema';
import { byName, preparedOnce, preparedPolledPage } from '../../db/sql';
import { recordTrail } from '../../access/audit-trail';
import { FieldErrors, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { paginatePolled, type PageResult } from '../../lib/paginate';
import { isUuid } from '../../lib/routes';
import type { Dated } from '../../lib/answer';

// Global notifications (issue 20; docs/decisions.md "Global notifications and the globe"). A user sees a
// notification aimed at everyone (perfil_ids empty) or at a profile of one of their ACTIVE assignments in the CURRENT
// unit (the globe follows the unit like the menu does). Reads are personal rows (notificacao_global_leituras); a
// notification names no citizen, so listing is not audited; create, delete and the first read are.

export const RESOURCE = 'notificacoes_globais';
const trail = recordTrail(RESOURCE);
const n = notificacoesGlobais;
const r = notificacaoGlobalLeituras;

/** Aimed at professional `profissionalId` in unit `unidadeId` (null: only the ones for everyone). */
function paraUsuario(profissionalId: string | Placeholder, unidadeId: string | Placeholder | null): SQL {
  if (!unidadeId) return sql`cardinality(${n.perfil_ids}) = 0`;
  return sql`(cardinality(${n.perfil_ids}) = 0 or exists (
    select 1 from ${lotacoes} l where l.profissional_id = ${profissionalId} and l.unidade_saude_id = ${unidadeId}
      and l.ativo and l.perfil_id = any(${n.perfil_ids})))`;
}

/**
 * GET /: the user's page, newest first, with their read time: one statement (the created_at index walks the newest,
 * the read time is a primary-key probe) whose window count is the total; a count only past the last page. Both are
 * prepared once per shape (with or without a current unit, which read filter: db/sql.ts `preparedOnce`), since every
 * browser polls the page every 30 s (issue 15).
 */
function consultas(db: DbOrTx, comUnidade: boolean, lida: boolean | undefined, contado: boolean) {
  const forma = `${comUnidade}:${lida ?? 'todas'}:${contado ? 'ate' : 'tudo'}`;
  return preparedOnce(db, `notificacoes_globais:globo:${forma}`, (name) => {
    const eu = sql.placeholder('profissional_id');
    const where = and(
      comUnidade ? paraUsuario(eu, sql.placeholder('unidade_id')) : paraUsuario(eu, null),
      lida === undefined ? undefined : lida ? sql`${r.lida_em} is not null` : isNull(r.lida_em),
    );
    const juncao = and(eq(r.notificacao_id, n.id), eq(r.profissional_id, eu));
    return preparedPolledPage(
      db,
      name,
      db
        .select({
          id: n.id,
          tipo: n.tipo,
          titulo: n.titulo,
          subtitulo: n.subtitulo,
          cor: n.cor,
          created_at: n.created_at,
          lida_em: r.lida_em,
          redirecionar_path_url: n.redirecionar_path_url,
          // The poll's count stops at `contar_ate` (issue 41): no window count over every match then.
          ...(contado ? {} : { total: sql<number>`count(*) over ()`.mapWith(Number) }),
        })
        .from(n)
        .leftJoin(r, juncao)
        .where(where)
        .orderBy(desc(n.created_at), desc(n.id))
        .$dynamic(),
      db
        .select({ um: sql`1` })
        .from(n)
        .leftJoin(r, juncao)
        .where(where)
        .$dynamic(),
    );
  });
}

export async function list(ctx: Ctx, q: NotificacaoGlobalFilters): Promise<PageResult<Dated<NotificacaoGlobal>>> {
  const u = ctx.usuario!;
  const c = consultas(ctx.db, u.unidadeId !== null, q.lida, q.contar_ate !== undefined);
  const valores = { profissional_id: u.profissionalId, unidade_id: u.unidadeId };
  const page = await paginatePolled(q, c, valores, (row) => ('total' in row ? row.total : undefined));
  return {
    total: page.total,
    rows: page.rows.map(({ total: _t, ...row }) => row),
  };
}

/** POST /:id/leitura: marks it read for the user, once (a repeat answers the first read time); 404 when not theirs. */
export async function marcarLida(ctx: Ctx, id: string): Promise<Dated<NotificacaoGlobalLeitura>> {
  const u = ctx.usuario!;
  if (!isUuid(id)) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const [alvo] = await tx
      .select({ id: n.id })
      .from(n)
      .where(and(eq(n.id, id), paraUsuario(u.profissionalId, u.unidadeId)));
    if (!alvo) throw notFound();
    const [nova] = await tx
      .insert(r)
      .values({ notificacao_id: id, profissional_id: u.profissionalId })
      .onConflictDoNothing()
      .returning({ lida_em: r.lida_em });
    if (nova) {
      await trail(tx, ctx, 'leitura', id);
      return { id, lida_em: nova.lida_em };
    }
    const [antes] = await tx
      .select({ lida_em: r.lida_em })
      .from(r)
      .where(and(eq(r.notificacao_id, id), eq(r.profissional_id, u.profissionalId)));
    return { id, lida_em: antes!.lida_em };
  });
}

export async function create(ctx: Ctx, values: NotificacaoGlobalValues): Promise<Dated<NotificacaoGlobalCriada>> {
  return ctx.db.transaction(async (tx) => {
    if (values.perfil_ids.length > 0) {
      const achados = await tx.select({ id: perfis.id }).from(perfis).where(inArray(perfis.id, values.perfil_ids));
      if (achados.length !== values.perfil_ids.length) {
        const errors = new FieldErrors();
        errors.add('perfil_ids', msg.naoEValido);
        errors.throwIfAny();
      }
    }
    const id = newId();
    const who = ctx.usuario!.profissionalId;
    const [row] = await tx
      .insert(n)
      .values({
        id,
        tipo: values.tipo,
        titulo: values.titulo,
        subtitulo: values.subtitulo ?? null,
        cor: values.cor,
        redirecionar_path_url: values.redirecionar_path_url ?? null,
        perfil_ids: values.perfil_ids,
        created_by: who,
        updated_by: who,
      })
      .returning();
    await trail(tx, ctx, 'create', id);
    const c = row!;
    return {
      id,
      tipo: c.tipo,
      titulo: c.titulo,
      subtitulo: c.subtitulo,
      cor: c.cor,
      created_at: c.created_at,
      lida_em: null,
      redirecionar_path_url: c.redirecionar_path_url,
      perfil_ids: c.perfil_ids,
    };
  });
}

/** DELETE /:id: gone for everyone (its read times go with it: cascade). */
export async function destroy(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(n).where(eq(n.id, id)).returning({ id: n.id });
    if (!gone) throw notFound();
    await trail(tx, ctx, 'destroy', id);
  });
}

export async function opcoes(ctx: Ctx): Promise<NotificacaoGlobalOpcoes> {
  const ps = await ctx.db
    .select({ id: perfis.id, nome: perfis.nome })
    .from(perfis)
    .orderBy(byName(perfis.nome), asc(perfis.id));
  return { perfis: ps };
}
