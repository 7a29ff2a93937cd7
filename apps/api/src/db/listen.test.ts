import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, onPostgres } from '../test/helpers';
import { LISTEN_APPLICATION, listenBackoff, type Database } from './client';

// Database.listen (issue 17): the calling panel's LISTEN. A NOTIFY reaches the handler at commit; on PostgreSQL it
// comes through the process's dedicated connection, which comes back by itself after the server ends it.

/** The next payload the handler gets. */
function fila() {
  const payloads: string[] = [];
  const waiters: Array<(p: string) => void> = [];
  return {
    handler: (p: string) => {
      const w = waiters.shift();
      if (w) w(p);
      else payloads.push(p);
    },
    next: () =>
      payloads.length > 0 ? Promise.resolve(payloads.shift()!) : new Promise<string>((r) => waiters.push(r)),
    pending: () => payloads.length,
  };
}

describe('Database.listen', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('delivers a NOTIFY at commit, and nothing after unlisten', async () => {
    const q = fila();
    const outro = fila();
    const unlisten = await database.listen('teste_canal', q.handler);
    const unlistenOutro = await database.listen('teste_canal', outro.handler);
    await database.query('begin');
    await database.query(`select pg_notify('teste_canal', 'um')`);
    expect(q.pending()).toBe(0);
    await database.query('commit');
    expect(await q.next()).toBe('um');
    expect(await outro.next()).toBe('um');
    await unlisten();
    await database.query(`select pg_notify('teste_canal', 'dois')`);
    expect(await outro.next()).toBe('dois');
    expect(q.pending()).toBe(0);
    await unlistenOutro();
  });

  it.runIf(onPostgres)(
    'hears a NOTIFY from another connection, and listens again after the server drops it',
    async () => {
      const q = fila();
      let reconnected!: () => void;
      const voltou = new Promise<void>((r) => (reconnected = r));
      const unlisten = await database.listen('teste_reconexao', q.handler, { onReconnect: () => reconnected() });
      const [{ url }] = (await database.query(`select current_database() as url`)).rows as [{ url: string }];
      const admin = new URL(process.env.TEST_DATABASE_URL!);
      admin.pathname = `/${url}`;
      const outra = new pg.Client({ connectionString: admin.toString() });
      await outra.connect();
      try {
        await outra.query(`select pg_notify('teste_reconexao', 'de fora')`);
        expect(await q.next()).toBe('de fora');
        // The server ends the LISTEN connection (a restart, a failover): it reconnects and LISTENs again.
        const ended = await outra.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = $1`,
          [LISTEN_APPLICATION],
        );
        expect(ended.rowCount).toBe(1);
        await voltou;
        await outra.query(`select pg_notify('teste_reconexao', 'depois')`);
        expect(await q.next()).toBe('depois');
      } finally {
        await outra.end();
        await unlisten();
      }
    },
  );

  it('backs off from half a second to thirty', () => {
    expect([0, 1, 2, 10].map(listenBackoff)).toEqual([500, 1000, 2000, 30_000]);
  });
});
