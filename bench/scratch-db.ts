// A scratch PostgreSQL database for the scale benches: on DATABASE_URL's server (your data is not touched) or on a
// throwaway server started with scripts/pg-throwaway.sh. cleanup() drops it and stops the throwaway server;
// BENCH_KEEP=1 keeps both, for EXPLAIN afterwards.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openPostgres, sessionOptions } from '../apps/api/src/db/client';
import { dropScratchDatabase } from '../apps/api/src/db/drop';

const root = path.resolve(import.meta.dirname, '..');

export async function openScratchDatabase(log: (m: string) => void) {
  // BENCH_DB_URL: a database a BENCH_KEEP run left loaded, measured again without loading (issue 41); never dropped.
  const reuse = process.env.BENCH_DB_URL?.trim();
  if (reuse) {
    log(`BENCH_DB_URL: medindo o banco já carregado ${reuse}`);
    const database = await openPostgres(reuse, 4);
    const raw = new pg.Client({ connectionString: reuse, options: sessionOptions });
    await raw.connect();
    const cleanup = async () => {
      await raw.end().catch(() => {});
      await database.close().catch(() => {});
    };
    return { database, raw, dbUrl: new URL(reuse), cleanup, reused: true };
  }
  let stopThrowaway: (() => void) | null = null;
  let tmpDir = '';
  let serverUrl = process.env.DATABASE_URL?.trim() || '';
  if (!serverUrl) {
    log('DATABASE_URL não definido: iniciando um PostgreSQL descartável (scripts/pg-throwaway.sh)…');
    const out = execFileSync(path.join(root, 'scripts/pg-throwaway.sh'), ['start'], { encoding: 'utf8' });
    const tmp = /PG_TMP=(\S+)/.exec(out)?.[1];
    tmpDir = tmp ?? '';
    serverUrl = /TEST_DATABASE_URL=(\S+)/.exec(out)?.[1] ?? '';
    if (!tmp || !serverUrl) throw new Error(`pg-throwaway: saída inesperada: ${out}`);
    stopThrowaway = () => execFileSync(path.join(root, 'scripts/pg-throwaway.sh'), ['stop', tmp], { stdio: 'inherit' });
  }
  const dbName = `saude_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${dbName}`;

  const database = await openPostgres(dbUrl.toString(), 4);
  const raw = new pg.Client({ connectionString: dbUrl.toString(), options: sessionOptions });
  await raw.connect();

  async function cleanup() {
    if (process.env.BENCH_KEEP) {
      // For looking at plans afterwards: psql "$URL" (stop the throwaway server yourself with scripts/pg-throwaway.sh stop).
      log(`\nBENCH_KEEP: banco mantido em ${dbUrl.toString()} (remeça com BENCH_DB_URL=${dbUrl.toString()})`);
      if (tmpDir) log(`  pare o servidor com scripts/pg-throwaway.sh stop ${tmpDir}`);
      await raw.end().catch(() => {});
      await database.close().catch(() => {});
      await admin.end().catch(() => {});
      return;
    }
    await raw.end().catch(() => {});
    await database.close().catch(() => {});
    await dropScratchDatabase(admin, dbName, 250).catch(() => {});
    await admin.end().catch(() => {});
    stopThrowaway?.();
  }

  return { database, raw, dbUrl, cleanup, reused: false };
}
