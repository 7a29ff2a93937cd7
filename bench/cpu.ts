// npm run bench:cpu — the API's CPU per read request (issue 15: fixed cost ≤ 2 ms), next to a bare Fastify route that
// sends the very same SQL. A town of BENCH_FAMILIAS families (default 3,000) in BENCH_EQUIPES teams on PostgreSQL
// (DATABASE_URL's server or a throwaway one, see town.ts). The SQL of each read is recorded once from the API itself
// (in this process, every statement node-postgres sends, with its parameters); then the production build runs in its
// own process and a bare Fastify server in another (this file with the argument `bare`), which answers each read by
// replaying that read's statements on one connection and sending the rows as JSON. Each read is sent BENCH_REQUESTS
// times (default 10,000, BENCH_CONCURRENCY at a time, default 4) to each server, alternating blocks, after
// BENCH_AQUECIMENTO (default 5,000) unmeasured ones, and the CPU each server process used (the nanoseconds its threads
// ran, /proc/<pid>/task/*/schedstat) is divided by the requests. API − bare is what our code adds per request:
// session, access, validation, query building, mapping, serialisation. BENCH_EXPLAIN=1 also prints EXPLAIN (ANALYZE,
// BUFFERS) of each read's queries as the API sent them.
//
// The ceiling is a steady state: a server in service answers millions of requests. Until 30/11 the bench sent 100
// warm-up and 500 measured requests and read CPU in 10 ms ticks (/proc/<pid>/stat): 250 requests of a 0.15 ms read are
// under 4 ticks, so one tick moved a cell by a quarter, and V8 had not yet optimised the API's code (far more of it
// than the bare route's), which it does after some thousands of calls. docs/decisions.md, "the ceiling measured at
// steady state".
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openPostgres } from '../apps/api/src/db/client';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo';
import { Client, log, machine, printGoals, startServer } from './lib';
import { agentLogin, fragment, prepareTown } from './town';

type Statement = { text: string; name?: string; values?: unknown[]; rowMode?: string };
type Read = { kind: string; url: string; statements: Statement[] };

/**
 * CPU seconds the process's threads have run so far (user + system, in nanoseconds: the first field of each thread's
 * schedstat). /proc/<pid>/stat counts in 10 ms ticks, too coarse for a few hundred requests of 0.1 ms.
 */
function cpuSeconds(pid: number): number {
  let ns = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return ns / 1e9;
}

/** The parent process of `pid` (field 4 of /proc/<pid>/stat). */
function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/**
 * The postmaster of the bench's server: the parent of a backend. Only its children are counted: other sessions on the
 * same machine run PostgreSQL servers of their own (tests, other benches), whose CPU would land on whichever read is
 * being measured, the more the longer it takes. 0 when the server is not on this machine.
 */
async function postmasterOf(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
    return parentOf(rows[0]!.pid);
  } catch {
    return 0; // a server on another machine: every local PostgreSQL process is counted, as before
  } finally {
    await c.end();
  }
}

/** CPU seconds used so far by each process of the bench's PostgreSQL server (the children of `postmaster`, or all). */
function postgresCpu(postmaster: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      if (postmaster && Number(pid) !== postmaster && parentOf(Number(pid)) !== postmaster) continue;
      // Autovacuum comes when it will (the generated town, the audit rows piling up): it would land on whichever read
      // is being measured, so it is left out.
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('autovacuum')) continue;
      out.set(Number(pid), cpuSeconds(Number(pid)));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU seconds the bench's PostgreSQL used since `before` (a process that ended meanwhile is not counted). */
function postgresCpuSince(postmaster: number, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, s] of postgresCpu(postmaster)) total += s - (before.get(pid) ?? 0);
  return total;
}

