import { msg } from '@saude/shared';
import {
  doencaDe,
  doencaImediata,
  LIMITE_PONTOS_MAPA,
  notificacaoEventoSchema,
  periodoIssues,
  type Notificacao,
  type NotificacaoDetalhes,
  type NotificacaoExportacaoFilters,
  type NotificacaoFilters,
  type NotificacaoListItem,
  type NotificacaoMapa,
  type NotificacaoMunicipe,
  type NotificacaoResumo,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { formatAge, todayIso } from '@saude/shared/validation/dates';
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { auditedRead } from '../../access/audit';
import { can, type Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import {
  cadastrosDomiciliares,
  familiaMembros,
  familias,
  municipes,
  notificacaoEventos,
  notificacoesCompulsorias,
  profissionais,
  unidadesSaude,
} from '../../db/schema';
import { containsText, countAll, findRow, selectOf, totalOf } from '../../db/sql';
import type { Dated } from '../../lib/answer';
import { auditedList, filtrosUsados } from '../../access/audited-list';
import { notFound, unprocessable } from '../../lib/errors';
import { paginate, type PageResult } from '../../lib/paginate';
import { obitoDe } from '../municipes';

// Reading compulsory notifications (issue 18; docs/decisions.md "Compulsory notifications"). Scope: a user holding
// `municipes_notificacao:todos` (surveillance, the manager) reads every unit's notifications; anyone else only those
// made in their current unit — another unit's notification answers 404, like an absent one. Every read is audited
// with the citizens it shows.

export const RESOURCE = 'municipes_notificacao' as const;

const nc = notificacoesCompulsorias;
const d = cadastrosDomiciliares;

/** Whose notifications the user reads: every unit's, or the current unit's. */
export type Escopo = { todos: boolean; unidadeId: string | null };
export const escopoDe = (ctx: Ctx): Escopo => ({
  todos: ctx.usuario !== null && can(ctx.usuario, 'municipes_notificacao:todos'),
  unidadeId: ctx.usuario?.unidadeId ?? null,
});
/** The notifications in scope, as a condition on `notificacoes_compulsorias`. */
export const noEscopo = (e: Escopo): SQL | undefined =>
  e.todos ? undefined : e.unidadeId ? eq(nc.unidade_saude_id, e.unidadeId) : sql`false`;

/** The name a list shows: the social name when there is one (like the citizen list). */
const nomeExibido = sql<string>`coalesce(nullif(${municipes.nome_social}, ''), ${municipes.nome})`;
/** The citizen's neighbourhood: the home's, else the citizen's own address. */
const bairro = sql<string | null>`coalesce(${d.bairro}, ${municipes.residencia_bairro})`;

/**
 * The citizen's home: the household of their active family (at most one: an active membership is unique). Joined on a
 * query that already has `municipes`.
 */
function comCasa<T extends PgSelect>(q: T) {
  return q
    .leftJoin(familiaMembros, and(eq(familiaMembros.municipe_id, municipes.id), eq(familiaMembros.ativo, true)))
    .leftJoin(familias, eq(familias.id, familiaMembros.familia_id))
    .leftJoin(d, eq(d.id, familias.domicilio_id));
}

/** Joins the unit and the professional a notification names (every one has both). */
function comAutoria<T extends PgSelect>(q: T) {
  return q
    .innerJoin(unidadesSaude, eq(unidadesSaude.id, nc.unidade_saude_id))
    .innerJoin(profissionais, eq(profissionais.id, nc.profissional_id));
}

/** A notification's disease, state and dates: what its summary and its CSV row both show. */
const situacaoSelect = {
  doenca_agravo_id: nc.doenca_agravo_id,
  situacao: nc.situacao,
  data_notificacao: nc.data_notificacao,
  hora_notificacao: nc.hora_notificacao,
  data_primeiros_sintomas: nc.data_primeiros_sintomas,
  data_encerramento: nc.data_encerramento,
};

/** Age as the citizen list writes it, at death for a deceased citizen. */
const idadeDe = (nascimento: string, obito: string | null) => formatAge(nascimento, obito ?? todayIso());

/** The list's, map's and CSV's filters as conditions on a query joining the notification, citizen and home. */
export function filtros(q: Partial<NotificacaoFilters>, e: Escopo): SQL[] {
  const erros = periodoIssues(q);
  if (erros.length > 0) throw unprocessable({ data_fim: erros.map((i) => i.message) });
  const conds: Array<SQL | undefined> = [noEscopo(e)];
  if (q.doenca_agravo_id) conds.push(eq(nc.doenca_agravo_id, q.doenca_agravo_id));
  if (q.situacao) conds.push(eq(nc.situacao, q.situacao));
  if (q.data_inicio) conds.push(sql`${nc.data_notificacao} >= ${q.data_inicio}`);
  if (q.data_fim) conds.push(sql`${nc.data_notificacao} <= ${q.data_fim}`);
  if (q.unidade_saude_id) conds.push(eq(nc.unidade_saude_id, q.unidade_saude_id));
  if (q.nome) conds.push(containsText([municipes.nome, municipes.nome_social], q.nome));
  if (q.bairro) conds.push(containsText([bairro], q.bairro));
  return conds.filter((c): c is SQL => c !== undefined);
}

/** Whether the filters need the home joined while matching (the neighbourhood). */
const precisaCasa = (q: Partial<NotificacaoFilters>) => q.bairro !== undefined;

// ---- GET / -----------------------------------------------------------------------------------------------------

/**
 * Citizens with matching notifications, latest first, with their counts. The notifications are grouped by citizen
 * first (using the indexes on the notification's unit, disease and date), the page is cut from the groups, and only
 * the page's citizens are then joined to their registry row and home: the work after grouping follows the page.
 */
async function listar(db: DbOrTx, q: NotificacaoFilters, e: Escopo): Promise<PageResult<NotificacaoListItem>> {
  const where = and(...filtros(q, e));
  let base = db
    .select({
      municipe_id: nc.municipe_id,
      total: sql<number>`count(*)::int`.as('total'),
      suspeitos: sql<number>`(count(*) filter (where ${nc.situacao} = 'suspeito'))::int`.as('suspeitos'),
      confirmados: sql<number>`(count(*) filter (where ${nc.situacao} = 'confirmado'))::int`.as('confirmados'),
      descartados: sql<number>`(count(*) filter (where ${nc.situacao} = 'descartado'))::int`.as('descartados'),
      ultima: sql<string>`max(${nc.data_notificacao})`.as('ultima'),
    })
    .from(nc)
    .innerJoin(municipes, eq(municipes.id, nc.municipe_id))
    .$dynamic();
  if (precisaCasa(q)) base = comCasa(base);
  const grupos = base.where(where).groupBy(nc.municipe_id).as('grupos');
  const { limit, offset } = { limit: q.per_page, offset: (q.page - 1) * q.per_page };
  const pagina = db
    .select({
      municipe_id: grupos.municipe_id,
      total: grupos.total,
      suspeitos: grupos.suspeitos,
      confirmados: grupos.confirmados,
      descartados: grupos.descartados,
      ultima: grupos.ultima,
      linhas: sql<number>`(count(*) over ())::int`.as('linhas'),
    })
    .from(grupos)
    .orderBy(desc(grupos.ultima), desc(grupos.municipe_id))
    .limit(limit)
    .offset(offset)
    .as('pagina');
  const page = await paginate(q, {
    rows: () =>
      comCasa(
        db
          .select({
            p: {
              municipe_id: pagina.municipe_id,
              total: pagina.total,
              suspeitos: pagina.suspeitos,
              confirmados: pagina.confirmados,
              descartados: pagina.descartados,
              ultima: pagina.ultima,
              linhas: pagina.linhas,
            },
            nome: nomeExibido,
            data_nascimento: municipes.data_nascimento,
            data_obito: municipes.data_obito,
            sexo_id: municipes.sexo_id,
            bairro,
            latitude: d.latitude,
            longitude: d.longitude,
          })
          .from(pagina)
          .innerJoin(municipes, eq(municipes.id, pagina.municipe_id))
          .$dynamic(),
      ).orderBy(desc(pagina.ultima), desc(pagina.municipe_id)),
    count: () => totalOf(db.select({ total: countAll() }).from(grupos)),
    windowTotal: (r) => r.p.linhas,
  });
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      id: r.p.municipe_id,
      nome: r.nome,
      data_nascimento: r.data_nascimento,
      idade: idadeDe(r.data_nascimento, r.data_obito),
      sexo_id: r.sexo_id,
      bairro: r.bairro,
      latitude: r.latitude,
      longitude: r.longitude,
      total: r.p.total,
      suspeitos: r.p.suspeitos,
      confirmados: r.p.confirmados,
      descartados: r.p.descartados,
      ultima_notificacao: String(r.p.ultima),
    })),
  };
}

