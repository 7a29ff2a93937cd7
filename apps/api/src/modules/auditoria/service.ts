import { msg } from '@saude/shared';
import {
  ACOES_CONTA,
  ACOES_LEITURA,
  acaoTexto,
  MAX_LINHAS_CSV,
  recursoTexto,
  type RegistroAcesso,
} from '@saude/shared/schemas/auditoria';
import type { z } from 'zod';
import type { auditoriaFiltersSchema } from '@saude/shared/schemas/auditoria';
import { TIME_ZONE, formatDateTime } from '@saude/shared/validation/dates';
import { and, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { RECURSOS_DA_PARTE } from '@saude/shared/schemas/municipe_acessos';
import { audit } from '../../access/audit';
import type { Ctx } from '../../access/context';
import type { Db, DbOrTx } from '../../db/client';
import { auditoria, municipes, profissionais, unidadesSaude } from '../../db/schema';
import { containsText, countAll, iso, totalOf, withAutorUnidade } from '../../db/sql';
import { unprocessable } from '../../lib/errors';
import { paginate } from '../../lib/paginate';

// The audit trail as a manager reads it (issue 14): "quem viu este cadastro" for one citizen, or the whole trail by
// period, professional and kind of access. Reading the trail is itself an access to personal data, so it leaves its
// own row (resource 'auditoria', naming the citizen asked about). The trail is read from the replica (ctx.leitura: a
// search over millions of rows, where a moment behind is fine) and that row is written on the primary.

type Filters = z.output<typeof auditoriaFiltersSchema>;

const leitura = [...ACOES_LEITURA] as string[];
const naoEscrita = [...ACOES_LEITURA, ...ACOES_CONTA] as string[];

/** A São Paulo calendar day's first instant: the period filters are the dates people see on the screen. */
const inicioDoDia = (isoDate: string) => sql`(${isoDate}::date)::timestamp at time zone ${TIME_ZONE}`;

/**
 * The citizen and every record merged into them (issue 45), through chains of merges: rows written before a merge
 * name the absorbed record, and they are this person's trail too. One uncorrelated subquery (an init plan, run once;
 * `municipes_unificado_em_idx`).
 */
const comUnificados = (id: string): SQL => sql`(with recursive u(id) as (
    select ${id}::uuid union select m.id from ${municipes} m join u on m.unificado_em_id = u.id)
  select array_agg(u.id) from u)`;

/**
 * The rows of one citizen: those naming them in `municipe_ids` (GIN index), and the reads and writes of their record
 * written before that column existed (migration 0009), which named them only as the record (record_id index).
 */
export const doMunicipe = (id: string): SQL => {
  const ids = comUnificados(id);
  return or(
    sql`${auditoria.municipe_ids} && ${ids}`,
    and(
      isNull(auditoria.municipe_ids),
      sql`${auditoria.record_id} = any(${ids}::text[])`,
      inArray(auditoria.resource, RECURSOS_DO_CADASTRO),
    ),
  )!;
};
const RECURSOS_DO_CADASTRO = [...RECURSOS_DA_PARTE.identificacao, ...RECURSOS_DA_PARTE.blocos];

/**
 * Reads of one citizen's rows, with parallel plans off. They are tens of rows, but the planner cannot know how many
 * rows the merge chain's array (`comUnificados`, an init plan) matches in a month and assumes 0.5 % of each; from tens
 * of millions of rows that estimate launches two parallel workers, ~10 ms to start them for 30 rows (bench:auditoria at
 * 50 million: p95 16–23 ms against 3.5–4.6 at one million; docs/decisions.md).
 */
export function doMunicipeSemParalelo<T>(db: Db, read: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return read(tx);
  });
}

export function where(f: Omit<Filters, 'page' | 'per_page'>): SQL | undefined {
  return and(
    f.municipe_id ? doMunicipe(f.municipe_id) : undefined,
    f.profissional ? containsText([profissionais.nome], f.profissional) : undefined,
    f.tipo === 'leitura' ? inArray(auditoria.action, leitura) : undefined,
    f.tipo === 'escrita' ? notInArray(auditoria.action, naoEscrita) : undefined,
    f.de ? sql`${auditoria.created_at} >= ${inicioDoDia(f.de)}` : undefined,
    f.ate ? sql`${auditoria.created_at} < ${inicioDoDia(f.ate)} + interval '1 day'` : undefined,
    f.record_id ? eq(auditoria.record_id, f.record_id) : undefined,
    f.resource ? eq(auditoria.resource, f.resource) : undefined,
  );
}

/** The trail as the list and the export read it (the citizen history is this with municipe_id). */
export function select(db: DbOrTx, f: Omit<Filters, 'page' | 'per_page'>) {
  return withAutorUnidade(
    db
      .select({
        id: auditoria.id,
        created_at: auditoria.created_at,
        profissional_nome: profissionais.nome,
        unidade_nome: unidadesSaude.nome,
        action: auditoria.action,
        resource: auditoria.resource,
        record_id: auditoria.record_id,
        ip: auditoria.ip,
        details: auditoria.details,
      })
      .from(auditoria)
      .$dynamic(),
    { profissional: auditoria.profissional_id, unidade: auditoria.unidade_saude_id },
  )
    .where(where(f))
    .orderBy(...maisRecentes(f.municipe_id !== undefined))
    .$dynamic();
}