/** Every statement node-postgres sends while `fn` runs. */
async function record(fn: () => Promise<unknown>): Promise<Statement[]> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  const seen: Statement[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [q, values] = args;
    if (typeof q === 'string') seen.push({ text: q, ...(Array.isArray(values) ? { values } : {}) });
    else if (q && typeof q === 'object' && 'text' in q) {
      const c = q as Statement;
      // drizzle sends the parameters beside the config: query({ text, rowMode }, values).
      const params = c.values ?? (Array.isArray(values) ? values : undefined);
      // Named statements (the session, the audit row, `preparado`) are replayed named: planned once, as the API's.
      seen.push({
        text: c.text,
        ...(c.name ? { name: c.name } : {}),
        ...(params ? { values: params } : {}),
        ...(c.rowMode ? { rowMode: c.rowMode } : {}),
      });
    }
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return seen;
}

/** BENCH_EXPLAIN=1: EXPLAIN (ANALYZE, BUFFERS) of each read's queries as the API sent them (not the session's). */
async function explain(url: string, reads: Read[]) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const r of reads) {
      for (const s of r.statements) {
        if (!/^\s*(select|with)\b/i.test(s.text) || s.text.includes('from sessoes s')) continue;
        const plan = await c.query(`explain (analyze, buffers, costs off) ${s.text}`, s.values);
        log(`\n--- ${r.kind}: ${r.url}`);
        for (const row of plan.rows as Array<{ 'QUERY PLAN': string }>) log(`    ${row['QUERY PLAN']}`);
      }
    }
  } finally {
    await c.end();
  }
}

