// npm run bench:carga — mixed load at municipal scale on PostgreSQL (issue 15): a town of BENCH_FAMILIAS families
// (default 100,000, ≈300,000 citizens, 20 visits each) in BENCH_EQUIPES teams (default 40) on the database of
// BENCH_ENGINE (default postgres: DATABASE_URL's server or a throwaway one; see town.ts), and BENCH_USERS agents
// (default 80) sending BENCH_RATE requests per second in all (default 1,500) for BENCH_SECONDS (default 30), open-loop
// (lib.ts): lists, details, histories, citizen lists and searches, the session poll, and 5 % home visits saved.
// Goals: the rate served with reads at p99 ≤ 100 ms, writes at p99 ≤ 50 ms.
import os from 'node:os';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { Client, log, openLoop, pct, printGoals, printLatencies, signIn, startServer } from './lib';
import { agentLogin, engineName, isWrite, prepareTown, staffWork, type Engine } from './town';

const ENGINE = (process.env.BENCH_ENGINE ?? 'postgres') as Engine;
const FAMILIAS = Number(process.env.BENCH_FAMILIAS ?? 100_000);
const EQUIPES = Number(process.env.BENCH_EQUIPES ?? 40);
const USERS = Number(process.env.BENCH_USERS ?? 80);
const RATE = Number(process.env.BENCH_RATE ?? 1500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);

log(`== ${engineName[ENGINE]}: gerando o município`);
const town = await prepareTown(ENGINE, { equipes: EQUIPES, familias: FAMILIAS, visitas: 20 }, log);
log(`  ${town.counts}; gerado em ${(town.generatedMs / 1000).toFixed(1)} s`);
try {
  const server = await startServer(town.env);
  const c = new Client(server.url, USERS);
  try {
    const tokens: string[] = [];
    for (let u = 0; u < USERS; u++) tokens.push(await signIn(c, agentLogin(u % EQUIPES), DEMO_PASSWORD));
    const next = staffWork(c, tokens, town.samples, EQUIPES, 0.05);
    await openLoop({ users: USERS, rate: RATE, seconds: 5, next }); // warm-up
    const r = await openLoop({ users: USERS, rate: RATE, seconds: SECONDS, next });
    log(`\n${engineName[ENGINE]}: ${USERS} usuários, ${RATE} req/s planejadas, ${SECONDS} s`);
    printLatencies(r);
    const reads = [...r.byKind.entries()].filter(([k]) => !isWrite(k)).flatMap(([, s]) => s);
    const writes = [...r.byKind.entries()].filter(([k]) => isWrite(k)).flatMap(([, s]) => s);
    const errors = [...r.errors.values()].reduce((a, b) => a + b, 0);
    log(`\nmáquina: ${os.cpus().length} núcleos, carga média ${os.loadavg()[0]!.toFixed(1)}; Node ${process.version}`);
    printGoals(`Carga mista: ${engineName[ENGINE]}, ${FAMILIAS.toLocaleString('pt-BR')} famílias`, [
      {
        what: 'vazão atendida',
        goal: `≥ ${RATE} req/s`,
        measured: r.done / r.seconds,
        unit: 'req/s',
        limit: RATE * 0.97,
        atLeast: true,
      },
      { what: 'p99 das leituras', goal: '≤ 100 ms', measured: pct(reads, 99), unit: 'ms', limit: 100 },
      { what: 'p99 das gravações', goal: '≤ 50 ms', measured: pct(writes, 99), unit: 'ms', limit: 50 },
      { what: 'erros', goal: '0', measured: errors, unit: '', limit: 0 },
    ]);
  } finally {
    c.close();
    await server.stop();
  }
} finally {
  await town.cleanup();
}
