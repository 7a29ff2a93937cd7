import { and, eq, getTableColumns, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { statementName, type DbOrTx } from './client';
import { comMapeador } from './mapeador';
import { equipes, lotacoes, normalized, perfis, profissionais, unidadesSaude } from './schema';

// Small SQL pieces every service writes the same way. Text searches compare immutable_unaccent(lower(…)) on both
// sides, so 'joao' finds 'JOÃO'; the trigram indexes of db/schema are built on the same expression.

type Col = AnyPgColumn | SQL;

/** Escapes LIKE's wildcards, so a typed % or _ matches itself. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A timestamp for JSON, keeping null. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** A timestamp read through raw SQL or an aggregate, which the drivers answer as Date or as text. */
export const isoFrom = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : new Date(v).toISOString();

/** `text` anywhere in any of the columns, ignoring case and accents. */
export function containsText(columns: Col[], text: string): SQL {
  const pattern = normalized(sql`${`%${escapeLike(text)}%`}::text`);
  return or(...columns.map((col) => sql`${normalized(col)} like ${pattern}`))!;
}

/** The column starts with `prefix` (documents typed by their first digits). */
export const startsWith = (col: Col, prefix: string): SQL => sql`${col} like ${`${escapeLike(prefix)}%`}`;

/** The column starts with `prefix`, ignoring case (record numbers such as 'F12'). */
export const startsWithIgnoringCase = (col: Col, prefix: string): SQL =>
  sql`upper(${col}) like upper(${`${escapeLike(prefix)}%`})`;

/** Orders names as people read them (PGlite's default collation is byte order). */
export const byName = (col: Col | SQL.Aliased): SQL => sql`${col} collate "und-x-icu"`;

/** Whether a row of `table` matches `where` (reads one id at most): "is it referenced", "is the number taken". */
export async function exists(
  db: DbOrTx,
  table: PgTable & { id: AnyPgColumn },
  where: SQL | undefined,
): Promise<boolean> {
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return rows.length > 0;
}

const uuid = z.uuid();
/** Whether `id` is a well-formed uuid (a path's id the service checks: a malformed one is an unknown one, 404). */
export const isUuid = (id: string) => uuid.safeParse(id).success;

/**
 * The row of `table` with this id when `where` also holds (a scope, a unit), locked for update when asked; null
 * otherwise, and for a malformed id (answered 404 like an unknown one, never sent to the database).
 */
export async function findRow<T extends PgTable & { id: AnyPgColumn }>(
  db: DbOrTx,
  table: T,
  id: string,
  { where, forUpdate = false }: { where?: SQL; forUpdate?: boolean } = {},
): Promise<T['$inferSelect'] | null> {
  if (!isUuid(id)) return null;
  const q = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), where));
  const [row] = forUpdate ? await q.for('update') : await q;
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/** A table's finder, as modules export it (`findTema`): the row by id, locked for update when asked, or null. */
export const finderOf =
  <T extends PgTable & { id: AnyPgColumn }>(table: T) =>
  (db: DbOrTx, id: string, forUpdate = false) =>
    findRow(db, table, id, { forUpdate });

/** Leaves out the record being saved (none on a create): "does ANOTHER row hold this value". */
export const otherThan = (idColumn: AnyPgColumn, selfId: string | null): SQL | undefined =>
  selfId ? ne(idColumn, selfId) : undefined;

type Selected = AnyPgColumn | SQL | SQL.Aliased | { [key: string]: AnyPgColumn | SQL | SQL.Aliased };

/** What selectOf selects: each key of the schema from `extra`, or else the table's column of that name. */
export type SelectOf<S extends z.ZodObject, T extends PgTable, X> = {
  [K in keyof S['shape'] & string]: K extends keyof X
    ? X[K]
    : K extends keyof T['_']['columns']
      ? T['_']['columns'][K]
      : never;
};

/**
 * The select list of a response schema: each of its keys read from `table`'s column of the same name, or from
 * `extra` (a joined name, a count) where given. A field added to the shared schema and the table is then selected
 * without another edit. A key that is neither fails at start, not in an answer.
 */
export function selectOf<
  S extends z.ZodObject,
  T extends PgTable,
  X extends Record<string, Selected> = Record<never, never>,
>(schema: S, table: T, extra: X = {} as X): SelectOf<S, T, X> {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  return Object.fromEntries(
    Object.keys(schema.shape).map((key) => {
      const col = key in extra ? extra[key] : columns[key];
      if (!col) throw new Error(`selectOf: '${key}' is no column of the table and was not given`);
      return [key, col];
    }),
  ) as SelectOf<S, T, X>;
}

export const countAll = () => sql<number>`count(*)::int`;

