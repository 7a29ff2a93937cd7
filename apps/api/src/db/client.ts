import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** Plain SQL with $1… parameters, one statement (scripts and benches; the app goes through `db`). */
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
};

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * pg_trgm's default word-similarity threshold (0.6) misses one wrong consonant in a long word ('conseicao' scores 0.54
 * against 'conceicao'); 0.5 finds it. Every connection starts with it (only the citizen search's misspelling step uses
 * the `<%` operators it governs), so a search needs no transaction of its own to set it (issue 15: reads skip BEGIN).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
/** libpq start-up options: applied in the connection's first packet, no extra round trip. */
export const sessionOptions = `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`;

/** PGlite in a directory, or in memory when dataDir is null (tests). */
export async function openPglite(dataDir: string | null): Promise<Database> {
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm, unaccent } });
  await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    query: (text, params) => client.query(text, params),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, options: sessionOptions });
  // An idle connection the server ends (restart, failover, a dropped test database) must not crash the process: the
  // pool discards it and the next query opens a new one (node-postgres emits 'error' with no listener otherwise).
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL: conexão ociosa encerrada (${err.message})`);
  });
  // Fail fast with a clear message instead of at the first request.
  const conn = await pool.connect();
  conn.release();
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
    query: (text, params) => pool.query(text, params),
  };
}

/** Raw SQL for the few queries the builder cannot say well; both drivers answer with `rows`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
