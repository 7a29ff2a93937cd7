// npm run bench: our endpoints against a bare Fastify route doing the same single SQL query, in the same run.
// DATABASE_URL set: a real PostgreSQL; otherwise an in-memory PGlite. Target: ours ≥ 60 % of the bare throughput.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openPglite, openPostgres } from '../apps/api/src/db/client';
import { prepareDatabase } from '../apps/api/src/seed/setup';
import { loadSession } from '../apps/api/src/auth/sessions';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DEMO: 'true' });
const database = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL) : await openPglite(null);
await prepareDatabase(database, { demo: true });
const db = database.db;

const app = await buildApp(config, database, { logger: false, serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const ours = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const loginRes = await fetch(`${ours}/api/v2/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ login: 'medico', senha: 'saude123' }),
});
const { token } = (await loginRes.json()) as { token: string };
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

// The bare route: the same single session + permissions query (loadSession), no hooks, no schemas.
const bare = Fastify({ logger: false });
const policy = { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS };
const lookup = (t: string) => loadSession(db, t, policy);
bare.get('/me', async (req) => {
  const u = await lookup(String(req.headers.authorization).slice(7));
  return { login: u?.login, nome: u?.nome, email: u?.email, unidade_atual: u?.unidadeId };
});
bare.post('/permissoes', async (req) => ({
  ok: (await lookup(String(req.headers.authorization).slice(7)))?.permissions.has('municipes:index'),
}));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

async function run(title: string, url: string, method: 'GET' | 'POST', body?: string) {
  const r = await autocannon({ url, method, headers: auth, body, connections, duration: seconds });
  if (r.non2xx > 0) throw new Error(`${title}: ${r.non2xx} respostas não-2xx`);
  return { title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

// Warm both servers up so the first measured route does not pay for JIT and cold caches.
await autocannon({ url: `${ours}/api/v2/auth/me`, headers: auth, connections, duration: 2 });
await autocannon({ url: `${bareUrl}/me`, headers: auth, connections, duration: 2 });

const body = JSON.stringify({ authorize: 'municipes:index', resource_id: null });
const rows = [
  await run('GET /api/v2/auth/me', `${ours}/api/v2/auth/me`, 'GET'),
  await run('bare GET /me (same SQL)', `${bareUrl}/me`, 'GET'),
  await run('POST /api/ferramentas/permissoes', `${ours}/api/ferramentas/permissoes`, 'POST', body),
  await run('bare POST /permissoes (same SQL)', `${bareUrl}/permissoes`, 'POST', body),
];
console.log(`\nbanco: ${database.kind}; ${connections} conexões, ${seconds} s por rota\n`);
console.log('rota'.padEnd(38), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8));
for (const r of rows)
  console.log(r.title.padEnd(38), r.rps.toFixed(0).padStart(9), String(r.p50).padStart(8), String(r.p99).padStart(8));
for (const [a, b] of [
  [rows[0]!, rows[1]!],
  [rows[2]!, rows[3]!],
] as const) {
  const ratio = a.rps / b.rps;
  console.log(
    `${a.title}: ${(ratio * 100).toFixed(0)} % da rota simples (meta ≥ 60 %) ${ratio >= 0.6 ? 'OK' : 'ABAIXO DA META'}`,
  );
}
await app.close();
await bare.close();
await database.close();
