import type {
  Aviso,
  AvisoAlcanceQuery,
  AvisoFilters,
  AvisoListItem,
  AvisoNaoVisualizado,
  AvisoOpcoes,
  AvisoProfissionalOpcao,
  AvisoVisualizacao,
  Nomeado,
} from '@saude/shared/schemas/aviso';
import { todayIso, zonedDateTimeParts } from '@saude/shared/validation/dates';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { can, type Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import {
  avisos,
  avisoVisualizacoes,
  lotacoes,
  perfis,
  profissionais,
  tiposUnidade,
  unidadesSaude,
} from '../../../db/schema';
import { byName, containsText, finderOf, totalOf } from '../../../db/sql';
import { notFound } from '../../../lib/errors';
import { type PageResult, paginateTable } from '../../../lib/paginate';
import { isUuid } from '../../../lib/routes';
import type { Dated } from '../../../lib/answer';

// Reading staff notices (issue 19; docs/decisions.md "Staff notices: the API"). A notice names no citizen, so reads
// are not audited. Targeting: a professional is reached through an ACTIVE assignment (lotação) in an ACTIVE unit that
// passes every non-empty list of the notice (unit type, unit, profile, the professional); an empty list does not
// restrict. The same rule answers /alcance, the form's reach check, the non-manager's list and the pop-ups.

export const RESOURCE = 'comunicacao/avisos';
const a = avisos;
const v = avisoVisualizacoes;

/** The clock of "in force": a seam for the tests of horario and of the period (the rest of the app reads Date). */
export const relogio = { agora: (): Date => new Date() };

/** Today and the hour in São Paulo ('yyyy-MM-dd', 'HH:mm'). */
export function agoraSaoPaulo(): { hoje: string; hora: string } {
  const agora = relogio.agora();
  const partes = zonedDateTimeParts(agora);
  return { hoje: partes?.date ?? todayIso(agora), hora: partes?.time ?? '00:00' };
}

export const gerenciaTodos = (ctx: Ctx) => ctx.usuario !== null && can(ctx.usuario, 'comunicacao/avisos:todos');

/** A uuid[] literal of bound parameters. */
const uuidArray = (ids: string[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** The notice's list is empty (aimed at all of that kind) or holds `value`. */
const listaAceita = (lista: AnyPgColumn, value: SQL | string): SQL =>
  sql`(cardinality(${lista}) = 0 or ${value} = any(${lista}))`;

/**
 * The notice is aimed at professional `profissionalId` through some active assignment of theirs, in `unidadeId`
 * when given (the pop-ups: the current unit), else in any active unit (the list and show of a non-manager).
 */
export function miraProfissional(profissionalId: string, unidadeId: string | null): SQL {
  const naUnidade = unidadeId ? sql`and l.unidade_saude_id = ${unidadeId}` : sql``;
  return sql`(${listaAceita(a.profissional_ids, sql`${profissionalId}::uuid`)} and exists (
    select 1 from ${lotacoes} l join ${unidadesSaude} u on u.id = l.unidade_saude_id
    where l.profissional_id = ${profissionalId} and l.ativo and u.ativo ${naUnidade}
      and ${listaAceita(a.unidade_ids, sql`u.id`)}
      and ${listaAceita(a.tipo_unidade_ids, sql`u.tipo_unidade_id`)}
      and ${listaAceita(a.perfil_ids, sql`l.perfil_id`)}))`;
}

/** Active, and in force now: data_inicial <= today <= data_final, and on the first day not before `horario`. */
export function emVigor(): SQL {
  const { hoje, hora } = agoraSaoPaulo();
  return sql`(${a.situacao} = 'ativo' and ${a.data_inicial} <= ${hoje}::date and ${a.data_final} >= ${hoje}::date
    and (${a.horario} is null or ${a.data_inicial} < ${hoje}::date or ${a.horario} <= ${hora}))`;
}

/** What a user without `:todos` may list and read: active notices aimed at them that have started. */
function doUsuario(ctx: Ctx): SQL {
  const { hoje } = agoraSaoPaulo();
  return sql`(${a.situacao} = 'ativo' and ${a.data_inicial} <= ${hoje}::date
    and ${miraProfissional(ctx.usuario!.profissionalId, null)})`;
}

/** The targeting as lists of ids (a notice's columns or the /alcance query). */
export type Alvos = Pick<AvisoAlcanceQuery, 'tipo_unidade_ids' | 'unidade_ids' | 'perfil_ids' | 'profissional_ids'>;

/** How many distinct active professionals the targeting reaches (the form's counter and the create/update rule). */
export async function contarAlcance(db: DbOrTx, alvos: Alvos): Promise<number> {
  const conds: Array<SQL | undefined> = [
    eq(profissionais.ativo, true),
    eq(lotacoes.ativo, true),
    eq(unidadesSaude.ativo, true),
  ];
  if (alvos.tipo_unidade_ids.length > 0) conds.push(inArray(unidadesSaude.tipo_unidade_id, alvos.tipo_unidade_ids));
  if (alvos.unidade_ids.length > 0) conds.push(inArray(unidadesSaude.id, alvos.unidade_ids));
  if (alvos.perfil_ids.length > 0) conds.push(inArray(lotacoes.perfil_id, alvos.perfil_ids));
  if (alvos.profissional_ids.length > 0) conds.push(inArray(profissionais.id, alvos.profissional_ids));
  return totalOf(
    db
      .select({ total: sql<number>`count(distinct ${profissionais.id})::int` })
      .from(profissionais)
      .innerJoin(lotacoes, eq(lotacoes.profissional_id, profissionais.id))
      .innerJoin(unidadesSaude, eq(unidadesSaude.id, lotacoes.unidade_saude_id))
      .where(and(...conds)),
  );
}

export const alcance = async (ctx: Ctx, q: AvisoAlcanceQuery) => ({
  total_profissionais: await contarAlcance(ctx.db, q),
});

// ---- one notice ------------------------------------------------------------------------------------------

/** The notice's row (locked for update when asked), or null; a malformed id is null too. */
export const findAviso = finderOf(a);

const contagens = {
  total_visualizacoes: sql<number>`(select count(*)::int from ${v} where ${v.aviso_id} = ${a.id})`,
  total_respostas: sql<number>`(select count(*)::int from ${v} where ${v.aviso_id} = ${a.id}
    and coalesce(${v.resposta}, '') <> '')`,
};

async function nomes(
  db: DbOrTx,
  table: typeof tiposUnidade | typeof unidadesSaude | typeof perfis | typeof profissionais,
  ids: string[],
): Promise<Nomeado[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: table.id, nome: table.nome })
    .from(table)
    .where(inArray(table.id, ids))
    .orderBy(byName(table.nome), asc(table.id));
}

/** Confirmations of a notice, newest first: everyone's, or one professional's. */
export async function visualizacoesDe(
  db: DbOrTx,
  avisoId: string,
  profissionalId: string | null,
): Promise<Dated<AvisoVisualizacao>[]> {
  return db
    .select({
      id: v.id,
      aviso_id: v.aviso_id,
      profissional_id: v.profissional_id,
      profissional_nome: profissionais.nome,
      unidade_saude_id: v.unidade_saude_id,
      unidade_saude_nome: unidadesSaude.nome,
      resposta: v.resposta,
      created_at: v.created_at,
    })
    .from(v)
    .innerJoin(profissionais, eq(profissionais.id, v.profissional_id))
    .innerJoin(unidadesSaude, eq(unidadesSaude.id, v.unidade_saude_id))
    .where(and(eq(v.aviso_id, avisoId), profissionalId ? eq(v.profissional_id, profissionalId) : undefined))
    .orderBy(desc(v.created_at), desc(v.id));
}

/** The whole notice as GET /:id answers it; `somenteDe`: the confirmations of that professional only. */
export async function unscopedLoad(
  db: DbOrTx,
  id: string,
  somenteDe: string | null = null,
): Promise<Dated<Aviso> | null> {
  const [row] = await db
    .select({ aviso: a, responsavel_nome: profissionais.nome, ...contagens })
    .from(a)
    .innerJoin(profissionais, eq(profissionais.id, a.responsavel_id))
    .where(eq(a.id, id));
  if (!row) return null;
  const r = row.aviso;
  return {
    id: r.id,
    lock_version: r.lock_version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    titulo: r.titulo,
    mensagem: r.mensagem,
    data_inicial: r.data_inicial,
    data_final: r.data_final,
    horario: r.horario,
    tipo_unidade_ids: r.tipo_unidade_ids,
    unidade_ids: r.unidade_ids,
    perfil_ids: r.perfil_ids,
    profissional_ids: r.profissional_ids,
    tipos_unidade: await nomes(db, tiposUnidade, r.tipo_unidade_ids),
    unidades: await nomes(db, unidadesSaude, r.unidade_ids),
    perfis: await nomes(db, perfis, r.perfil_ids),
    profissionais: await nomes(db, profissionais, r.profissional_ids),
    checar_resposta: r.checar_resposta,
    responsavel_id: r.responsavel_id,
    responsavel_nome: row.responsavel_nome,
    situacao: r.situacao,
    total_alcance: await contarAlcance(db, r),
    total_visualizacoes: row.total_visualizacoes,
    total_respostas: row.total_respostas,
    visualizacoes: await visualizacoesDe(db, id, somenteDe),
  };
}

/**
 * GET /:id. Managers read any notice, a deleted one too, with everyone's confirmations; others only an active notice
 * aimed at them that has started, with their own confirmation. Anything else is 404.
 */
export async function show(ctx: Ctx, id: string): Promise<Dated<Aviso>> {
  if (!isUuid(id)) throw notFound();
  if (gerenciaTodos(ctx)) {
    const aviso = await unscopedLoad(ctx.db, id);
    if (!aviso) throw notFound();
    return aviso;
  }
  const [visivel] = await ctx.db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.id, id), doUsuario(ctx)));
  if (!visivel) throw notFound();
  return (await unscopedLoad(ctx.db, id, ctx.usuario!.profissionalId))!;
}

