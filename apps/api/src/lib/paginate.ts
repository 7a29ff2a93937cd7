import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { countWhere } from '../db/sql';

// Lists answer one page (page from 1, per_page) and the total of matches, sent in X-Total-Count (architecture).

export type Page = { page: number; per_page: number };
export type PageWindow = { limit: number; offset: number };
/** `limited`: the total was counted up to a cap and there are more (the list says "mais de …"). */
export type PageResult<R> = { rows: R[]; total: number; limited?: boolean };

export const pageWindow = (p: Page): PageWindow => ({ limit: p.per_page, offset: (p.page - 1) * p.per_page });

/**
 * Reads a page and its total. The total is counted only when the page does not tell it already: an empty first page
 * is 0, a short page ends the list, and a page whose rows carry `count(*) over ()` (`windowTotal`) says it.
 */
export async function paginate<R>(
  page: Page,
  query: {
    rows: (window: PageWindow) => Promise<R[]>;
    count: () => Promise<number>;
    windowTotal?: (row: R) => number | string | null | undefined;
    /** The total stops here (a badge's poll, issue 41): never more, and not counted once the page reaches it. */
    cap?: number;
  },
): Promise<PageResult<R>> {
  const window = pageWindow(page);
  const rows = await query.rows(window);
  const fromWindow = rows.length > 0 && query.windowTotal ? query.windowTotal(rows[0]!) : null;
  if (fromWindow !== null && fromWindow !== undefined) return { rows, total: Number(fromWindow) };
  if (query.cap !== undefined && window.offset + rows.length >= query.cap) return { rows, total: query.cap };
  if (rows.length === 0 && window.offset === 0) return { rows, total: 0 };
  if (rows.length > 0 && rows.length < window.limit) return { rows, total: window.offset + rows.length };
  return { rows, total: await query.count() };
}

/** The same page with its rows reshaped. */
export const mapPage = <R, S>(p: PageResult<R>, f: (row: R) => S): PageResult<S> => ({
  rows: p.rows.map(f),
  total: p.total,
});

/** A select before its window (a Drizzle builder): the page adds `.limit().offset()` itself. */
export type Windowable<R> = { limit(n: number): { offset(n: number): PromiseLike<R[]> } };

/**
 * A page of one table's list: `select` builds the page's select (its joins and order; the window is added here), and
 * the total, when the page does not tell it, counts the rows of `table` that `where` keeps. `where` must not need the
 * page's joins.
 */
export const paginateTable = <R>(
  page: Page,
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  select: () => Windowable<R>,
): Promise<PageResult<R>> =>
  paginate(page, {
    rows: async ({ limit, offset }) => select().limit(limit).offset(offset),
    count: () => countWhere(db, table, where),
  });

type Prepared<R> = { execute: (values: Record<string, unknown>) => Promise<R[]> };

/**
 * A page of a polled list prepared by `preparedPolledPage` (db/sql.ts), run with `values` for its other placeholders;
 * the total stops at the query's `contar_ate` (issue 41).
 */
export const paginatePolled = <R>(
  page: Page & { contar_ate?: number },
  prepared: { pagina: Prepared<R>; total: Prepared<{ total: number }> },
  values: Record<string, unknown>,
  windowTotal?: (row: R) => number | string | null | undefined,
): Promise<PageResult<R>> =>
  paginate(page, {
    rows: (w) => prepared.pagina.execute({ ...values, ...w }),
    count: async () => (await prepared.total.execute({ ...values, ate: page.contar_ate ?? null }))[0]?.total ?? 0,
    windowTotal,
    cap: page.contar_ate,
  });