export function list(ctx: Ctx, q: NotificacaoFilters): Promise<PageResult<NotificacaoListItem>> {
  return auditedList(
    ctx,
    RESOURCE,
    q,
    (db) => listar(db, q, escopoDe(ctx)),
    (page) => page.rows.map((r) => r.id),
  );
}

// ---- GET /mapa ---------------------------------------------------------------------------------------------------

export function mapa(ctx: Ctx, q: NotificacaoFilters): Promise<NotificacaoMapa> {
  return auditedRead(
    ctx,
    async (db) => {
      const conds = filtros(q, escopoDe(ctx));
      const rows = await comCasa(
        db
          .select({
            notificacao_id: nc.id,
            municipe_id: nc.municipe_id,
            nome: nomeExibido,
            doenca_agravo_id: nc.doenca_agravo_id,
            situacao: nc.situacao,
            data_notificacao: nc.data_notificacao,
            latitude: d.latitude,
            longitude: d.longitude,
          })
          .from(nc)
          .innerJoin(municipes, eq(municipes.id, nc.municipe_id))
          .$dynamic(),
      )
        .where(and(...conds, isNotNull(d.latitude)))
        .orderBy(desc(nc.data_notificacao), desc(nc.hora_notificacao), desc(nc.id))
        .limit(LIMITE_PONTOS_MAPA + 1);
      const sem = await totalOf(
        comCasa(
          db.select({ total: countAll() }).from(nc).innerJoin(municipes, eq(municipes.id, nc.municipe_id)).$dynamic(),
        ).where(and(...conds, isNull(d.latitude))),
      );
      const pontos = rows.slice(0, LIMITE_PONTOS_MAPA).map((r) => ({
        ...r,
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
      }));
      return { pontos, sem_coordenadas: sem, limite: LIMITE_PONTOS_MAPA, limitado: rows.length > LIMITE_PONTOS_MAPA };
    },
    (r) => ({
      resource: RESOURCE,
      action: 'index',
      municipe_ids: [...new Set(r.pontos.map((p) => p.municipe_id))],
      details: { parte: 'mapa', filtros: filtrosUsados(q) },
    }),
  );
}

