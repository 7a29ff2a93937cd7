import { Column, Name, Param, SQL, StringChunk, Table } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

// drizzle's `sqlToQuery` asks `is(chunk, Class)` of each chunk against up to a dozen classes, each miss walking the
// chunk's prototype chain, and merges a `{ sql, params }` object per chunk: ≈ 45 µs per citizen search statement,
// rendered at every request (issue 41). The statements raw SQL sends are made of a few kinds of chunk only; this
// renders those with `instanceof` into one string and one array (an aliased table's proxies included), and hands anything
// else (a subquery, a view, an aliased expression, a placeholder, inlined params, another copy of drizzle's classes) to
// drizzle whole. Under the tests every
// rendering is compared with drizzle's (`conferir`), so a difference fails a test instead of reaching the database.

const IS_ALIAS = Symbol.for('drizzle:IsAlias');
const TABLE_NAME = Symbol.for('drizzle:Name');
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');

/** Not a kind rendered here: the statement goes to drizzle. */
const OUTRO = Symbol('outro');

const escapeName = (name: string) => `"${name.replace(/"/g, '""')}"`;

type Casing = { getColumnCasing: (c: Column) => string };

/** A column's reference, by the column object (an alias's columns are objects of their own): made once. */
const colunas = new WeakMap<Column, string>();

function tableRef(table: Table): string {
  const t = table as unknown as Record<symbol, unknown>;
  const schema = t[TABLE_SCHEMA] as string | undefined;
  const name = escapeName(t[TABLE_NAME] as string);
  return schema === undefined || t[IS_ALIAS] ? name : `${escapeName(schema)}.${name}`;
}

function walk(chunks: readonly unknown[], out: { sql: string; params: unknown[] }, casing: Casing): void {
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (typeof chunk === 'function') throw OUTRO; // an enum
    if (chunk === null || typeof chunk !== 'object') {
      out.params.push(chunk);
      out.sql += `$${out.params.length}`;
    } else if (chunk instanceof StringChunk) {
      out.sql += chunk.value.length === 1 ? chunk.value[0] : chunk.value.join('');
    } else if (chunk instanceof SQL) {
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw OUTRO;
      walk(chunk.queryChunks, out, casing);
    } else if (chunk instanceof Column) {
      let ref = colunas.get(chunk);
      if (ref === undefined) {
        ref = `${tableRef(chunk.table as unknown as Table)}.${escapeName(casing.getColumnCasing(chunk))}`;
        colunas.set(chunk, ref);
      }
      out.sql += ref;
    } else if (chunk instanceof Param) {
      const value: unknown = chunk.value;
      if (value !== null && typeof value === 'object' && !(value instanceof Date)) throw OUTRO;
      const mapped: unknown = value === null ? null : chunk.encoder.mapToDriverValue(value);
      if (mapped !== null && typeof mapped === 'object' && !(mapped instanceof Date)) throw OUTRO;
      out.params.push(mapped);
      out.sql += `$${out.params.length}`;
    } else if (chunk instanceof Name) {
      out.sql += escapeName(chunk.value);
    } else if (chunk instanceof Table) {
      out.sql += tableRef(chunk);
    } else if (Array.isArray(chunk)) {
      out.sql += '(';
      chunk.forEach((c: unknown, i) => {
        if (i > 0) out.sql += ', ';
        walk([c], out, casing);
      });
      out.sql += ')';
    } else throw OUTRO;
  }
}

/** `dialect.sqlToQuery(query)`, the same text and params, without its per-chunk cost for the common kinds. */
export function renderSql(dialect: PgDialect, query: SQL): { sql: string; params: unknown[] } {
  const out = { sql: '', params: [] as unknown[] };
  try {
    walk(query.queryChunks, out, (dialect as unknown as { casing: Casing }).casing);
  } catch (e) {
    if (e !== OUTRO) throw e;
    return dialect.sqlToQuery(query);
  }
  if (conferir) {
    const theirs = dialect.sqlToQuery(query);
    if (theirs.sql !== out.sql || JSON.stringify(theirs.params) !== JSON.stringify(out.params))
      throw new Error(`renderSql difere do drizzle:\n${out.sql}\n---\n${theirs.sql}`);
  }
  return out;
}

/** Under vitest every rendering is checked against drizzle's. */
const conferir = Boolean(process.env.VITEST);