// ---- lists -----------------------------------------------------------------------------------------------

/** A list filter: the notice's list overlaps the ids, or is empty (aimed at all of that kind). */
const sobrepoe = (lista: AnyPgColumn, ids: string[]): SQL | undefined =>
  ids.length === 0 ? undefined : sql`(cardinality(${lista}) = 0 or ${lista} && ${uuidArray(ids)})`;

function condicoes(ctx: Ctx, q: AvisoFilters): SQL | undefined {
  return and(
    gerenciaTodos(ctx) ? undefined : doUsuario(ctx),
    q.situacao ? eq(a.situacao, q.situacao) : ne(a.situacao, 'excluido'),
    sobrepoe(a.tipo_unidade_ids, q.tipo_unidade_ids),
    sobrepoe(a.unidade_ids, q.unidade_ids),
    sobrepoe(a.perfil_ids, q.perfil_ids),
    sobrepoe(a.profissional_ids, q.profissional_ids),
    q.titulo ? containsText([a.titulo], q.titulo) : undefined,
  );
}

/** GET /: a page of notices, newest start first, each with its counts (subqueries of the same statement). */
export async function list(ctx: Ctx, q: AvisoFilters): Promise<PageResult<Dated<AvisoListItem>>> {
  const where = condicoes(ctx, q);
  return paginateTable(q, ctx.db, a, where, () =>
    ctx.db
      .select({
        id: a.id,
        titulo: a.titulo,
        mensagem: a.mensagem,
        data_inicial: a.data_inicial,
        data_final: a.data_final,
        horario: a.horario,
        checar_resposta: a.checar_resposta,
        responsavel_nome: profissionais.nome,
        situacao: a.situacao,
        ...contagens,
      })
      .from(a)
      .innerJoin(profissionais, eq(profissionais.id, a.responsavel_id))
      .where(where)
      .orderBy(desc(a.data_inicial), desc(a.id)),
  );
}

