// npm run bench:embutido — does the embedded default serve a small municipality? (issue 15)
// For each embedded engine (BENCH_ENGINES, default pglite,embutido: PGlite and PostgreSQL from npm's binaries), a fresh
// DATA_DIR gets the demo plus a generated town of BENCH_MUNICIPES citizens (default 20,000 in BENCH_EQUIPES teams,
// families of ≈3, BENCH_VISITAS visits per family over two years); the production build is started on it as
// `npm start` would, and BENCH_USERS staff (default 40, signed in as the teams' agents) work for BENCH_SECONDS (default
// 60) at BENCH_RATE requests per second in all (default 40: one click a second each), open-loop (lib.ts): lists,
// details, histories, searches, the session poll, and 10 % home visits saved. Goals: p95 ≤ 200 ms for all requests and
// for the reads while writes go on; a restart on the loaded folder ≤ 3 s.
import { knobs, log, machine, pct, printGoals, staffLoad, startServer, withTown, type Goal } from './lib';
import { engineName, type Engine } from './town';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,embutido').split(',') as Engine[];
const { MUNICIPES, EQUIPES, VISITAS, USERS, RATE, SECONDS } = knobs({
  MUNICIPES: 20_000,
  EQUIPES: 6,
  VISITAS: 20,
  USERS: 40,
  RATE: 40,
  SECONDS: 60,
});

async function measure(engine: Engine): Promise<Goal[]> {
  const size = { equipes: EQUIPES, familias: Math.round(MUNICIPES / 3), visitas: VISITAS };
  return withTown(engine, size, async (town) => {
    const r = await staffLoad(engine, town, {
      users: USERS,
      teams: EQUIPES,
      rate: RATE,
      seconds: SECONDS,
      writeShare: 0.1,
    });
    // A restart on the loaded folder: what an update or a reboot costs.
    const again = await startServer(town.env);
    await again.stop();
    return [
      { what: `p95, ${USERS} usuários (todas)`, goal: '≤ 200 ms', measured: pct(r.all, 95), unit: 'ms', limit: 200 },
      {
        what: 'p95 das leituras durante escritas',
        goal: '≤ 200 ms',
        measured: pct(r.reads, 95),
        unit: 'ms',
        limit: 200,
      },
      { what: 'p95 das gravações de visita', goal: '≤ 200 ms', measured: pct(r.writes, 95), unit: 'ms', limit: 200 },
      {
        what: 'vazão atendida',
        goal: `≥ ${RATE * 0.95} req/s`,
        measured: r.done / r.seconds,
        unit: 'req/s',
        limit: RATE * 0.95,
        atLeast: true,
      },
      { what: 'erros', goal: '0', measured: r.failed, unit: '', limit: 0 },
      {
        what: `nova partida, ${MUNICIPES.toLocaleString('pt-BR')} munícipes`,
        goal: '≤ 3 s',
        measured: again.startMs / 1000,
        unit: 's',
        limit: 3,
      },
    ];
  });
}

const results: Array<[Engine, Goal[]]> = [];
for (const engine of ENGINES) results.push([engine, await measure(engine)]);
log(`\n${machine()}`);
for (const [engine, goals] of results)
  printGoals(`${engineName[engine]}: ${MUNICIPES.toLocaleString('pt-BR')} munícipes, ${USERS} usuários`, goals);
