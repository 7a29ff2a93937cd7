import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { createHash } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { renderSql } from './render';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

/**
 * The engine in use, named in the start-up line and GET /api/health (issue 39): a quick start that fell back to
 * PGlite says so, and why, instead of leaving tests and people to find out from a missing socket.
 */
export type Engine = {
  motor: 'postgresql externo' | 'postgres embutido' | 'pglite';
  /** Why the embedded PostgreSQL was not used, when PGlite stands in for it; null otherwise. */
  reserva: string | null;
};

export type Database = {
  db: Db;
  /**
   * Where heavy read-only work reads (issue 42): the streaming replica of DATABASE_REPLICA_URL, or `db` itself when
   * none is set (embedded database, PGlite, tests). It may lag a write by a moment: see `Ctx.leitura`.
   */
  leitura: Db;
  /** The replica's pool and how far its replay is behind (seconds; null when unknown), when there is one. */
  replica?: { pool: () => PoolAgora; atraso: () => Promise<number | null> };
  kind: 'pglite' | 'postgres';
  engine: Engine;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** Plain SQL with $1… parameters, one statement (scripts and benches; the app goes through `db`). */
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** PostgreSQL only: the pool's connections now (GET /api/metrics, issue 42). */
  pool?: () => PoolAgora;
  /** PGlite only: the whole data directory as a tarball (the tests' migrated base). */
  dump?: () => Promise<Blob>;
  /**
   * LISTEN on a channel: `handler` receives each NOTIFY's payload (after the notifying transaction commits). Answers
   * the function that stops listening. On PostgreSQL one dedicated connection per process carries every channel and
   * reconnects by itself; `onReconnect` says when it came back, since NOTIFYs sent while it was down are lost.
   */
  listen: (channel: string, handler: (payload: string) => void, opts?: ListenOptions) => Promise<() => Promise<void>>;
};

export type PoolAgora = { total: number; idle: number; waiting: number };

export type ListenOptions = {
  onReconnect?: () => void;
  /** The channel is heard from now on: at subscription when already connected, and after each (re)connection. */
  onConnect?: () => void;
  /** The connection was lost: NOTIFYs are missed until `onConnect` (PostgreSQL only; PGlite never drops). */
  onDisconnect?: () => void;
};

/**
 * What changes a signed-in user's session (auth/session-cache.ts): triggers NOTIFY it (migration 0025). Every pooled
 * connection LISTENs on it too, so a write of this process reaches its handlers before the write's own promise resolves
 * (PostgreSQL sends a session its own notifications before ReadyForQuery): a request that revoked a session or changed
 * a profile is never followed by one served from the old session. Other processes hear it through the LISTEN
 * connection, a moment later.
 */
export const CANAL_SESSOES = 'sessoes_alteradas';

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * pg_trgm's default word-similarity threshold (0.6) misses one wrong consonant in a long word ('conseicao' scores 0.54
 * against 'conceicao'); 0.5 finds it. Every connection starts with it (only the citizen search's misspelling step uses
 * the `<%` operators it governs), so a search needs no transaction of its own to set it (issue 15: reads skip BEGIN).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
/**
 * The memory a sort or a bitmap of one statement may take before spilling (PostgreSQL's default is 4 MB). A broad name
 * search at a big city's size makes a bitmap of 300,000–800,000 rows ("maria silva": 7 % of 12 million): at 4 MB it goes
 * lossy and every row of a lossy page is checked again by computing its words (400 ms); 32 MB keeps it exact (issue 41).
 * A ceiling, used only by the statements that need it.
 */
export const WORK_MEM = '32MB';
/**
 * libpq start-up options: applied in the connection's first packet, no extra round trip. JIT off: every statement
 * here is short, and a plan whose estimate is large (a broad name read row by row, stopped at its first matches)
 * spent 420 ms compiling for 35 ms of work (issue 41).
 */
export const sessionOptions = `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} -c work_mem=${WORK_MEM} -c jit=off`;

/** PGlite in a directory, or in memory when dataDir is null (tests); `from`: start from a dumped data directory
 * (the tests' migrated base, test/global-setup.ts) instead of running initdb. */
