// What every bench shares, so none can fool us (issue 15): the API is timed over real HTTP against the production
// build (apps/api/dist/main.js) running in its own process; load is open-loop (each simulated user has planned start
// times, and a late request counts from when it should have started: a stalled server cannot hide its queue, as
// autocannon at a fixed rate does); percentiles come from the raw samples; each bench ends with one table of goal,
// measured and ratio.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo';
import { agentLogin, engineName, isWrite, prepareTown, staffWork, type Engine, type Town } from './town';

export const root = path.resolve(import.meta.dirname, '..');
export const log = (m: string) => console.log(m);

// ---- numbers ----------------------------------------------------------------------------------------------

/** The p-th percentile of raw samples (nearest rank). */
export function pct(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export type Goal = {
  what: string;
  /** The goal as written in the issue. */
  goal: string;
  measured: number;
  unit: string;
  /** The number the goal names; ratio = measured / limit (≤ 1 is met) or limit / measured for "at least" goals. */
  limit: number;
  atLeast?: boolean;
};

/** One table: what, goal, measured, ratio (≤ 1,00 meets the goal), verdict. Returns whether every goal is met. */
export function printGoals(title: string, goals: Goal[]): boolean {
  const fmt = (n: number) =>
    Number.isFinite(n) ? n.toLocaleString('pt-BR', { maximumFractionDigits: n < 10 ? 2 : 0 }) : '—';
  const met = (g: Goal) => (g.atLeast ? g.measured >= g.limit : g.measured <= g.limit);
  const rows = goals.map((g) => {
    const ratio = g.atLeast ? g.limit / g.measured : g.measured / g.limit;
    return [
      g.what,
      g.goal,
      `${fmt(g.measured)} ${g.unit}`,
      Number.isFinite(ratio) ? ratio.toFixed(2) : '—',
      met(g) ? 'OK' : 'FORA DA META',
    ];
  });
  const head = ['o quê', 'meta', 'medido', 'razão', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i >= 2 && i <= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  log(`\n${title}\n`);
  log(line(head));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) log(line(r));
  log('(razão: medido ÷ meta; ≤ 1,00 cumpre a meta)');
  return goals.every(met);
}

// ---- the server, in its own process -----------------------------------------------------------------------

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type Server = { url: string; pid: number; stop: () => Promise<void>; startMs: number };

/** Starts the production build as `npm start` does, with `env`, and waits for /api/health. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const main = path.join(root, 'apps/api/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('Sem apps/api/dist/main.js: rode "npm run build" antes.');
  const port = await freePort();
  const t0 = performance.now();
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const prof = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...prof, main], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited) throw new Error('o servidor terminou antes de responder /api/health');
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    pid: child.pid!,
    startMs: performance.now() - t0,
    stop: async () => {
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
  };
}

// ---- HTTP --------------------------------------------------------------------------------------------------

export type Res = { status: number; body: string; headers: http.IncomingHttpHeaders };

export class Client {
  private agent: http.Agent;
  constructor(
    private base: string,
    sockets = 64,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }
  request(method: string, url: string, opts: { token?: string; body?: unknown } = {}): Promise<Res> {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${this.base}${url}`,
        {
          method,
          agent: this.agent,
          headers: {
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              headers: res.headers,
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  close() {
    this.agent.destroy();
  }
}

/** Signs in (and picks a unit when given); returns the bearer token. */
export async function signIn(c: Client, login: string, senha: string, unidadeId?: string): Promise<string> {
  const res = await c.request('POST', '/api/v2/auth/login', { body: { login, senha } });
  if (res.status !== 200) throw new Error(`login ${login}: ${res.status} ${res.body}`);
  const { token } = JSON.parse(res.body) as { token: string };
  if (unidadeId) {
    const sel = await c.request('PUT', '/api/v2/auth/unidade_atual', { token, body: { unidade_saude_id: unidadeId } });
    if (sel.status !== 200) throw new Error(`unidade ${login}: ${sel.status} ${sel.body}`);
  }
  return token;
}

// ---- load ------------------------------------------------------------------------------------------------

export type Task = { kind: string; run: () => Promise<Res>; expect?: number[] };

export type LoadResult = {
  byKind: Map<string, number[]>;
  all: number[];
  errors: Map<string, number>;
  seconds: number;
  done: number;
};

/**
 * `users` simulated users, each starting requests at Poisson-distributed planned times (mean gap users/rate s) for
 * `seconds`. A user waits for its previous answer before sending the next (as a person does), and each latency is
 * counted from the planned start, so a server that falls behind shows it in full.
 */
export async function openLoop(opts: {
  users: number;
  rate: number;
  seconds: number;
  next: (user: number, i: number) => Task;
}): Promise<LoadResult> {
  const byKind = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const all: number[] = [];
  const meanGapMs = (1000 * opts.users) / opts.rate;
  const t0 = performance.now();
  const endAt = t0 + opts.seconds * 1000;
  let done = 0;
  const user = async (u: number) => {
    // Users start spread over one mean gap, not all at once.
    let planned = t0 + Math.random() * meanGapMs;
    for (let i = 0; planned < endAt; i++) {
      const now = performance.now();
      if (planned > now) await new Promise((r) => setTimeout(r, planned - now));
      const task = opts.next(u, i);
      let ok = false;
      try {
        const res = await task.run();
        ok = (task.expect ?? [200]).includes(res.status);
        if (!ok && (errors.get(task.kind) ?? 0) < 1)
          console.error(`${task.kind}: ${res.status} ${res.body.slice(0, 300)}`);
      } catch (err) {
        if ((errors.get(task.kind) ?? 0) < 1) console.error(`${task.kind}: ${(err as Error).message}`);
      }
      const ms = performance.now() - planned;
      if (ok) {
        let list = byKind.get(task.kind);
        if (!list) byKind.set(task.kind, (list = []));
        list.push(ms);
        all.push(ms);
        done++;
      } else errors.set(task.kind, (errors.get(task.kind) ?? 0) + 1);
      planned += -Math.log(1 - Math.random()) * meanGapMs;
    }
  };
  await Promise.all(Array.from({ length: opts.users }, (_, u) => user(u)));
  return { byKind, all, errors, seconds: (performance.now() - t0) / 1000, done };
}

/** p50/p95/p99 per kind, from the raw samples. */
export function printLatencies(r: LoadResult) {
  const rows = [...r.byKind.entries()].sort(([a], [b]) => a.localeCompare(b));
  const w = Math.max(10, ...rows.map(([k]) => k.length));
  log(
    `\n${'requisição'.padEnd(w)} ${'n'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'máx ms'.padStart(8)} ${'erros'.padStart(6)}`,
  );
  for (const [k, s] of rows)
    log(
      `${k.padEnd(w)} ${String(s.length).padStart(7)} ${pct(s, 50).toFixed(1).padStart(8)} ${pct(s, 95).toFixed(1).padStart(8)} ${pct(s, 99).toFixed(1).padStart(8)} ${Math.max(
        ...s,
      )
        .toFixed(1)
        .padStart(8)} ${String(r.errors.get(k) ?? 0).padStart(6)}`,
    );
  log(
    `${'todas'.padEnd(w)} ${String(r.all.length).padStart(7)} ${pct(r.all, 50).toFixed(1).padStart(8)} ${pct(r.all, 95).toFixed(1).padStart(8)} ${pct(r.all, 99).toFixed(1).padStart(8)}`,
  );
  log(`vazão: ${(r.done / r.seconds).toFixed(0)} req/s em ${r.seconds.toFixed(0)} s`);
}

/** Runs `a` and `b` alternately, one call each per round (so both see the same machine at the same moment). */
export async function interleaved(
  iterations: number,
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
): Promise<[number[], number[]]> {
  for (let i = 0; i < Math.min(20, iterations); i++) {
    await a(iterations + i);
    await b(iterations + i);
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < iterations; i++) {
    // Alternate which goes first, so neither always runs on the other's warm cache.
    const [first, second, tf, ts] = i % 2 ? [a, b, ta, tb] : [b, a, tb, ta];
    let t = performance.now();
    await first(i);
    tf.push(performance.now() - t);
    t = performance.now();
    await second(i);
    ts.push(performance.now() - t);
  }
  return [ta, tb];
}

// ---- the shape of a load bench (carga, escritas, embutido) -------------------------------------------------

/** The bench's knobs from BENCH_<NAME> variables, each with its default. */
export function knobs<K extends string>(defaults: Record<K, number>): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const k of Object.keys(defaults) as K[]) out[k] = Number(process.env[`BENCH_${k}`] ?? defaults[k]);
  return out;
}

