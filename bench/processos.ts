// npm run bench:processos — throughput with 1 and with 2 API processes (PROCESSOS, issue 42) on one PostgreSQL, in the
// same run: a town of BENCH_FAMILIAS families (default 20,000, 20 visits each) in BENCH_EQUIPES teams (default 20) on
// DATABASE_URL's server or a throwaway one (town.ts), then the production build started with PROCESSOS=1 and with
// PROCESSOS=2 at once on that database, loaded in turns (BENCH_ROUNDS alternating rounds, default 4) by BENCH_USERS
// agents (default 32) sending the agents' authenticated reads (town.ts `staffWork` without writes: family lists and
// details, visit histories, citizen lists and searches, the session poll) back to back for BENCH_SECONDS in all per
// server (default 20) after a 5 s warm-up. Closed loop: each agent sends its next request when
// the previous answer arrives, so the requests per second are what the server can serve, and p50/p95 are each
// request's own time. Prints both runs and the ratio. The database and the processes share this machine's cores.
// Run `npm run build` first.
import http from 'node:http';
import { Client, knobs, log, machine, pct, withStaff, withTown, type LoadResult, type Task } from './lib';
import { staffWork, type Town } from './town';

const { FAMILIAS, EQUIPES, USERS, SECONDS, ROUNDS } = knobs({
  FAMILIAS: 20_000,
  EQUIPES: 20,
  USERS: 32,
  SECONDS: 20,
  ROUNDS: 4,
});

/** `users` loops, each sending its next task as soon as the previous one answered, for `seconds`. */
async function closedLoop(users: number, seconds: number, next: (u: number, i: number) => Task): Promise<LoadResult> {
  const byKind = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const all: number[] = [];
  const t0 = performance.now();
  const endAt = t0 + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: users }, async (_, u) => {
      for (let i = 0; performance.now() < endAt; i++) {
        const task = next(u, i);
        const t = performance.now();
        const res = await task.run().catch(() => null);
        const ms = performance.now() - t;
        if (res && (task.expect ?? [200]).includes(res.status)) {
          all.push(ms);
          let list = byKind.get(task.kind);
          if (!list) byKind.set(task.kind, (list = []));
          list.push(ms);
          done++;
        } else {
          if (!errors.has(task.kind)) console.error(`${task.kind}: ${res?.status} ${res?.body.slice(0, 200)}`);
          errors.set(task.kind, (errors.get(task.kind) ?? 0) + 1);
        }
      }
    }),
  );
  return { byKind, all, errors, seconds: (performance.now() - t0) / 1000, done };
}

/** The process ids answering on `url` (GET /api/metrics, one connection each): every worker is up before the load. */
async function pidsAnswering(url: string, tries: number): Promise<Set<string>> {
  const pids = new Set<string>();
  for (let i = 0; i < tries; i++) {
    const text = await new Promise<string>((resolve, reject) =>
      http
        .get(`${url}/api/metrics`, { agent: false }, (res) => {
          let t = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (t += d));
          res.on('end', () => resolve(t));
        })
        .on('error', reject),
    );
    const pid = /saude_processo_info\{pid="(\d+)"\}/.exec(text)?.[1];
    if (pid) pids.add(pid);
  }
  return pids;
}

type Run = { processos: number; rps: number; p50: number; p95: number; errors: number };
type Side = {
  processos: number;
  next: (u: number, i: number) => Task;
  samples: number[];
  done: number;
  seconds: number;
  errors: number;
};

/** The server of `env` with PROCESSOS=`processos`, its agents signed in and every worker answering, while `work` runs. */
function withProcesses<T>(env: Record<string, string>, processos: number, town: Town, work: (s: Side) => Promise<T>) {
  return withStaff({ ...env, PROCESSOS: String(processos) }, USERS, EQUIPES, async ({ server, tokens }) => {
    const deadline = Date.now() + 120_000;
    while ((await pidsAnswering(server.url, 4 * processos)).size < processos)
      if (Date.now() > deadline) throw new Error(`${processos} processos não responderam`);
    // A client of its own, opened after every worker listens: its connections are spread over them.
    const c = new Client(server.url, USERS);
    try {
      const next = staffWork(c, tokens, town.samples, EQUIPES, 0);
      return await work({ processos, next, samples: [], done: 0, seconds: 0, errors: 0 });
    } finally {
      c.close();
    }
  });
}

// Both servers run at once on the one database (an idle one costs nothing) and are loaded in turns, BENCH_ROUNDS
// rounds of SECONDS/ROUNDS each, which goes first alternating: the machine is shared, so both see its busy and its
// quiet moments alike (lib.ts `interleaved`, for throughput).
const runs: Run[] = [];
await withTown('postgres', { equipes: EQUIPES, familias: FAMILIAS, visitas: 20 }, (town) =>
  withProcesses(town.env, 1, town, (um) =>
    withProcesses(town.env, 2, town, async (dois) => {
      for (const side of [um, dois]) await closedLoop(USERS, 5, side.next);
      for (let round = 0; round < ROUNDS; round++)
        for (const side of round % 2 ? [dois, um] : [um, dois]) {
          const r = await closedLoop(USERS, SECONDS / ROUNDS, side.next);
          side.samples.push(...r.all);
          side.done += r.done;
          side.seconds += r.seconds;
          side.errors += [...r.errors.values()].reduce((a, b) => a + b, 0);
        }
      for (const side of [um, dois])
        runs.push({
          processos: side.processos,
          rps: side.done / side.seconds,
          p50: pct(side.samples, 50),
          p95: pct(side.samples, 95),
          errors: side.errors,
        });
    }),
  ),
);

log(
  `\nLeituras autenticadas de agentes, ${USERS} em paralelo sem pausa, ${SECONDS} s por servidor em ${ROUNDS} vezes alternadas, um PostgreSQL`,
);
log(`${FAMILIAS.toLocaleString('pt-BR')} famílias; ${machine()}\n`);
log('processos   req/s   p50 ms   p95 ms   erros');
for (const r of runs)
  log(
    `${String(r.processos).padStart(9)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95
      .toFixed(1)
      .padStart(8)} ${String(r.errors).padStart(7)}`,
  );
const [um, dois] = runs;
if (um && dois) log(`\nrazão 2 ÷ 1 processo: ${(dois.rps / um.rps).toFixed(2)}× as requisições por segundo`);