export async function openPglite(dataDir: string | null, from?: Blob): Promise<Database> {
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(from ? { loadDataDir: from } : {}),
    extensions: { pg_trgm, unaccent },
  });
  await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    leitura: db as unknown as Db,
    kind: 'pglite',
    engine: { motor: 'pglite', reserva: null },
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    query: (text, params) => client.query(text, params),
    // One process, one database: PGlite delivers its NOTIFYs in-process (a write's before the write resolves) and
    // never drops the "connection".
    listen: async (channel, handler, opts = {}) => {
      const unlisten = await client.listen(channel, handler);
      opts.onConnect?.();
      return unlisten;
    },
  };
}

/**
 * The migrations' advisory lock (issue 42): processes starting together take turns, the first migrates and the others
 * find nothing to do; GET /api/ready answers 503 while any process holds it. Under 2^32: pg_locks shows it in objid.
 */
export const TRAVA_MIGRACOES = 420_042;

// The lock's session is a connection of its own, outside the pool: a pool of one (a small install, the tests) would
// otherwise wait forever for the connection the lock holds.
async function migrarComTrava(url: string, migrar: () => Promise<void>): Promise<void> {
  const conn = new pg.Client({ connectionString: url });
  await conn.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [TRAVA_MIGRACOES]);
    await migrar();
  } finally {
    // Ending the session releases the lock, also when a migration failed.
    await conn.end();
  }
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, options: sessionOptions, Client: ClientQueOuve });
  // An idle connection the server ends (restart, failover, a dropped test database) must not crash the process: the
  // pool discards it and the next query opens a new one (node-postgres emits 'error' with no listener otherwise).
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL: conexão ociosa encerrada (${err.message})`);
  });
  // Every pooled connection hears CANAL_SESSOES from its start (see ClientQueOuve).
  const doPool = new Set<(payload: string) => void>();
  pool.on('connect', (c) => {
    c.on('notification', (n) => {
      if (n.channel === CANAL_SESSOES) for (const h of doPool) h(n.payload ?? '');
    });
  });
  // Fail fast with a clear message instead of at the first request.
  const conn = await pool.connect();
  conn.release();
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const listener = pgListener(url);
  return {
    db: db as unknown as Db,
    leitura: db as unknown as Db,
    kind: 'postgres',
    engine: { motor: 'postgresql externo', reserva: null },
    migrate: () => migrarComTrava(url, () => migratePg(db, { migrationsFolder })),
    close: async () => {
      await listener.close();
      await pool.end();
    },
    query: (text, params) => pool.query(text, params),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: async (channel, handler, opts) => {
      if (channel !== CANAL_SESSOES) return listener.listen(channel, handler, opts);
      doPool.add(handler);
      const unlisten = await listener.listen(channel, handler, opts);
      return async () => {
        doPool.delete(handler);
        await unlisten();
      };
    },
  };
}

/**
 * Whether a read that failed on the replica is worth asking the primary: the replica is away (refused, reset, timed
 * out, shut down, still starting: no SQLSTATE, a system code, classes 08 and 57), out of connections (53), or cancelled
 * the query for a conflict with replay (40001). Anything else would fail on the primary too.
 */
export function replicaIndisponivel(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return /^E[A-Z]+$/.test(code) || /^(08|57|53)/.test(code) || code === '40001';
  return err instanceof Error && /connect|terminat|timeout/i.test(err.message);
}

/** The replica's sessions are read-only even when the URL names a primary by mistake: a write there fails loudly. */
const opcoesDaReplica = `${sessionOptions} -c default_transaction_read_only=on`;

/**
 * The replica's pool (issue 42): a query the replica cannot answer (see `replicaIndisponivel`) is asked of the
 * primary instead, so a report still answers while the replica is down; `caiu` hears each such fallback, `voltou` each
 * query the replica answered. Single queries only (what drizzle sends outside a transaction): a transaction on it is
 * the replica's alone.
 */
class PoolDaReplica extends pg.Pool {
  constructor(config: pg.PoolConfig, primario: pg.Pool, caiu: (err: Error) => void, voltou: () => void) {
    super(config);
    type Consulta = (...args: unknown[]) => Promise<pg.QueryResult>;
    const naReplica = this.query.bind(this) as Consulta;
    const noPrimario = primario.query.bind(primario) as Consulta;
    this.query = ((...args: unknown[]) => {
      // The callback form (node-postgres' own) is not used by the app; it stays the replica's.
      if (typeof args.at(-1) === 'function') return naReplica(...args);
      return naReplica(...args).then(
        (res) => {
          voltou();
          return res;
        },
        (err: unknown) => {
          if (!replicaIndisponivel(err)) throw err;
          caiu(err as Error);
          return noPrimario(...args);
        },
      );
    }) as pg.Pool['query'];
  }
}

/** Seconds the replica's replay is behind what it received (0 when caught up); null on a primary or when unknown. */
const ATRASO_DA_REPLICA = `select case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as atraso`;

/**
 * `primario` with `leitura` on the streaming replica at `url` (DATABASE_REPLICA_URL, issue 42). A replica that is away
 * at start or later does not stop anything: its reads go to the primary, with one warning each time it goes away.
 */
export async function comReplica(primario: Database, url: string, max = 10): Promise<Database> {
  const poolPrimario = (primario.db as { $client?: unknown }).$client;
  if (!(poolPrimario instanceof pg.Pool)) throw new Error('A réplica de leitura só vale com o PostgreSQL.');
  let fora = false;
  const caiu = (err: Error) => {
    if (fora) return;
    fora = true;
    process.emitWarning(
      `Réplica de leitura indisponível (${err.message}): relatórios e exportações leem do banco principal até ela voltar.`,
    );
  };
  const voltou = () => {
    fora = false;
  };
  const pool = new PoolDaReplica(
    // A replica that does not answer must not hold a report for long before the primary is asked.
    { connectionString: url, max, options: opcoesDaReplica, connectionTimeoutMillis: 5000 },
    poolPrimario,
    caiu,
    voltou,
  );
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL (réplica): conexão ociosa encerrada (${err.message})`);
  });
  try {
    const { rows } = await pool.query<{ replica: boolean }>('select pg_is_in_recovery() as replica');
    if (!fora && rows[0]?.replica === false)
      process.emitWarning('DATABASE_REPLICA_URL aponta para um banco que não é réplica (pg_is_in_recovery = false).');
  } catch (err) {
    caiu(err as Error);
  }
  const leitura = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  return {
    ...primario,
    leitura: leitura as unknown as Db,
    replica: {
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      atraso: async () => {
        const { rows } = await pool.query<{ atraso: number | null }>(ATRASO_DA_REPLICA).catch(() => ({ rows: [] }));
        return rows[0]?.atraso ?? null;
      },
    },
    close: async () => {
      await pool.end();
      await primario.close();
    },
  };
}

