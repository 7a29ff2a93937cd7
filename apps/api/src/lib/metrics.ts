import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { PoolAgora } from '../db/client';
import { AppError } from './errors';

// GET /api/metrics (issue 42): what an operator's Prometheus scrapes from each API process — requests and their
// latency per route, server errors, the database pool, the event loop's lag (prom-client's defaults), open event
// streams and long work in progress. No label ever holds a path's ids, a query string or a user: routes are patterns.

/** Long work a process is doing now, by kind (an e-SUS export…): `emAndamento` counts it while it runs. */
const trabalhos = new Map<string, number>();

/** Runs `fn` counted as one `tipo` of work in progress (saude_trabalhos_em_andamento). */
export async function emAndamento<T>(tipo: string, fn: () => Promise<T>): Promise<T> {
  trabalhos.set(tipo, (trabalhos.get(tipo) ?? 0) + 1);
  try {
    return await fn();
  } finally {
    trabalhos.set(tipo, (trabalhos.get(tipo) ?? 1) - 1);
  }
}

export type FontesDeMetricas = {
  /** The database pool now (PostgreSQL); absent on PGlite, which has none. */
  pool?: () => PoolAgora;
  /** The read replica's pool and replay lag in seconds (DATABASE_REPLICA_URL); absent without one. */
  replica?: { pool: () => PoolAgora; atraso: () => Promise<number | null> };
  /** Open Server-Sent Event streams (the calling panels). */
  streams: () => number;
};

export const MSG_METRICAS_NEGADAS =
  'Métricas disponíveis só para endereços autorizados (METRICS_ALLOW) ou com o token.';

/** Loopback, unless the request came through a proxy (then the proxy's own address says nothing of the client). */
function permitido(req: FastifyRequest, allow: BlockList, token: Buffer | null): boolean {
  const auth = req.headers.authorization;
  if (token && auth?.startsWith('Bearer ')) {
    const dado = Buffer.from(auth.slice('Bearer '.length));
    if (dado.length === token.length && timingSafeEqual(dado, token)) return true;
  }
  const ip = req.ip.replace(/^::ffff:/, '');
  const familia = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  const loopback = ip === '::1' || ip.startsWith('127.');
  if (loopback && req.headers['x-forwarded-for'] === undefined) return true;
  return isIP(ip) !== 0 && allow.check(ip, familia);
}

/** The metrics of this app (its own registry: tests build many apps in one process) and GET /api/metrics. */
export function registerMetrics(app: FastifyInstance, config: Config, fontes: FontesDeMetricas): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duracao = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Tempo das respostas HTTP, por rota e código',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const erros = new Counter({
    name: 'http_server_errors_total',
    help: 'Respostas 5xx, por rota',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const gaugeDePool = (name: string, qual: string, agora: (() => PoolAgora) | undefined) =>
    new Gauge({
      name,
      help: `Conexões do pool ${qual}: total, ociosas e pedidos esperando uma`,
      labelNames: ['estado'] as const,
      registers: [registry],
      collect() {
        const p = agora?.();
        if (!p) return;
        this.set({ estado: 'total' }, p.total);
        this.set({ estado: 'ociosas' }, p.idle);
        this.set({ estado: 'esperando' }, p.waiting);
      },
    });
  gaugeDePool('saude_db_pool_conexoes', 'do PostgreSQL', fontes.pool);
  gaugeDePool('saude_db_replica_pool_conexoes', 'da réplica de leitura', fontes.replica?.pool);
  new Gauge({
    name: 'saude_db_replica_atraso_segundos',
    help: 'Quanto a réplica de leitura está atrás do que recebeu do principal (segundos; 0: em dia)',
    registers: [registry],
    async collect() {
      const atraso = await fontes.replica?.atraso();
      if (atraso !== undefined && atraso !== null) this.set(atraso);
    },
  });
  new Gauge({
    name: 'saude_event_streams_abertos',
    help: 'Fluxos de eventos (painéis de chamada) abertos neste processo',
    registers: [registry],
    collect() {
      this.set(fontes.streams());
    },
  });
  // Which process answered (PROCESSOS > 1 shares one port among several): the series of each stay apart.
  new Gauge({
    name: 'saude_processo_info',
    help: 'Este processo da API, pelo seu pid (com PROCESSOS maior que 1, cada leitura vem de um deles)',
    labelNames: ['pid'] as const,
    registers: [registry],
    collect() {
      this.set({ pid: String(process.pid) }, 1);
    },
  });
  new Gauge({
    name: 'saude_trabalhos_em_andamento',
    help: 'Trabalhos longos em andamento neste processo (exportação e-SUS…), por tipo',
    labelNames: ['tipo'] as const,
    registers: [registry],
    collect() {
      for (const [tipo, n] of trabalhos) this.set({ tipo }, n);
    },
  });

  // A callback, not async: nothing to wait for (issue 41: a promise per request).
  app.addHook('onResponse', (req, reply, done) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? 'sem_rota' };
    duracao.observe({ ...labels, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) erros.inc(labels);
    done();
  });

  const allow = new BlockList();
  for (const a of config.METRICS_ALLOW) {
    const [ip = '', bits] = a.split('/');
    const tipo = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) allow.addAddress(ip, tipo);
    else allow.addSubnet(ip, Number(bits), tipo);
  }
  const token = config.METRICS_TOKEN ? Buffer.from(config.METRICS_TOKEN) : null;
  app.get('/api/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    if (!permitido(req, allow, token)) throw new AppError(403, MSG_METRICAS_NEGADAS);
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