/**
 * Newest first. One citizen's rows are found by the GIN index and sorted after: ordered by the bare column, PostgreSQL
 * walks each month's created_at index backwards hoping to meet the citizen soon, and reads most of every month (on
 * 1.5 million rows: 416 ms against 10 ms; docs/decisions.md "Quem acessou"). `+ interval '0 s'` hides that index.
 */
export const maisRecentes = (umMunicipe: boolean) => [
  desc(umMunicipe ? sql`${auditoria.created_at} + interval '0 s'` : auditoria.created_at),
  desc(auditoria.id),
];

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toRegistro = (r: Row): RegistroAcesso => ({
  ...r,
  created_at: iso(r.created_at)!,
  details: (r.details as Record<string, unknown> | null) ?? null,
});

/** Which filters a read of the trail used — their names, never their values (access/audit.ts). */
const filtrosUsados = (f: Omit<Filters, 'page' | 'per_page'>) =>
  Object.entries(f)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);

export function auditarLeitura(
  tx: DbOrTx,
  ctx: Ctx,
  f: Omit<Filters, 'page' | 'per_page'>,
  extra: Record<string, unknown>,
) {
  return audit(tx, ctx, {
    action: 'index',
    resource: 'auditoria',
    municipe_ids: f.municipe_id ? [f.municipe_id] : [],
    details: { filtros: filtrosUsados(f), ...extra },
  });
}

/**
 * The total is counted up to LIMITE_CONTAGEM rows (the list then says "mais de 10.000"): the trail grows by millions
 * a month, and counting all of it would make the first page's cost follow the table's size (issue 41).
 */
export const LIMITE_CONTAGEM = 10_000;

export async function list(ctx: Ctx, query: Filters) {
  const { page, per_page, ...f } = query;
  let limited = false;
  const ler = (db: DbOrTx) =>
    paginate(
      { page, per_page },
      {
        rows: ({ limit, offset }) => select(db, f).limit(limit).offset(offset),
        count: async () => {
          const n = await totalOf(
            db.select({ total: countAll() }).from(
              db
                .select({ um: sql`1` })
                .from(auditoria)
                .leftJoin(profissionais, eq(profissionais.id, auditoria.profissional_id))
                .where(where(f))
                .limit(LIMITE_CONTAGEM + 1)
                .as('limitado'),
            ),
          );
          limited = n > LIMITE_CONTAGEM;
          return limited ? LIMITE_CONTAGEM : n;
        },
      },
    );
  const result = f.municipe_id ? await doMunicipeSemParalelo(ctx.leitura, ler) : await ler(ctx.leitura);
  await auditarLeitura(ctx.db, ctx, f, { pagina: page });
  return { rows: result.rows.map(toRegistro), total: result.total, limited };
}

/** A CSV cell: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
export function celulaCsv(value: string | null | undefined): string {
  let s = value ?? '';
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const CABECALHO = ['Data e hora', 'Profissional', 'Unidade', 'Ação', 'O que', 'Registro', 'Endereço IP', 'Detalhes'];

/**
 * The same trail as a CSV file for the data-subject request: ';' separated with a BOM, as spreadsheets in pt-BR
 * open it. Refuses (422) more than MAX_LINHAS_CSV rows instead of cutting the list short without saying so.
 */
export async function exportar(ctx: Ctx, query: Omit<Filters, 'page' | 'per_page'>): Promise<string> {
  const f = Object.fromEntries(Object.entries(query).filter(([k]) => k !== 'page' && k !== 'per_page')) as typeof query;
  const ler = (db: DbOrTx) => select(db, f).limit(MAX_LINHAS_CSV + 1);
  const rows = f.municipe_id ? await doMunicipeSemParalelo(ctx.leitura, ler) : await ler(ctx.leitura);
  if (rows.length > MAX_LINHAS_CSV) {
    throw grandeDemais();
  }
  await auditarLeitura(ctx.db, ctx, f, { formato: 'csv', linhas: rows.length });
  return arquivoCsv(
    CABECALHO,
    rows.map((r) => [
      formatDateTime(r.created_at),
      r.profissional_nome,
      r.unidade_nome,
      acaoTexto(r.action),
      recursoTexto(r.resource),
      r.record_id,
      r.ip,
      r.details ? JSON.stringify(r.details) : '',
    ]),
  );
}

/** An export over MAX_LINHAS_CSV rows: refused on the period, so the user narrows it. */
export function grandeDemais() {
  const mensagem = msg.exportacaoGrandeDemais(MAX_LINHAS_CSV);
  return unprocessable({ de: [mensagem] }, mensagem);
}

/** A CSV file as pt-BR spreadsheets open it: ';' separated, a BOM, CRLF lines, every cell through celulaCsv. */
export const arquivoCsv = (cabecalho: readonly string[], linhas: Array<Array<string | null | undefined>>) =>
  `\uFEFF${[cabecalho.join(';'), ...linhas.map((l) => l.map(celulaCsv).join(';'))].join('\r\n')}\r\n`;