/**
 * A pooled connection that LISTENs on CANAL_SESSOES before the pool hands it out (its first query is then never
 * queued behind the LISTEN). The pool connects with a callback; `connect()` without one answers a promise.
 */
class ClientQueOuve extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: (err: Error | null, c?: pg.Client) => void): void;
  override connect(callback?: (err: Error | null, c?: pg.Client) => void): Promise<pg.Client> | void {
    const ready = super
      .connect()
      .then(() => this.query(`LISTEN ${this.escapeIdentifier(CANAL_SESSOES)}`))
      .then(() => this);
    if (!callback) return ready;
    ready.then(
      (c) => callback(null, c),
      (err: Error) => {
        // Connected but not listening: not handed out, and not left open.
        this.end().catch(() => {});
        callback(err);
      },
    );
  }
}

type Subscriber = { handler: (payload: string) => void } & ListenOptions;

/** The LISTEN connection's name in pg_stat_activity (tests end it to prove the reconnection). */
export const LISTEN_APPLICATION = 'saude-listen';

/** Waits between reconnection attempts of the LISTEN connection: 0.5 s doubling up to 30 s. */
export const listenBackoff = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt);

/**
 * The process's LISTEN connection: a pg.Client of its own (a pooled connection would be handed to queries, and a
 * LISTEN lives only as long as its session). Opened at the first listen; when the server ends it (restart, failover,
 * network) it reconnects with backoff and LISTENs again on every channel.
 */