/**
 * The notices to pop up for the user in `unidadeId` (`incluirConfirmados`: also the ones already confirmed — the
 * confirmation's own check). One statement: the partial index on the period finds the few active notices in force.
 */
export async function emVigorParaUsuario(
  db: DbOrTx,
  profissionalId: string,
  unidadeId: string,
  o: { avisoId?: string; incluirConfirmados?: boolean } = {},
) {
  const naoConfirmado = o.incluirConfirmados
    ? undefined
    : sql`not exists (select 1 from ${v} where ${v.aviso_id} = ${a.id} and ${v.profissional_id} = ${profissionalId})`;
  return db
    .select({
      id: a.id,
      titulo: a.titulo,
      mensagem: a.mensagem,
      checar_resposta: a.checar_resposta,
      responsavel_nome: profissionais.nome,
      lock_version: a.lock_version,
    })
    .from(a)
    .innerJoin(profissionais, eq(profissionais.id, a.responsavel_id))
    .where(
      and(
        o.avisoId ? eq(a.id, o.avisoId) : undefined,
        emVigor(),
        miraProfissional(profissionalId, unidadeId),
        naoConfirmado,
      ),
    )
    .orderBy(asc(a.data_inicial), asc(a.created_at), asc(a.id));
}

/** GET /nao_visualizados: the rows and the lock_versions the ETag hashes. No current unit → none. */
export async function naoVisualizados(ctx: Ctx): Promise<Array<AvisoNaoVisualizado & { lock_version: number }>> {
  const u = ctx.usuario!;
  if (!u.unidadeId) return [];
  return emVigorParaUsuario(ctx.db, u.profissionalId, u.unidadeId);
}

