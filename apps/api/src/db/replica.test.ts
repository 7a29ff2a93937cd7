import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { prepareDatabase } from '../seed/setup';
import { fixtures, type Usuario } from '../test/fixtures';
import { onPostgres, type TestApp } from '../test/helpers';
import { queryRows, replicaIndisponivel, type Database } from './client';
import { abrirParaProcesso, abrirParaServir, openDatabase, type Opened } from './open';

// Issue 42, the read replica: a real streaming replica made by pg_basebackup -R from a primary started here. With its
// replay paused, what the user just wrote reads back at once (primary) while the audit trail's search and CSV (the
// replica) do not have it yet; they have it once replay resumes; with the replica stopped they answer from the primary.
// Needs PostgreSQL's server binaries (Debian's postgresql package; .ci/run installs it): skipped where they are missing,
// and in the PostgreSQL run of the API tests (this file brings its own servers).

const binDir = fs.existsSync('/usr/lib/postgresql')
  ? fs
      .readdirSync('/usr/lib/postgresql')
      .map((v) => `/usr/lib/postgresql/${v}/bin`)
      .filter((d) => fs.existsSync(`${d}/pg_basebackup`) && fs.existsSync(`${d}/initdb`))
      .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
      .at(-1)
  : undefined;
const root = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its tools run as the user postgres. */
function pgTool(tool: string, args: string[]) {
  const [cmd, argv] = root
    ? ['runuser', ['-u', 'postgres', '--', `${binDir}/${tool}`, ...args]]
    : [`${binDir}/${tool}`, args];
  // The server started by pg_ctl keeps no pipe of ours open (its output goes to -l), so this returns once it is up.
  execFileSync(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
}

const portaLivre = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function esperar(cond: () => Promise<boolean>, ms = 120_000) {
  const ate = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > ate) throw new Error('condição não alcançada a tempo');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('DATABASE_REPLICA_URL', () => {
  it('goes only with DATABASE_URL, and is a postgres:// URL', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://api@replica/saude', NODE_ENV: 'test' })).toThrow(
      /DATABASE_REPLICA_URL: só vale com DATABASE_URL/,
    );
    expect(() =>
      loadConfig({
        DATABASE_URL: 'postgres://api@servidor/saude',
        DATABASE_REPLICA_URL: 'mysql://x',
        NODE_ENV: 'test',
      }),
    ).toThrow(/DATABASE_REPLICA_URL: deve começar com postgres:\/\//);
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://api@servidor/saude',
        DATABASE_REPLICA_URL: 'postgres://api@replica/saude',
      }).DATABASE_REPLICA_URL,
    ).toBe('postgres://api@replica/saude');
  });

  it('asks the primary only when the replica is away, not when the query itself is wrong', () => {
    const erro = (code: string | undefined, message = 'x') => Object.assign(new Error(message), { code });
    expect(replicaIndisponivel(erro('ECONNREFUSED'))).toBe(true);
    expect(replicaIndisponivel(erro('57P01'))).toBe(true); // admin_shutdown
    expect(replicaIndisponivel(erro('57P03'))).toBe(true); // cannot_connect_now (starting)
    expect(replicaIndisponivel(erro('08006'))).toBe(true);
    expect(replicaIndisponivel(erro('53300'))).toBe(true); // too_many_connections
    expect(replicaIndisponivel(erro('40001'))).toBe(true); // conflict with recovery
    expect(replicaIndisponivel(erro(undefined, 'Connection terminated unexpectedly'))).toBe(true);
    expect(replicaIndisponivel(erro('42P01'))).toBe(false); // undefined_table
    expect(replicaIndisponivel(erro('22P02'))).toBe(false); // invalid input
    expect(replicaIndisponivel(erro(undefined, 'bind message supplies 1 parameters'))).toBe(false);
  });
});