const prontas = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database and shape, then only executed: its values are `sql.placeholder`s, so no query is
 * built per request (building the visit history's 60-column select cost ≈ 0.8 ms of CPU each time), and on
 * PostgreSQL it is a named prepared statement, planned once per connection (its seven joins took 4–5 ms of planning for
 * 0.5 ms of execution: issue 15, `BENCH_EXPLAIN=1 npm run bench:cpu`). `key` names the call and the shape (filters,
 * scope kind); `build` must answer the same SQL for the same key. For hot reads whose plan does not depend on the
 * values; PGlite runs it as any query. Its rows are mapped by a mapper compiled once (db/mapeador.ts).
 */
export function preparedOnce<P>(db: DbOrTx, key: string, build: (name: string) => P): P {
  let porChave = prontas.get(db);
  if (!porChave) prontas.set(db, (porChave = new Map()));
  let q = porChave.get(key) as P | undefined;
  if (!q) porChave.set(key, (q = comMapeador(build(statementName(key)), key)));
  return q;
}

/** A prepared page of `rows` (a query made `$dynamic()`): its window is the placeholders `limit` and `offset`. */
export const preparedPage = <T extends PgSelect>(rows: T, name: string) =>
  rows.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(name);

/** The total of a `select({ total: countAll() })` query. */
export const totalOf = async (query: PromiseLike<Array<{ total: number }>>): Promise<number> =>
  (await query)[0]?.total ?? 0;

/**
 * A prepared count of `rows` that stops at the placeholder `ate` (LIMIT NULL counts them all): a badge's poll needs no
 * more than the badge shows (issue 41).
 */
export const countUpTo = (db: DbOrTx, rows: PgSelect, name: string) =>
  db
    .select({ total: countAll() })
    .from(rows.limit(sql.placeholder('ate')).as('contados'))
    .prepare(name);

/**
 * A polled list's page and count (a bell, a badge), prepared under one name: `rows` is the page's select, `matches`
 * selects the same matches without the page's columns (for `countUpTo`); both `$dynamic()`.
 */
export const preparedPolledPage = <T extends PgSelect>(db: DbOrTx, name: string, rows: T, matches: PgSelect) => ({
  pagina: preparedPage(rows, name),
  total: countUpTo(db, matches, `${name}_total`),
});

/** How many of `table`'s rows `where` keeps (a list's total, a record's dependants). */
export const countWhere = (db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> =>
  totalOf(db.select({ total: countAll() }).from(table).where(where));

/** The unique index an error (or one it wraps: drizzle wraps the driver's) violated; null for any other error. */
export function uniqueViolation(e: unknown): { constraint: string } | null {
  for (
    let x = e as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, i = 0;
    x && i < 4;
    x = x.cause as typeof x, i++
  ) {
    if (x.code === '23505') return { constraint: x.constraint ?? x.message ?? '' };
  }
  return null;
}

/** What nullify answers: a value that could be absent may be null; one that is always there keeps its type. */
export type Nullified<T> = { [K in keyof T]-?: undefined extends T[K] ? Exclude<T[K], undefined> | null : T[K] };

/** undefined → null in every value, so an update clears what the form emptied. */
export function nullify<T extends Record<string, unknown>>(values: T): Nullified<T> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? null])) as Nullified<T>;
}

const comparable = (v: unknown): string | null =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? v.toISOString()
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** The keys of `after` whose value differs from `before`'s: what an audit row names (never the values). */
export function changedFields<T extends object>(before: object, after: T, keys = Object.keys(after)): string[] {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return keys.filter((k) => comparable(b[k]) !== comparable(a[k]));
}

/** The names of a row's e-SUS header, to select beside it: unit, team, professional (see withHeaderNames). */
export const headerNames = { unidade: unidadesSaude.nome, equipe: equipes.nome, profissional: profissionais.nome };

type HeaderColumns = { unidade: AnyPgColumn; equipe: AnyPgColumn; profissional: AnyPgColumn };

/**
 * A record's e-SUS header (unit, team, professional) by its columns: `names` to select beside the row and `join`, the
 * left joins that read them (on a query made `$dynamic()`).
 */
export const eSusHeader = (columns: HeaderColumns) => ({
  names: headerNames,
  join: <T extends PgSelect>(query: T) => withHeaderNames(query, columns),
});

/** Left-joins what headerNames reads, by the row's header columns (a query made `$dynamic()`). */
export function withHeaderNames<T extends PgSelect>(query: T, header: HeaderColumns) {
  return withAutorUnidade(query, header).leftJoin(equipes, eq(equipes.id, header.equipe));
}

/**
 * Left-joins the professional and the unit a row names (its author, where it was written: either may be none), so
 * `profissionais.nome` and `unidadesSaude.nome` can be selected beside it (a query made `$dynamic()`).
 */
export function withAutorUnidade<T extends PgSelect>(
  query: T,
  cols: { profissional: AnyPgColumn; unidade: AnyPgColumn },
) {
  return query
    .leftJoin(profissionais, eq(profissionais.id, cols.profissional))
    .leftJoin(unidadesSaude, eq(unidadesSaude.id, cols.unidade));
}

/** The names a bond (lotação) is shown by, to select beside it: its unit, profile and team (see withLotacaoNames). */
export const lotacaoNames = { unidade_nome: unidadesSaude.nome, perfil_nome: perfis.nome, equipe_nome: equipes.nome };

/**
 * Who works in the unit now: joins the professional to a query `from(lotacoes)` made `$dynamic()` and keeps the active
 * assignments of active professionals in `unidadeId` that also meet `where` (the pickers, the check of a named one).
 */
export const withLotacoesAtivas = <T extends PgSelect>(query: T, unidadeId: string, where?: SQL) =>
  query
    .innerJoin(profissionais, eq(profissionais.id, lotacoes.profissional_id))
    .where(
      and(eq(lotacoes.unidade_saude_id, unidadeId), eq(lotacoes.ativo, true), eq(profissionais.ativo, true), where),
    );

/** Joins what lotacaoNames reads to a query `from(lotacoes)` made `$dynamic()`: a bond's team may be none. */
export function withLotacaoNames<T extends PgSelect>(query: T) {
  return query
    .innerJoin(unidadesSaude, eq(unidadesSaude.id, lotacoes.unidade_saude_id))
    .innerJoin(perfis, eq(perfis.id, lotacoes.perfil_id))
    .leftJoin(equipes, eq(equipes.id, lotacoes.equipe_id));
}