// ---- the form's options ----------------------------------------------------------------------------------

export async function opcoes(ctx: Ctx): Promise<AvisoOpcoes> {
  const tipos = await ctx.db
    .select({ id: tiposUnidade.id, nome: tiposUnidade.nome })
    .from(tiposUnidade)
    .orderBy(byName(tiposUnidade.nome), asc(tiposUnidade.id));
  const unidades = await ctx.db
    .select({ id: unidadesSaude.id, nome: unidadesSaude.nome, tipo_unidade_id: unidadesSaude.tipo_unidade_id })
    .from(unidadesSaude)
    .where(eq(unidadesSaude.ativo, true))
    .orderBy(byName(unidadesSaude.nome), asc(unidadesSaude.id));
  const ps = await ctx.db
    .select({ id: perfis.id, nome: perfis.nome })
    .from(perfis)
    .orderBy(byName(perfis.nome), asc(perfis.id));
  return { tipos_unidade: tipos, unidades, perfis: ps };
}

export const LIMITE_PROFISSIONAIS = 20;

/** Active professionals by part of the name or login (20 at most), or the ids given (any, to name selected ones). */
export async function opcoesProfissionais(
  ctx: Ctx,
  q: { nome?: string | undefined; ids: string[] },
): Promise<AvisoProfissionalOpcao[]> {
  const p = profissionais;
  const where =
    q.ids.length > 0
      ? inArray(p.id, q.ids)
      : and(eq(p.ativo, true), q.nome ? containsText([p.nome, p.login], q.nome) : undefined);
  return ctx.db
    .select({ id: p.id, nome: p.nome, login: p.login })
    .from(p)
    .where(where)
    .orderBy(byName(p.nome), asc(p.id))
    .limit(q.ids.length > 0 ? q.ids.length : LIMITE_PROFISSIONAIS);
}