describe.skipIf(!binDir || onPostgres)('read replica (DATABASE_REPLICA_URL, streaming replica)', () => {
  let dir: string;
  const iniciados: string[] = [];
  let primaryUrl: string;
  let standbyUrl: string;
  let opened: Opened | undefined;
  let database: Database | undefined;
  let app: App | undefined;
  let gestor: Usuario;
  const avisos: string[] = [];
  const aoAviso = (w: Error) => avisos.push(w.message);

  const start = async (data: string, port: number) => {
    pgTool('pg_ctl', [
      '-D',
      data,
      '-l',
      `${data}.log`,
      '-w',
      '-t',
      '300',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c wal_level=replica -c max_wal_senders=4`,
      'start',
    ]);
    iniciados.push(data);
  };
  const stop = (data: string) => {
    pgTool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    iniciados.splice(iniciados.indexOf(data), 1);
  };
  /** One statement on the standby itself (replay control, what it has replayed). */
  const noStandby = async <T>(text: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: standbyUrl });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  };

  const t = {
    get app() {
      return app!;
    },
    get db() {
      return database!.db;
    },
  } as TestApp;
  const f = fixtures(t);

  let ano = 2050;
  const novoTema = async () => {
    const y = ano++;
    const res = await app!.inject({
      method: 'POST',
      url: '/api/v1/ferramentas/temas',
      headers: gestor.headers,
      payload: {
        objetivo: `Campanha da réplica ${Date.now()}`,
        cor_primaria: '#1a237e',
        cor_secundaria: '#ffffff',
        vigencia_inicio: `${y}-11-01`,
        vigencia_fim: `${y}-11-30`,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  /** The audit trail's search (a heavy read: the replica) for one record's rows. */
  const trilha = async (id: string) => {
    const res = await app!.inject({
      method: 'GET',
      url: `/api/v1/auditoria?record_id=${id}&resource=ferramentas/temas`,
      headers: gestor.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return Number(res.headers['x-total-count']);
  };
  const csv = async (id: string) => {
    const res = await app!.inject({
      method: 'GET',
      url: `/api/v1/auditoria/csv?record_id=${id}`,
      headers: gestor.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    process.on('warning', aoAviso);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-replica-'));
    fs.chmodSync(dir, 0o755);
    if (root) execFileSync('chown', ['postgres', dir]);
    const primary = path.join(dir, 'primario');
    const standby = path.join(dir, 'replica');
    const [pPort, sPort] = [await portaLivre(), await portaLivre()];
    pgTool('initdb', ['-D', primary, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    // initdb's default already lets local connections replicate; said here so the test does not lean on a default.
    fs.appendFileSync(path.join(primary, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    await start(primary, pPort);
    pgTool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(pPort),
      '-U',
      'postgres',
      '-D',
      standby,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    await start(standby, sPort);
    primaryUrl = `postgres://postgres@127.0.0.1:${pPort}/postgres`;
    standbyUrl = `postgres://postgres@127.0.0.1:${sPort}/postgres`;

    // As the server starts: migrations and base rows on the primary, then the API's connection with the replica.
    const config = loadConfig({
      DATABASE_URL: primaryUrl,
      DATABASE_REPLICA_URL: standbyUrl,
      DATA_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
    });
    opened = await openDatabase(config);
    await prepareDatabase(opened.database, { demo: false });
    database = await abrirParaServir(opened);
    app = await buildApp(config, database, { logger: false, serveWeb: false });
    await app.ready();
    gestor = await f.usuario({ unidade: await f.unidade(), perfil: 'gestor' });
    // The replica has caught up with the set-up before the test stops its replay.
    await esperar(
      async () => (await noStandby('select 1 from profissionais where login = $1', [gestor.login])).length === 1,
    );
  }, 600_000);

  afterAll(async () => {
    process.off('warning', aoAviso);
    await app?.close();
    await database?.close();
    opened?.release();
    for (const data of [...iniciados].reverse()) {
      try {
        stop(data);
      } catch {
        // already stopped
      }
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 300_000);

  it('reads reports from a read-only replica session, and shows its pool and lag in /api/metrics', async () => {
    const [r] = await queryRows<{ replica: boolean; somente_leitura: string }>(
      database!.leitura,
      sql`select pg_is_in_recovery() as replica, current_setting('default_transaction_read_only') as somente_leitura`,
    );
    expect(r).toEqual({ replica: true, somente_leitura: 'on' });
    const [p] = await queryRows<{ replica: boolean }>(database!.db, sql`select pg_is_in_recovery() as replica`);
    expect(p).toEqual({ replica: false });
    const res = await app!.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^saude_db_replica_pool_conexoes\{estado="total"\} [1-9]/m);
    expect(res.body).toMatch(/^saude_db_replica_atraso_segundos \d/m);
    expect(res.body).toMatch(/^saude_db_pool_conexoes\{estado="total"\} [1-9]/m);
  }, 180_000);

  it('a worker of PROCESSOS > 1 reads reports from the replica too', async () => {
    const processo = await abrirParaProcesso(primaryUrl, database!.engine, standbyUrl);
    try {
      const [r] = await queryRows<{ replica: boolean }>(processo.leitura, sql`select pg_is_in_recovery() as replica`);
      expect(r).toEqual({ replica: true });
      const [p] = await queryRows<{ replica: boolean }>(processo.db, sql`select pg_is_in_recovery() as replica`);
      expect(p).toEqual({ replica: false });
    } finally {
      await processo.close();
    }
    const semReplica = await abrirParaProcesso(primaryUrl, database!.engine, null);
    try {
      const [r] = await queryRows<{ replica: boolean }>(semReplica.leitura, sql`select pg_is_in_recovery() as replica`);
      expect(r).toEqual({ replica: false });
    } finally {
      await semReplica.close();
    }
  }, 180_000);

  it('what the user wrote reads back at once from the primary; the audit report has it once the replica replays it', async () => {
    await noStandby('select pg_wal_replay_pause()');
    let id: string;
    try {
      id = await novoTema();
      // The user's own reads: the record and the list, at once.
      const show = await app!.inject({
        method: 'GET',
        url: `/api/v1/ferramentas/temas/${id}`,
        headers: gestor.headers,
      });
      expect(show.statusCode, show.body).toBe(200);
      const lista = await app!.inject({ method: 'GET', url: '/api/v1/ferramentas/temas', headers: gestor.headers });
      expect(lista.body).toContain(id);
      // The audit row of that write is on the primary…
      const [escrita] = await queryRows<{ n: number }>(
        database!.db,
        sql`select count(*)::int as n from auditoria where record_id = ${id}`,
      );
      expect(escrita?.n).toBe(1);
      // …and the heavy reads, on the paused replica, do not have it yet.
      expect(await trilha(id)).toBe(0);
      expect(await csv(id)).not.toContain(id);
    } finally {
      await noStandby('select pg_wal_replay_resume()');
    }
    await esperar(async () => (await trilha(id)) === 1);
    expect(await csv(id)).toContain(id);
    expect(avisos.filter((a) => a.includes('Réplica de leitura'))).toEqual([]);
  }, 180_000);

  it('with the replica stopped, the report answers from the primary and warns once', async () => {
    stop(iniciados.at(-1)!);
    const id = await novoTema();
    expect(await trilha(id)).toBe(1);
    expect(await csv(id)).toContain(id);
    expect(await trilha(id)).toBe(1);
    expect(avisos.filter((a) => a.startsWith('Réplica de leitura indisponível'))).toHaveLength(1);
  }, 180_000);
});
