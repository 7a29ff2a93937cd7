import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TRAVA_MIGRACOES } from '../db/client';
import { useTestApp } from '../test/helpers';
import { emAndamento, MSG_METRICAS_NEGADAS } from './metrics';

// Issue 42: GET /api/metrics in Prometheus text for loopback, the allowed addresses or the token; 403 to others.
// GET /api/ready: 503 while the migrations' lock is held.

const TOKEN = 'token-das-metricas-de-teste-1234567890';

describe('GET /api/metrics', () => {
  const t = useTestApp({ METRICS_ALLOW: '10.9.0.0/16, 192.168.7.7', METRICS_TOKEN: TOKEN });
  const metrics = (opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'GET', url: '/api/metrics', ...opts });

  it('answers loopback with each route pattern, never a path with ids or a query string', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health?x=segredo' });
    await t.app.inject({ method: 'GET', url: '/api/v1/municipes/00000000-0000-0000-0000-000000000000' });
    const res = await metrics();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/,
    );
    expect(res.body).toContain('route="/api/v1/municipes/:id"');
    expect(res.body).not.toContain('00000000-0000');
    expect(res.body).not.toContain('segredo');
    expect(res.body).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(res.body).toMatch(/saude_event_streams_abertos 0/);
  });

  it('counts long work in progress while it runs', async () => {
    let soltar = () => {};
    const trabalho = emAndamento('exportacao_esus', () => new Promise<void>((r) => (soltar = r)));
    expect((await metrics()).body).toContain('saude_trabalhos_em_andamento{tipo="exportacao_esus"} 1');
    soltar();
    await trabalho;
    expect((await metrics()).body).toContain('saude_trabalhos_em_andamento{tipo="exportacao_esus"} 0');
  });

  it('answers an allowed address or subnet, and anyone with the token', async () => {
    expect((await metrics({ remoteAddress: '10.9.200.1' })).statusCode).toBe(200);
    expect((await metrics({ remoteAddress: '192.168.7.7' })).statusCode).toBe(200);
    const comToken = await metrics({ remoteAddress: '203.0.113.5', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(comToken.statusCode).toBe(200);
  });

  it('refuses other addresses, a wrong token, and a request a proxy forwarded from outside', async () => {
    for (const res of [
      await metrics({ remoteAddress: '203.0.113.5' }),
      await metrics({ remoteAddress: '192.168.7.8' }),
      await metrics({ remoteAddress: '203.0.113.5', headers: { authorization: `Bearer ${TOKEN}x` } }),
      await metrics({ headers: { 'x-forwarded-for': '203.0.113.5' } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: MSG_METRICAS_NEGADAS });
    }
  });
});

describe('GET /api/ready', () => {
  const t = useTestApp();

  it('is 200 when the database answers and no process is migrating, 503 while one is', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'pronto' });
    const migrando = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'migrando' });
    };
    if (t.kind === 'pglite') {
      // One connection: the lock and its release are this session's.
      await t.db.execute(sql`select pg_advisory_lock(${TRAVA_MIGRACOES})`);
      try {
        await migrando();
      } finally {
        await t.db.execute(sql`select pg_advisory_unlock(${TRAVA_MIGRACOES})`);
      }
    } else {
      // A pool: the lock is held by this transaction's connection until it ends; the API asks on another.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${TRAVA_MIGRACOES})`);
        await migrando();
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});