// ---- the citizen -------------------------------------------------------------------------------------------------

/** The citizen as the notification screens and the SINAN form show them; null when absent. */
export async function municipeDe(db: DbOrTx, id: string) {
  const [r] = await comCasa(
    db
      .select({
        m: municipes,
        obito: obitoDe(municipes),
        casa_cep: d.cep,
        casa_uf: d.uf,
        casa_municipio_ibge: d.municipio_ibge,
        casa_tipo_logradouro: d.tipo_logradouro,
        casa_logradouro: d.logradouro,
        casa_numero: d.numero,
        casa_complemento: d.complemento,
        casa_bairro: d.bairro,
        casa_latitude: d.latitude,
        casa_longitude: d.longitude,
        casa_telefone: d.telefone_residencial,
        casa_ponto_referencia: d.ponto_referencia,
        casa_localizacao_id: d.localizacao_id,
        tem_casa: sql<boolean>`${d.id} is not null`,
      })
      .from(municipes)
      .$dynamic(),
  ).where(eq(municipes.id, id));
  return r ?? null;
}
export type MunicipeComCasa = NonNullable<Awaited<ReturnType<typeof municipeDe>>>;

/** The address the citizen lives at: the home's when they have one, else the registry's. */
export function enderecoDe(r: MunicipeComCasa) {
  const { m } = r;
  return r.tem_casa
    ? {
        cep: r.casa_cep,
        uf: r.casa_uf,
        municipio_ibge: r.casa_municipio_ibge,
        tipo_logradouro: r.casa_tipo_logradouro,
        logradouro: r.casa_logradouro,
        numero: r.casa_numero,
        complemento: r.casa_complemento,
        bairro: r.casa_bairro,
        latitude: r.casa_latitude,
        longitude: r.casa_longitude,
        telefone: r.casa_telefone,
        ponto_referencia: r.casa_ponto_referencia,
        localizacao_id: r.casa_localizacao_id,
      }
    : {
        cep: m.residencia_cep,
        uf: m.residencia_uf,
        municipio_ibge: m.residencia_municipio_ibge,
        tipo_logradouro: m.residencia_tipo_logradouro,
        logradouro: m.residencia_logradouro,
        numero: m.residencia_numero,
        complemento: m.residencia_complemento,
        bairro: m.residencia_bairro,
        latitude: null,
        longitude: null,
        telefone: null,
        ponto_referencia: m.residencia_ponto_referencia,
        localizacao_id: null,
      };
}

