// npm run bench:escritas — home visits saved (visit + audit + idempotency) at BENCH_RATE per second (default 100) for
// BENCH_SECONDS (default 30) by BENCH_USERS agents (default 20), open-loop (lib.ts), 5 % of them the same visit sent
// again (answered 200 from the stored one), on each database of BENCH_ENGINES (default postgres,embutido,pglite; see
// town.ts) with a town of BENCH_FAMILIAS families (default 10,000) in BENCH_EQUIPES teams. Goal (issue 15): 100 writes
// per second with p99 ≤ 50 ms.
import { knobs, log, machine, measureLoad, pct, printGoals, withStaff, withTown, type Goal } from './lib';
import { engineName, visitWrite, type Engine } from './town';

const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,embutido,pglite').split(',') as Engine[];
const { FAMILIAS, EQUIPES, USERS, RATE, SECONDS } = knobs({
  FAMILIAS: 10_000,
  EQUIPES: 10,
  USERS: 20,
  RATE: 100,
  SECONDS: 30,
});

async function measure(engine: Engine): Promise<Goal[]> {
  return withTown(engine, { equipes: EQUIPES, familias: FAMILIAS, visitas: 20 }, async (town) => {
    const r = await withStaff(town.env, USERS, EQUIPES, ({ c, tokens }) => {
      const byTeam = Array.from({ length: EQUIPES }, (_, t) => town.samples.filter((s) => s.equipe === t));
      const saved: Parameters<typeof visitWrite>[3] = [];
      const next = (u: number) => {
        const fams = byTeam[u % EQUIPES]!;
        return visitWrite(c, tokens[u]!, fams[Math.floor(Math.random() * fams.length)]!, saved);
      };
      return measureLoad(`${engineName[engine]}: ${USERS} agentes, ${RATE} gravações/s planejadas, ${SECONDS} s`, {
        users: USERS,
        rate: RATE,
        seconds: SECONDS,
        next,
      });
    });
    return [
      {
        what: 'gravações atendidas',
        goal: `≥ ${RATE}/s`,
        measured: r.done / r.seconds,
        unit: '/s',
        limit: RATE * 0.97,
        atLeast: true,
      },
      { what: 'p99 por gravação', goal: '≤ 50 ms', measured: pct(r.all, 99), unit: 'ms', limit: 50 },
      { what: 'erros', goal: '0', measured: r.failed, unit: '', limit: 0 },
    ];
  });
}

const results: Array<[Engine, Goal[]]> = [];
for (const engine of ENGINES) results.push([engine, await measure(engine)]);
log(`\n${machine()}`);
for (const [engine, goals] of results) printGoals(`Gravações de visita: ${engineName[engine]}`, goals);