/** The line every bench prints beside its numbers: the machine is shared, say how busy it was. */
export const machine = () =>
  `máquina: ${os.cpus().length} núcleos, carga média ${os.loadavg()[0]!.toFixed(1)}; Node ${process.version}`;

export type Staff = { server: Server; c: Client; tokens: string[] };

/** A generated town on `engine` (town.ts) while `work` runs, dropped afterwards whatever happens. */
export async function withTown<T>(
  engine: Engine,
  size: { equipes: number; familias: number; visitas: number },
  work: (town: Town) => Promise<T>,
  extra?: Parameters<typeof prepareTown>[3],
): Promise<T> {
  log(`\n== ${engineName[engine]}: gerando o município`);
  const town = await prepareTown(engine, size, log, extra);
  log(`  ${town.counts}; gerado em ${(town.generatedMs / 1000).toFixed(1)} s`);
  try {
    return await work(town);
  } finally {
    await town.cleanup();
  }
}

/**
 * The production build on `env` in its own process, with `users` agents signed in (user u of team u % teams);
 * `work` runs with them, and the client and the server are closed whatever happens.
 */
export async function withStaff<T>(
  env: Record<string, string>,
  users: number,
  teams: number,
  work: (s: Staff) => Promise<T>,
): Promise<T> {
  const server = await startServer(env);
  const c = new Client(server.url, users);
  try {
    const tokens: string[] = [];
    for (let u = 0; u < users; u++) tokens.push(await signIn(c, agentLogin(u % teams), DEMO_PASSWORD));
    return await work({ server, c, tokens });
  } finally {
    c.close();
    await server.stop();
  }
}

