import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { buildApp, type App } from '../app';
import type { SsoOptions } from '../auth/sso';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database, type Db } from '../db/client';
import { dropScratchDatabase } from '../db/drop';
import { auditoria } from '../db/schema';
import { seedBase } from '../seed/base';
import { DEMO_PASSWORD } from '../seed/demo';
import { prepareDatabase } from '../seed/setup';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';

export type TestApp = {
  app: App;
  db: Db;
  config: Config;
  kind: Database['kind'];
  /** What the start-up printed (the first manager's one-time password with `firstStart`). */
  setupLog: string[];
  close: () => Promise<void>;
};

/** API tests run on in-memory PGlite, or on a fresh database of TEST_DATABASE_URL when API_TEST_DB=pg (npm run test:pg). */
export const onPostgres = process.env.API_TEST_DB === 'pg' && !!process.env.TEST_DATABASE_URL;

/**
 * A fresh database, already migrated with the base rows (test/global-setup.ts): in-memory PGlite loaded from the run's
 * base, or a scratch database of TEST_DATABASE_URL created from the run's template (dropped by `drop`).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!onPostgres) {
    const base = inject('pgliteBase');
    const from = base ? new Blob([await readFile(base)]) : undefined;
    return { database: await openPglite(null, from), drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `saude_test_${randomBytes(6).toString('hex')}`;
  const template = inject('pgTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await dropScratchDatabase(c, name, 100);
      await c.end();
    },
  };
}

export type TestAppOptions = {
  serveWeb?: boolean;
  /** Load the whole demo municipality (slow). New tests build their rows with test/fixtures.ts instead. */
  demo?: boolean;
  /** The server's start-up without the demo: the first manager with a one-time password (see setupLog). */
  firstStart?: boolean;
  /** Where the log goes (the log test reads it); no log otherwise. */
  logStream?: NodeJS.WritableStream;
  /** Single sign-on options the environment does not set (the clock when checking the provider's tokens). */
  sso?: SsoOptions;
};

/** The API on a fresh database with the base rows (profiles, menus, code tables); the demo only when asked. */
export async function buildTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const setupLog: string[] = [];
  if (opts.demo || opts.firstStart) {
    // The same start-up as the server: the demo, or the first manager with a one-time password.
    await prepareDatabase(database, { demo: !!opts.demo, log: (m) => setupLog.push(m) });
  } else if (!inject('pgliteBase') && !inject('pgTemplate')) {
    // Run without the global setup (a single file through another config): migrate here.
    await database.migrate();
    await seedBase(database.db);
  }
  const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp(config, database, {
    logger: opts.logStream ? { stream: opts.logStream } : false,
    serveWeb: opts.serveWeb ?? false,
    sso: opts.sso,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    kind: database.kind,
    setupLog,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * The file's app: built before its tests (the first beforeAll of the describe it is called in) and closed after them.
 * Its members are read when a test runs, so `fixtures(t)` may be made at once.
 *
 *   const t = useTestApp();
 *   const f = fixtures(t);
 */
export function useTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(env, opts);
  });
  afterAll(async () => {
    await built?.close();
  });
  const get = () => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll, read it inside a hook or a test');
    return built;
  };
  return {
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get config() {
      return get().config;
    },
    get kind() {
      return get().kind;
    },
    get setupLog() {
      return get().setupLog;
    },
    close: () => get().close(),
  };
}

export async function login(t: TestApp, login: string, senha = DEMO_PASSWORD, ip = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { login, senha }, remoteAddress: ip });
}

/** Demo tests: signs in a demo user and, when they have several units, chooses the first (or the named one). */
export async function signIn(t: TestApp, who: string, unidadeNome?: string): Promise<{ authorization: string }> {
  const res = await login(t, who);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${who} failed: ${res.statusCode} ${res.body}`);
  const { token, usuario } = res.json<{ token: string; usuario: { unidade_atual: unknown } }>();
  const headers = { authorization: `Bearer ${token}` };
  if (!usuario.unidade_atual || unidadeNome) {
    const opts = (await t.app.inject({ method: 'GET', url: '/api/v2/auth/lotacoes', headers })).json<
      Array<{ unidade_saude_id: string; unidade_nome: string }>
    >();
    const pick = unidadeNome ? opts.find((o) => o.unidade_nome === unidadeNome) : opts[0];
    if (!pick) throw new Error(`${who} has no unit ${unidadeNome ?? ''}`);
    await chooseUnit(t, headers, pick.unidade_saude_id);
  }
  return headers;
}

/** Makes the unit the session's current one (PUT /api/v2/auth/unidade_atual). */
export async function chooseUnit(t: Pick<TestApp, 'app'>, headers: { authorization: string }, unidadeId: string) {
  const sel = await t.app.inject({
    method: 'PUT',
    url: '/api/v2/auth/unidade_atual',
    headers,
    payload: { unidade_saude_id: unidadeId },
  });
  if (sel.statusCode !== 200) throw new Error(`unit selection failed: ${sel.body}`);
}

export async function auditRows(t: TestApp, where: { action?: string; record_id?: string; resource?: string } = {}) {
  const conds: SQL[] = [];
  if (where.action) conds.push(eq(auditoria.action, where.action));
  if (where.record_id) conds.push(eq(auditoria.record_id, where.record_id));
  if (where.resource) conds.push(eq(auditoria.resource, where.resource));
  return t.db
    .select()
    .from(auditoria)
    .where(and(...conds))
    .orderBy(asc(auditoria.id));
}
