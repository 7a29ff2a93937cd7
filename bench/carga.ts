// npm run bench:carga — mixed load at municipal scale on PostgreSQL (issue 15): a town of BENCH_FAMILIAS families
// (default 100,000, ≈300,000 citizens, 20 visits each) in BENCH_EQUIPES teams (default 40) on the database of
// BENCH_ENGINE (default postgres: DATABASE_URL's server or a throwaway one; see town.ts), and BENCH_USERS agents
// (default 80) sending BENCH_RATE requests per second in all (default 1,500) for BENCH_SECONDS (default 30), open-loop
// (lib.ts): lists, details, histories, citizen lists and searches, the session poll, and 5 % home visits saved.
// Goals: the rate served with reads at p99 ≤ 100 ms, writes at p99 ≤ 50 ms.
import { knobs, log, machine, pct, printGoals, staffLoad, withTown } from './lib';
import { engineName, type Engine } from './town';

const ENGINE = (process.env.BENCH_ENGINE ?? 'postgres') as Engine;
const { FAMILIAS, EQUIPES, USERS, RATE, SECONDS } = knobs({
  FAMILIAS: 100_000,
  EQUIPES: 40,
  USERS: 80,
  RATE: 1500,
  SECONDS: 30,
});

await withTown(ENGINE, { equipes: EQUIPES, familias: FAMILIAS, visitas: 20 }, async (town) => {
  const r = await staffLoad(ENGINE, town, {
    users: USERS,
    teams: EQUIPES,
    rate: RATE,
    seconds: SECONDS,
    writeShare: 0.05,
  });
  log(`\n${machine()}`);
  printGoals(`Carga mista: ${engineName[ENGINE]}, ${FAMILIAS.toLocaleString('pt-BR')} famílias`, [
    {
      what: 'vazão atendida',
      goal: `≥ ${RATE} req/s`,
      measured: r.done / r.seconds,
      unit: 'req/s',
      limit: RATE * 0.97,
      atLeast: true,
    },
    { what: 'p99 das leituras', goal: '≤ 100 ms', measured: pct(r.reads, 99), unit: 'ms', limit: 100 },
    { what: 'p99 das gravações', goal: '≤ 50 ms', measured: pct(r.writes, 99), unit: 'ms', limit: 50 },
    { what: 'erros', goal: '0', measured: r.failed, unit: '', limit: 0 },
  ]);
});