function pgListener(url: string) {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let everConnected = false;
  let closed = false;

  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    for (const subs of channels.values()) for (const s of subs) s.onDisconnect?.();
    schedule();
  };

  const schedule = () => {
    if (closed || timer || connecting || channels.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      void connect().catch(() => {});
    }, listenBackoff(attempt++));
    timer.unref();
  };

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTEN_APPLICATION });
      c.on('error', (err) => {
        process.emitWarning(`PostgreSQL: conexão de LISTEN encerrada (${err.message})`);
        drop(c);
      });
      c.on('end', () => drop(c));
      c.on('notification', (n) => {
        for (const s of channels.get(n.channel) ?? []) s.handler(n.payload ?? '');
      });
      try {
        await c.connect();
        for (const channel of channels.keys()) await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      } catch (err) {
        c.end().catch(() => {});
        throw err;
      }
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      // A connection after a failed attempt or a drop: NOTIFYs may have been missed meanwhile.
      const reconnected = everConnected || attempt > 0;
      attempt = 0;
      everConnected = true;
      for (const subs of channels.values())
        for (const s of subs) {
          if (reconnected) s.onReconnect?.();
          s.onConnect?.();
        }
    })().finally(() => {
      connecting = null;
      if (!client) schedule();
    });
    return connecting;
  };

  const listen = async (channel: string, handler: (payload: string) => void, opts: ListenOptions = {}) => {
    const sub: Subscriber = { handler, ...opts };
    const subs = channels.get(channel) ?? new Set<Subscriber>();
    const isNew = subs.size === 0;
    subs.add(sub);
    channels.set(channel, subs);
    if (connecting) await connecting.catch(() => {});
    if (client) {
      // Heard from now on once the LISTEN is in (a LISTEN that fails ends the connection: drop and reconnect).
      if (isNew) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`).catch(() => {});
      if (client) sub.onConnect?.();
    }
    // The first listen connects (its LISTENs include this channel; its subscribers hear onConnect); a failure is
    // retried with backoff, and the subscriber hears onReconnect and onConnect when it succeeds.
    else await connect().catch(() => {});
    return async () => {
      subs.delete(sub);
      if (subs.size > 0 || channels.get(channel) !== subs) return;
      channels.delete(channel);
      if (client) await client.query(`UNLISTEN ${client.escapeIdentifier(channel)}`).catch(() => {});
    };
  };

  const close = async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    await connecting?.catch(() => {});
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };

  return { listen, close };
}

/**
 * Raw SQL for the few queries the builder cannot say well; both drivers answer with `rows`. On PostgreSQL's pool it is
 * rendered by `renderSql` and sent as drizzle would send it (an unnamed statement, dates as text): drizzle's own
 * rendering was most of the citizen search's cost per request (issue 41).
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const { sql: text, params } = renderSql(dialect, query);
    return (await pool.query({ text, values: params, types: typesComoDrizzle })).rows as T[];
  }
  if (conferirRender) renderSql(dialect, query);
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Under the tests (PGlite too) every raw statement's rendering is checked against drizzle's (db/render.ts). */
const conferirRender = Boolean(process.env.VITEST);

const nomes = new Map<string, string>();

/**
 * A prepared statement's name from its text: one per shape of a query, the same in every process. Remembered: the
 * reads that build their text per request (the family list) hashed it at every request (issue 41).
 */
export function statementName(text: string): string {
  let name = nomes.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    // Shapes are few (scope kind × filters); a bound all the same, for texts that carry a varying list.
    if (nomes.size >= 2000) nomes.clear();
    nomes.set(text, name);
  }
  return name;
}

const dialect = new PgDialect({ casing: 'snake_case' });

// Dates, times and intervals (and their arrays) stay text, as drizzle's node-postgres driver reads them.
const COMO_TEXTO = new Set([1082, 1083, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const typesComoDrizzle = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    COMO_TEXTO.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

/**
 * `queryRows` as a named prepared statement on PostgreSQL's pool, named by its text (see `preparedOnce` in
 * db/sql.ts: planned once per connection instead of at every request). In a transaction or on PGlite, as any query.
 * For statements whose plan does not depend on the values (not a LIKE on a value, not a trigram search).
 */
export async function queryRowsPrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = renderSql(dialect, query);
  return (await pool.query({ name: statementName(text), text, values: params, types: typesComoDrizzle })).rows as T[];
}