function cabecalho(r: MunicipeComCasa): NotificacaoMunicipe {
  const { m } = r;
  const e = enderecoDe(r);
  const rua = [e.logradouro, e.numero, e.complemento].filter(Boolean).join(', ');
  const endereco = [rua, e.bairro].filter(Boolean).join(' - ') || null;
  return {
    id: m.id,
    nome: m.nome_social?.trim() ? m.nome_social : m.nome,
    nome_civil: m.nome,
    data_nascimento: m.data_nascimento,
    idade: idadeDe(m.data_nascimento, m.data_obito),
    sexo_id: m.sexo_id,
    codigo_cns: m.codigo_cns,
    endereco,
    bairro: e.bairro,
    latitude: e.latitude,
    longitude: e.longitude,
    obito: r.obito,
    data_obito: m.data_obito,
  };
}

const resumoSelect = {
  id: nc.id,
  lock_version: nc.lock_version,
  ...situacaoSelect,
  unidade_saude_id: nc.unidade_saude_id,
  unidade_saude_nome: unidadesSaude.nome,
  profissional_id: nc.profissional_id,
  profissional_nome: profissionais.nome,
};

/** GET /{municipeId}: any existing citizen (a first notification starts here), with the notifications in scope. */
export function detalhes(ctx: Ctx, municipeId: string): Promise<NotificacaoDetalhes> {
  return auditedRead(
    ctx,
    async (db) => {
      const m = await municipeDe(db, municipeId);
      if (!m) throw notFound();
      const rows = await comAutoria(db.select(resumoSelect).from(nc).$dynamic())
        .where(and(eq(nc.municipe_id, municipeId), noEscopo(escopoDe(ctx))))
        .orderBy(desc(nc.data_notificacao), desc(nc.hora_notificacao), desc(nc.id));
      const notificacoes: NotificacaoResumo[] = rows.map((r) => {
        const doenca = doencaDe(r.doenca_agravo_id);
        return {
          ...r,
          doenca_nome: doenca?.descricao ?? r.doenca_agravo_id,
          doenca_imediata: doenca ? doencaImediata(doenca) : false,
        };
      });
      return { municipe: cabecalho(m), notificacoes };
    },
    (r) => ({
      resource: RESOURCE,
      action: 'show',
      record_id: municipeId,
      municipe_ids: [r.municipe.id],
      details: { parte: 'detalhes', notificacoes: r.notificacoes.length },
    }),
  );
}

// ---- one notification --------------------------------------------------------------------------------------------

/** The notification's own row, when it is the citizen's and in scope (locked for a write when asked); else null. */
export async function findInScope(db: DbOrTx, e: Escopo, municipeId: string, id: string, forUpdate = false) {
  return findRow(db, nc, id, { where: and(eq(nc.municipe_id, municipeId), noEscopo(e)), forUpdate });
}

/** 404 'Notificação não encontrada' (absent, another citizen's, or out of scope). */
export const notificacaoNaoEncontrada = () => notFound(msg.notificacaoNaoEncontrada);