/** The agents' day (town.ts `staffWork`) on `town` at `rate` requests per second in all, measured. */
export function staffLoad(
  engine: Engine,
  town: Town,
  o: { users: number; teams: number; rate: number; seconds: number; writeShare: number },
): Promise<Load> {
  return withStaff(town.env, o.users, o.teams, ({ c, tokens }) =>
    measureLoad(
      `${engineName[engine]}: ${o.users} usuários, ${o.rate} req/s planejadas, ${o.seconds} s`,
      { ...o, next: staffWork(c, tokens, town.samples, o.teams, o.writeShare) },
      isWrite,
    ),
  );
}

export type Load = LoadResult & { reads: number[]; writes: number[]; failed: number };

/** A 5 s warm-up (JIT, caches), then the measured run, printed; reads and writes told apart by `isWrite(kind)`. */
export async function measureLoad(
  title: string,
  opts: { users: number; rate: number; seconds: number; next: (user: number, i: number) => Task },
  isWrite: (kind: string) => boolean = () => false,
): Promise<Load> {
  await openLoop({ ...opts, seconds: 5 });
  const r = await openLoop(opts);
  log(`\n${title}`);
  printLatencies(r);
  const samples = (write: boolean) =>
    [...r.byKind.entries()].filter(([k]) => isWrite(k) === write).flatMap(([, s]) => s);
  const failed = [...r.errors.values()].reduce((a, b) => a + b, 0);
  return { ...r, reads: samples(false), writes: samples(true), failed };
}
