import { msg, todayIso } from '@saude/shared';
import {
  contarFiltrosBuscaAvancada,
  estaFalecido,
  idadeEmAnos,
  BUSCA_AVANCADA_MINIMO_FILTROS,
  type Municipe,
  type MunicipeBuscaAvancada,
  type MunicipeFilters,
  type MunicipeListItem,
  type Prontuario,
} from '@saude/shared/schemas/municipe';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditedRead, auditedSelect, ORDEM_AUDITADA } from '../../access/audit';
import { type Ctx } from '../../access/context';
import { queryRows, queryRowsPrepared, type DbOrTx } from '../../db/client';
import { municipeProntuarios, municipes, municipios, unidadesSaude } from '../../db/schema';
import { headerNames, iso, withHeaderNames } from '../../db/sql';
import type { Dated } from '../../lib/answer';
import { notFound, unprocessable } from '../../lib/errors';
import { paginate, type Page } from '../../lib/paginate';
import {
  buscaAvancada as buscaAvancadaSql,
  buscaSimples,
  countSql,
  limiteDaContagem,
  pageSql,
  prepararBusca,
  type Busca,
} from './search';

// Reading the citizen registry: the list, the two searches and one citizen, each audited (who saw whom).

export const RESOURCE = 'municipes';

// ---- list and searches -----------------------------------------------------------------------------

type PageRow = Omit<MunicipeListItem, 'idade' | 'obito'> & {
  motivo_saida_cadastro_id: number | null;
  total: string | number | null;
  [ORDEM_AUDITADA]: unknown;
};

const SEM_RESPOSTA = new Set<string>(['total', 'motivo_saida_cadastro_id', ORDEM_AUDITADA]);

/**
 * The page's rows as list items: each row's fields but the count, the exit reason and the order, then the age and
 * whether deceased. The rows of one statement share their fields, so the copy has one fixed shape made once per page
 * (issue 41: a rest pattern with a computed key took the slow path for every row).
 */
function toListItems(rows: PageRow[], hoje: string): MunicipeListItem[] {
  if (rows.length === 0) return [];
  const campos = Object.keys(rows[0]!).filter((k) => !SEM_RESPOSTA.has(k)) as Array<keyof PageRow>;
  const emBranco = Object.fromEntries([...campos, 'idade', 'obito'].map((k) => [k, null]));
  return rows.map((r) => {
    const item: Record<string, unknown> = { ...emBranco };
    for (const k of campos) item[k] = r[k];
    item.idade = idadeEmAnos(r.data_nascimento, r.data_obito ?? hoje);
    item.obito = estaFalecido(r);
    return item as MunicipeListItem;
  });
}

/**
 * A page of a search and its audit row (LGPD: who saw which citizens), written by the page's own statement. Name words
 * are looked up among the registry's words first: those found nowhere are replaced by their likely corrections, and
 * the one search runs (search.ts, prepararBusca); a broad name is ranked among its first matches (pageSql).
 */
async function auditedPage(ctx: Ctx, busca: Busca, page: Page, tipo: 'simples' | 'avancada') {
  const db = ctx.db;
  const b = await prepararBusca((s) => queryRows(db, s), busca);
  const trilha = {
    resource: RESOURCE,
    action: 'index' as const,
    details: { busca: tipo, filtros: b.filtros, pagina: page.page },
  };
  const rowsOf = b.preparada ? queryRowsPrepared : queryRows;
  const { rows, total } = await paginate(page, {
    rows: () => rowsOf<PageRow>(db, auditedSelect(ctx, pageSql(b, page), trilha)),
    windowTotal: (r) => r.total,
    count: async () => Number((await rowsOf<{ total: string | number }>(db, countSql(b)))[0]?.total ?? 0),
  });
  // Both counts stop one row past the limit (search.ts): that row says "more than".
  const limite = limiteDaContagem(b);
  return { rows: toListItems(rows, todayIso()), total: Math.min(total, limite), limited: total > limite };
}

export function list(ctx: Ctx, f: MunicipeFilters) {
  return auditedPage(ctx, buscaSimples(f.q), f, 'simples');
}

export function buscaAvancada(ctx: Ctx, f: MunicipeBuscaAvancada) {
  if (contarFiltrosBuscaAvancada(f) < BUSCA_AVANCADA_MINIMO_FILTROS) {
    throw unprocessable({ base: [msg.buscaAvancadaDoisFiltros] }, msg.buscaAvancadaDoisFiltros);
  }
  return auditedPage(ctx, buscaAvancadaSql(f), f, 'avancada');
}

// ---- one citizen ------------------------------------------------------------------------------------

export async function loadMunicipe(db: DbOrTx, id: string): Promise<Dated<Municipe> | null> {
  const nasc = alias(municipios, 'municipio_nascimento');
  const res = alias(municipios, 'municipio_residencia');
  const [row] = await withHeaderNames(
    db
      .select({
        m: municipes,
        ...headerNames,
        nasc: nasc.nome,
        res: res.nome,
      })
      .from(municipes)
      .$dynamic(),
    {
      unidade: municipes.unidade_saude_referencia_id,
      equipe: municipes.equipe_id,
      profissional: municipes.profissional_id,
    },
  )
    .leftJoin(nasc, eq(nasc.codigo_ibge, municipes.municipio_nascimento_ibge))
    .leftJoin(res, eq(res.codigo_ibge, municipes.residencia_municipio_ibge))
    .where(eq(municipes.id, id));
  if (!row) return null;
  const prontuarios: Prontuario[] = (
    await db
      .select({ p: municipeProntuarios, unidade_nome: unidadesSaude.nome })
      .from(municipeProntuarios)
      .innerJoin(unidadesSaude, eq(unidadesSaude.id, municipeProntuarios.unidade_saude_id))
      .where(eq(municipeProntuarios.municipe_id, id))
      .orderBy(asc(municipeProntuarios.created_at), asc(municipeProntuarios.id))
  ).map(({ p, unidade_nome }) => ({
    id: p.id,
    numero: p.numero,
    unidade_saude_id: p.unidade_saude_id,
    unidade_nome,
    inativacao_motivo_id: p.inativacao_motivo_id,
    inativacao_justificativa: p.inativacao_justificativa,
    inativado_em: iso(p.inativado_em),
  }));
  const { telefone_residencial, telefone_celular, telefone_contato, updated_by: _by, certidao_tipo, ...m } = row.m;
  return {
    ...m,
    certidao_tipo: certidao_tipo as Municipe['certidao_tipo'],
    telefones: { residencial: telefone_residencial, celular: telefone_celular, contato: telefone_contato },
    prontuarios,
    idade: idadeEmAnos(m.data_nascimento, m.data_obito ?? todayIso()),
    unidade_referencia_nome: row.unidade,
    equipe_nome: row.equipe,
    profissional_nome: row.profissional,
    municipio_nascimento_nome: row.nasc,
    residencia_municipio_nome: row.res,
  };
}

/** The record, audited (identification: visible to every profile with municipes:show). */
export function show(ctx: Ctx, id: string): Promise<Dated<Municipe>> {
  return auditedRead(
    ctx,
    async (tx) => {
      const m = await loadMunicipe(tx, id);
      if (!m) throw notFound();
      return m;
    },
    (m) => ({
      resource: RESOURCE,
      action: 'show',
      record_id: m.id,
      municipe_ids: [m.id],
      details: { partes: ['cadastro'] },
    }),
  );
}
