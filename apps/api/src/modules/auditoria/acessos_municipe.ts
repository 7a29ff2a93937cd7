import { MAX_LINHAS_CSV, acaoTexto, recursoTexto } from '@saude/shared/schemas/auditoria';
import {
  RECURSOS_DA_PARTE,
  parteDoRecurso,
  parteTexto,
  tipoDaAcao,
  type AcessoMunicipe,
  type acessosMunicipeFiltersSchema,
} from '@saude/shared/schemas/municipe_acessos';
import { TIME_ZONE, formatDateTime } from '@saude/shared/validation/dates';
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { can, type Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import { auditoria, lotacoes, municipes, perfis, profissionais, unidadesSaude } from '../../db/schema';
import { countAll, isUuid, iso, totalOf, withAutorUnidade } from '../../db/sql';
import { notFound } from '../../lib/errors';
import { paginate, type PageResult } from '../../lib/paginate';
import { arquivoCsv, auditarLeitura, doMunicipeSemParalelo, grandeDemais, maisRecentes, where } from './service';

// "Quem acessou" a citizen (issue 46): the trail's rows of one person (service.ts `doMunicipe`), with the profile the
// professional held in that unit that day and the part of the record each touched. Only a user who may read the
// citizen sees it: `municipes/lgpd:show` on the route (the manager, the data-protection officer), and here `municipes:show` and a citizen that exists, 404
// otherwise (as the record itself answers). Every page and export leaves its own row, naming the citizen.

type Filters = z.output<typeof acessosMunicipeFiltersSchema>;
export type AcessosFiltros = Filters;
type Criterios = Omit<Filters, 'page' | 'per_page'>;

const PARTES_CONHECIDAS = Object.values(RECURSOS_DA_PARTE).flat();

function daParte(parte: Criterios['parte']): SQL | undefined {
  if (!parte) return undefined;
  if (parte === 'outros') return notInArray(auditoria.resource, PARTES_CONHECIDAS);
  return inArray(auditoria.resource, [...RECURSOS_DA_PARTE[parte]]);
}

const condicao = (id: string, f: Criterios) =>
  and(where({ municipe_id: id, de: f.de, ate: f.ate, profissional: f.profissional }), daParte(f.parte));

/** The São Paulo day of the row, to match the assignment's dates (`inicio`, `fim` are days). */
const diaDaLinha = sql`(${auditoria.created_at} at time zone ${TIME_ZONE})::date`;

/**
 * The profile of the professional's assignment in the row's unit: the trail keeps who and where, not the profile, so
 * it is the assignment in force that day, else the active one, else the oldest (an index probe per row shown).
 */
const perfilNaData = sql<string | null>`(select ${perfis.nome} from ${lotacoes}
  join ${perfis} on ${perfis.id} = ${lotacoes.perfil_id}
  where ${lotacoes.profissional_id} = ${auditoria.profissional_id}
    and ${lotacoes.unidade_saude_id} = ${auditoria.unidade_saude_id}
  order by (coalesce(${lotacoes.inicio}, '-infinity'::date) <= ${diaDaLinha}
      and coalesce(${lotacoes.fim}, 'infinity'::date) >= ${diaDaLinha}) desc,
    ${lotacoes.ativo} desc, ${lotacoes.created_at}
  limit 1)`;

/** The page's query (exported for the plan test). */
export function selectAcessos(db: DbOrTx, id: string, f: Criterios) {
  return withAutorUnidade(
    db
      .select({
        id: auditoria.id,
        created_at: auditoria.created_at,
        profissional_nome: profissionais.nome,
        perfil_nome: perfilNaData,
        unidade_nome: unidadesSaude.nome,
        action: auditoria.action,
        resource: auditoria.resource,
        record_id: auditoria.record_id,
        details: auditoria.details,
      })
      .from(auditoria)
      .$dynamic(),
    { profissional: auditoria.profissional_id, unidade: auditoria.unidade_saude_id },
  )
    .where(condicao(id, f))
    .orderBy(...maisRecentes(true))
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof selectAcessos>['execute']>>[number];

const toAcesso = (r: Row): AcessoMunicipe => ({
  ...r,
  created_at: iso(r.created_at)!,
  tipo: tipoDaAcao(r.action),
  parte: parteDoRecurso(r.resource),
  details: (r.details as Record<string, unknown> | null) ?? null,
});

/** The citizen's name, if this user may read them: the same 404 as their record for an unknown or malformed id. */
async function municipeLegivel(ctx: Ctx, id: string): Promise<string> {
  if (!ctx.usuario || !can(ctx.usuario, 'municipes:show') || !isUuid(id)) throw notFound();
  const [m] = await ctx.db.select({ nome: municipes.nome }).from(municipes).where(eq(municipes.id, id));
  if (!m) throw notFound();
  return m.nome;
}

export async function listar(ctx: Ctx, id: string, query: Filters): Promise<PageResult<AcessoMunicipe>> {
  await municipeLegivel(ctx, id);
  const { page, per_page, ...f } = query;
  const result = await doMunicipeSemParalelo(ctx.leitura, (db) =>
    paginate(
      { page, per_page },
      {
        rows: ({ limit, offset }) => selectAcessos(db, id, f).limit(limit).offset(offset),
        // A citizen's rows are tens or thousands, never millions: an exact count (one GIN probe per month).
        count: () =>
          totalOf(
            db
              .select({ total: countAll() })
              .from(auditoria)
              .leftJoin(profissionais, eq(profissionais.id, auditoria.profissional_id))
              .where(condicao(id, f)),
          ),
      },
    ),
  );
  await auditarLeitura(ctx.db, ctx, { municipe_id: id, ...f }, { pagina: page, visao: 'quem_acessou' });
  return { rows: result.rows.map(toAcesso), total: result.total };
}

/** Every row of the period for an export (CSV, PDF), refused past MAX_LINHAS_CSV; its reading is audited. */
export async function todos(ctx: Ctx, id: string, query: Filters, formato: 'csv' | 'pdf') {
  const titular = await municipeLegivel(ctx, id);
  const { page: _page, per_page: _perPage, ...f } = query;
  const rows = await doMunicipeSemParalelo(ctx.leitura, (db) => selectAcessos(db, id, f).limit(MAX_LINHAS_CSV + 1));
  if (rows.length > MAX_LINHAS_CSV) throw grandeDemais();
  await auditarLeitura(ctx.db, ctx, { municipe_id: id, ...f }, { formato, linhas: rows.length, visao: 'quem_acessou' });
  return { titular, rows: rows.map(toAcesso) };
}

const CABECALHO = ['Data e hora', 'Profissional', 'Perfil', 'Unidade', 'Tipo', 'Parte', 'Ação', 'O que', 'Detalhes'];

/** One line of an export, in the screen's words. */
export const colunasDoAcesso = (a: AcessoMunicipe) => [
  formatDateTime(a.created_at),
  a.profissional_nome ?? 'Sem sessão',
  a.perfil_nome,
  a.unidade_nome,
  a.tipo === 'leitura' ? 'Consulta' : 'Alteração',
  parteTexto(a.parte),
  acaoTexto(a.action),
  recursoTexto(a.resource),
];

export async function csv(ctx: Ctx, id: string, query: Filters): Promise<string> {
  const { rows } = await todos(ctx, id, query, 'csv');
  return arquivoCsv(
    CABECALHO,
    rows.map((a) => [...colunasDoAcesso(a), a.details ? JSON.stringify(a.details) : '']),
  );
}