async function main() {
  const FAMILIAS = Number(process.env.BENCH_FAMILIAS ?? 3000);
  const EQUIPES = Number(process.env.BENCH_EQUIPES ?? 4);
  const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10000);
  const AQUECIMENTO = Number(process.env.BENCH_AQUECIMENTO ?? 5000);
  const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
  log('== gerando o município');
  const town = await prepareTown('postgres', { equipes: EQUIPES, familias: FAMILIAS, visitas: 10 }, log);
  log(`  ${town.counts}`);
  const tmp = fs.mkdtempSync(`${os.tmpdir()}/saude-bench-cpu-`);
  try {
    // 1. The reads an agent makes, and the SQL the API sends for each (recorded in this process).
    const config = loadConfig({ ...process.env, ...town.env, LOG_LEVEL: 'silent' });
    const database = await openPostgres(town.env.DATABASE_URL!, 4);
    const app = await buildApp(config, database, { logger: false, serveWeb: false });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { login: agentLogin(0), senha: DEMO_PASSWORD },
    });
    const token = (login.json() as { token: string }).token;
    const fam = town.samples.find((s) => s.equipe === 0 && s.cpf)!;
    const visitas = '/api/v1/atencao_primaria/visitas_domiciliares';
    const urls: Array<[string, string]> = [
      ['sessão (GET /auth/me)', '/api/v2/auth/me'],
      ['lista de munícipes, página 3', '/api/v1/municipes?page=3'],
      ['busca de munícipes por nome', `/api/v1/municipes?q=${encodeURIComponent(fragment(fam.nome))}`],
      ['busca de munícipes por CPF', `/api/v1/municipes?q=${fam.cpf}`],
      ['famílias do agente p/ visita', `${visitas}/familias?page=2`],
      ['detalhe da família', `${visitas}/familias/${fam.familia_id}`],
      ['histórico de visitas da família', `${visitas}?familia_id=${fam.familia_id}`],
    ];
    // BENCH_READS=<text>: only the reads whose name contains it (e.g. to profile one with BENCH_PROFILE).
    const only = process.env.BENCH_READS;
    const reads: Read[] = [];
    for (const [kind, url] of urls.filter(([kind]) => !only || kind.includes(only))) {
      let status = 0;
      // Recorded at its second sending: what the API sends in steady state (the session is then in its cache,
      // auth/session-cache.ts, as it is for every request but one a minute of a working user).
      await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      const statements = await record(async () => {
        status = (await app.inject({ url, headers: { authorization: `Bearer ${token}` } })).statusCode;
      });
      if (status !== 200) throw new Error(`${kind}: ${status}`);
      reads.push({ kind, url, statements });
    }
    await app.close();
    await database.close();
    if (process.env.BENCH_EXPLAIN) await explain(town.env.DATABASE_URL!, reads);
    const file = `${tmp}/reads.json`;
    fs.writeFileSync(file, JSON.stringify(reads));

    const postmaster = await postmasterOf(town.env.DATABASE_URL!);

    // 2. Both servers in their own processes.
    const api = await startServer(town.env);
    // BENCH_PROFILE=<dir>: the bare server writes its CPU profile there too, to compare with the API's (bench/lib.ts).
    const prof = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const bareChild = spawn(process.execPath, [...prof, '--import', 'tsx', import.meta.filename, 'bare', file], {
      env: { ...process.env, DATABASE_URL: town.env.DATABASE_URL },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const barePort = await new Promise<string>((resolve, reject) => {
      bareChild.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
      bareChild.once('exit', () => reject(new Error('o servidor simples terminou')));
    });
    const c = new Client(api.url, CONCURRENCY);
    const bare = new Client(`http://127.0.0.1:${barePort}`, CONCURRENCY);
    try {
      /**
       * CPU ms per request while `n` requests go, `CONCURRENCY` at a time: of the server `pid`, of PostgreSQL, and of
       * this process (the client: sending, parsing the answer).
       */
      const burn = async (pid: number, n: number, send: () => Promise<{ status: number; body: string }>) => {
        const before = cpuSeconds(pid);
        const pgBefore = postgresCpu(postmaster);
        const clientBefore = process.cpuUsage();
        let left = n;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (left-- > 0) {
              const res = await send();
              if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.body.slice(0, 300)}`);
            }
          }),
        );
        const client = process.cpuUsage(clientBefore);
        return {
          server: ((cpuSeconds(pid) - before) * 1000) / n,
          postgres: (postgresCpuSince(postmaster, pgBefore) * 1000) / n,
          client: (client.user + client.system) / 1000 / n,
        };
      };
      type Cpu = Awaited<ReturnType<typeof burn>>;
      const rows: Array<{ kind: string; api: Cpu; bare: Cpu; statements: number }> = [];
      for (const [i, r] of reads.entries()) {
        const ours = () => c.request('GET', r.url, { token });
        const theirs = () => bare.request('GET', `/r/${i}`);
        await burn(api.pid, AQUECIMENTO, ours); // warm-up: JIT, caches, prepared plans
        await burn(bareChild.pid!, AQUECIMENTO, theirs);
        const a: Cpu[] = [];
        const b: Cpu[] = [];
        // Alternating halves, so both see the machine in the same state.
        for (let half = 0; half < 2; half++) {
          a.push(await burn(api.pid, REQUESTS / 2, ours));
          b.push(await burn(bareChild.pid!, REQUESTS / 2, theirs));
        }
        rows.push({ kind: r.kind, api: meanCpu(a), bare: meanCpu(b), statements: r.statements.length });
      }
      const w = Math.max(...rows.map((r) => r.kind.length));
      const n = (x: number, width: number) => x.toFixed(2).padStart(width);
      log(
        `\nCPU por requisição (ms), ${REQUESTS} requisições de cada depois de ${AQUECIMENTO} de aquecimento, ${CONCURRENCY} por vez\n`,
      );
      log(
        `${'leitura'.padEnd(w)}  ${'SQL'.padStart(3)}  ${'API'.padStart(6)}  ${'simples'.padStart(7)}  ${'API−simples'.padStart(11)}  ${'PG (API)'.padStart(8)}  ${'PG (simples)'.padStart(12)}  ${'cliente'.padStart(7)}`,
      );
      for (const r of rows)
        log(
          `${r.kind.padEnd(w)}  ${String(r.statements).padStart(3)}  ${n(r.api.server, 6)}  ${n(r.bare.server, 7)}  ${n(r.api.server - r.bare.server, 11)}  ${n(r.api.postgres, 8)}  ${n(r.bare.postgres, 12)}  ${n(r.api.client, 7)}`,
        );
      log(
        '(SQL: comandos enviados ao banco por requisição; PG: CPU dos processos do PostgreSQL do bench; cliente: este',
      );
      log(' processo, que envia as requisições e lê as respostas)');
      // What 2 cores can serve of this mix at most: 1 s of each core over the CPU of a request, with the client on
      // the same machine (as bench:carga runs) and without it (clients elsewhere, as in production).
      const mix = (pick: (r: (typeof rows)[number]) => Cpu, client: boolean) =>
        rows.reduce((s, r) => s + pick(r).server + pick(r).postgres + (client ? pick(r).client : 0), 0) / rows.length;
      const cores = os.cpus().length;
      const teto = (ms: number) => `${Math.round((cores * 1000) / ms)} req/s (${ms.toFixed(2)} ms)`;
      log(
        `\nTeto de ${cores} núcleos para a mistura acima (CPU de uma requisição: servidor + PostgreSQL [+ cliente]):`,
      );
      log(`  API: ${teto(mix((r) => r.api, false))}; com o cliente na mesma máquina ${teto(mix((r) => r.api, true))}`);
      log(
        `  rota simples com o mesmo SQL: ${teto(mix((r) => r.bare, false))}; com o cliente ${teto(mix((r) => r.bare, true))}`,
      );
      // Issue 41's goal: the API's ceiling ≥ 75 % of the bare route's, clients elsewhere.
      log(
        `  API ÷ rota simples: ${((100 * mix((r) => r.bare, false)) / mix((r) => r.api, false)).toFixed(1).replace('.', ',')} % (meta ≥ 75 %)`,
      );
      log(`\n${machine()}`);
      const fixed = (r: (typeof rows)[number]) => r.api.server - r.bare.server;
      const worst = rows.reduce((m, r) => (fixed(r) > fixed(m) ? r : m));
      const all = rows.reduce((s, r) => s + r.api.server, 0) / rows.length;
      printGoals(`CPU da API por leitura: ${FAMILIAS.toLocaleString('pt-BR')} famílias`, [
        { what: 'CPU da API por leitura (média)', goal: '≤ 2 ms', measured: all, unit: 'ms', limit: 2 },
        {
          what: `custo fixo (API − simples), pior: ${worst.kind}`,
          goal: '≤ 2 ms',
          measured: fixed(worst),
          unit: 'ms',
          limit: 2,
        },
      ]);
    } finally {
      c.close();
      bare.close();
      bareChild.stdin!.end();
      await api.stop();
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    await town.cleanup();
  }
}

function meanCpu(xs: Array<{ server: number; postgres: number; client: number }>) {
  const m = (k: 'server' | 'postgres' | 'client') => xs.reduce((s, x) => s + x[k], 0) / xs.length;
  return { server: m('server'), postgres: m('postgres'), client: m('client') };
}

async function serveBare() {
  // The bare server: one route per read, replaying its statements as they were sent, rows out as JSON.
  const reads = JSON.parse(fs.readFileSync(process.argv[3]!, 'utf8')) as Read[];
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify({ logger: false });
  reads.forEach((r, i) =>
    app.get(`/r/${i}`, async () => {
      const conn = await pool.connect();
      try {
        // The answer: the rows of the statement that brought the most (the page, not the count or the commit).
        let rows: unknown[] = [];
        for (const s of r.statements) {
          const res = await conn.query(s as pg.QueryConfig);
          if (res.rows.length > rows.length) rows = res.rows;
        }
        return rows;
      } finally {
        conn.release();
      }
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${(app.server.address() as { port: number }).port}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void app.close().then(() => pool.end()));
}

if (process.argv[2] === 'bare') await serveBare();
else await main();