/**
 * The notification as its answer names it, with names, disease row and history, WITHOUT scope: callers check scope
 * first. The timestamps are still Dates (the kit serialises them; the PDF reads them).
 */
export async function unscopedLoad(db: DbOrTx, id: string) {
  const [row] = await comAutoria(
    db
      .select({
        n: nc,
        municipe_nome: municipes.nome,
        unidade_saude_nome: unidadesSaude.nome,
        profissional_nome: profissionais.nome,
      })
      .from(nc)
      .innerJoin(municipes, eq(municipes.id, nc.municipe_id))
      .$dynamic(),
  ).where(eq(nc.id, id));
  if (!row) return null;
  const eventos = await db
    .select(selectOf(notificacaoEventoSchema, notificacaoEventos, { profissional_nome: profissionais.nome }))
    .from(notificacaoEventos)
    .innerJoin(profissionais, eq(profissionais.id, notificacaoEventos.profissional_id))
    .where(eq(notificacaoEventos.notificacao_id, id))
    .orderBy(asc(notificacaoEventos.created_at), asc(notificacaoEventos.id));
  const { n } = row;
  const doenca = doencaDe(n.doenca_agravo_id);
  const { created_by: _c, updated_by: _u, ...campos } = n;
  return {
    ...campos,
    municipe_nome: row.municipe_nome,
    unidade_saude_nome: row.unidade_saude_nome,
    profissional_nome: row.profissional_nome,
    doenca: {
      codigo: n.doenca_agravo_id,
      descricao: doenca?.descricao ?? n.doenca_agravo_id,
      imediata: doenca ? doencaImediata(doenca) : false,
      semanal: doenca?.semanal === 'X',
      cid10_referencia: doenca?.cid10_referencia ?? '',
    },
    eventos,
  };
}

export type NotificacaoLida = NonNullable<Awaited<ReturnType<typeof unscopedLoad>>>;

export function show(ctx: Ctx, municipeId: string, id: string): Promise<Dated<Notificacao>> {
  return auditedRead(
    ctx,
    async (db) => {
      if (!(await findInScope(db, escopoDe(ctx), municipeId, id))) throw notificacaoNaoEncontrada();
      return (await unscopedLoad(db, id))!;
    },
    (n) => ({ resource: RESOURCE, action: 'show', record_id: id, municipe_ids: [n.municipe_id] }),
  );
}

/** Whether the user may see this notification (the page-access check of spec §6); null when it is no notification. */
export async function visivel(ctx: Ctx, id: string): Promise<boolean | null> {
  const [row] = await ctx.db.select({ unidade: nc.unidade_saude_id }).from(nc).where(eq(nc.id, id));
  if (!row) return null;
  const e = escopoDe(ctx);
  return e.todos || row.unidade === e.unidadeId;
}

// ---- CSV rows ----------------------------------------------------------------------------------------------------

/** The extract's rows, newest first, at most `limite` + 1 (the caller refuses more). */
export async function linhasExportacao(db: DbOrTx, q: NotificacaoExportacaoFilters, e: Escopo, limite: number) {
  return comCasa(
    comAutoria(
      db
        .select({
          id: nc.id,
          municipe_id: nc.municipe_id,
          ...situacaoSelect,
          obito: nc.obito,
          data_obito: nc.data_obito,
          internado: nc.internado,
          data_internacao: nc.data_internacao,
          data_alta: nc.data_alta,
          unidade_cnes: unidadesSaude.cnes,
          unidade_nome: unidadesSaude.nome,
          profissional_nome: profissionais.nome,
          nome: nomeExibido,
          codigo_cns: municipes.codigo_cns,
          data_nascimento: municipes.data_nascimento,
          sexo_id: municipes.sexo_id,
          bairro,
        })
        .from(nc)
        .innerJoin(municipes, eq(municipes.id, nc.municipe_id))
        .$dynamic(),
    ),
  )
    .where(and(...filtros(q, e)))
    .orderBy(desc(nc.data_notificacao), desc(nc.hora_notificacao), desc(nc.id))
    .limit(limite + 1);
}
