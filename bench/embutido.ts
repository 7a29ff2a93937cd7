// npm run bench:embutido — does the embedded default serve a small municipality? (issue 15)
// For each embedded engine (PGlite and PostgreSQL from npm's binaries; BENCH_ENGINES=pglite,postgres), a fresh DATA_DIR
// gets the demo plus a generated town of BENCH_MUNICIPES citizens (default 20,000: BENCH_EQUIPES teams of agents,
// families of ≈3, BENCH_VISITAS visits per family over two years); then the production build is started on it as
// `npm start` would, and BENCH_USERS simulated staff (default 40, signed in as the teams' agents) work for
// BENCH_SECONDS (default 60) at BENCH_RATE requests per second in all (default 40: one click a second each), open-loop
// (see lib.ts): family lists, family details, visit histories, citizen lists and searches, the session poll, and home
// visits saved (10 %). Goals: p95 ≤ 200 ms for all requests, and for the reads while writes go on; restart ≤ 3 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { openDatabase } from '../apps/api/src/db/open';
import { prepareDatabase } from '../apps/api/src/db/setup';
import { newId } from '../apps/api/src/lib/ids';
import {
  Client,
  log,
  openLoop,
  pct,
  printGoals,
  printLatencies,
  signIn,
  startServer,
  type Goal,
  type Task,
} from './lib';
import { gerarMunicipio, type Query } from './municipio';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const MUNICIPES = Number(process.env.BENCH_MUNICIPES ?? 20_000);
const EQUIPES = Number(process.env.BENCH_EQUIPES ?? 6);
const VISITAS = Number(process.env.BENCH_VISITAS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 40);
const RATE = Number(process.env.BENCH_RATE ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** ≈3 members per family (1–5). */
const FAMILIAS = Math.round(MUNICIPES / 3);

type Sample = { familia_id: string; equipe: number; nome: string; cpf: string | null };

async function prepare(engine: 'pglite' | 'postgres', dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, EMBEDDED_DB: engine, LOG_LEVEL: 'silent', DEMO: 'true' });
  const { database, release } = await openDatabase(config);
  try {
    await prepareDatabase(database, { demo: true });
    const q = database.query as Query;
    const t0 = performance.now();
    const town = await gerarMunicipio(q, { equipes: EQUIPES, familias: FAMILIAS, visitas: VISITAS });
    const counts = town.counts.map((c) => `${c.tbl} ${Number(c.n).toLocaleString('pt-BR')}`).join(', ');
    log(`  ${engine}: ${counts}; gerado em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // Families an agent may visit (a home, not moved away), with their head's name and CPF for the searches.
    const samples = (
      await q(
        `select f.id as familia_id, array_position($1::uuid[], f.equipe_id) - 1 as equipe, m.nome, m.cpf_numero as cpf
        from familias f join municipes m on m.id = f.responsavel_id
        where f.equipe_id = any($1::uuid[]) and f.domicilio_id is not null and not f.mudou
        order by md5(f.id::text) limit 2000`,
        [town.teamIds],
      )
    ).rows as Sample[];
    return { samples };
  } finally {
    await database.close();
    release();
  }
}

const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** "maria silv": a given name and the start of the last surname, as typed at the desk. */
const fragment = (nome: string) => {
  const w = plain(nome).split(' ');
  return `${w[0]} ${w.at(-1)!.slice(0, Math.max(3, w.at(-1)!.length - 2))}`;
};

async function measure(engine: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `saude-bench-${engine}-`));
  fs.chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as the user postgres
  try {
    log(`\n== ${engine}: gerando o município em ${dataDir}`);
    const { samples } = await prepare(engine, dataDir);
    const byTeam = Array.from({ length: EQUIPES }, (_, t) => samples.filter((s) => s.equipe === t));

    const server = await startServer({ DATA_DIR: dataDir, EMBEDDED_DB: engine, DEMO: 'true' });
    const c = new Client(server.url, USERS);
    try {
      const tokens: string[] = [];
      for (let u = 0; u < USERS; u++)
        tokens.push(await signIn(c, `acs_bench_${String((u % EQUIPES) + 1).padStart(2, '0')}`, DEMO_PASSWORD));
      const base = '/api/v1/atencao_primaria/visitas_domiciliares';
      const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
      const next = (u: number): Task => {
        const token = tokens[u]!;
        const fam = pick(byTeam[u % EQUIPES]!);
        const get = (kind: string, url: string): Task => ({ kind, run: () => c.request('GET', url, { token }) });
        const r = Math.random();
        if (r < 0.25)
          return get('lista de famílias p/ visita', `${base}/familias?page=${1 + Math.floor(Math.random() * 5)}`);
        if (r < 0.45) return get('detalhe da família', `${base}/familias/${fam.familia_id}`);
        if (r < 0.55) return get('histórico de visitas', `${base}?familia_id=${fam.familia_id}`);
        if (r < 0.62) return get('lista de munícipes', `/api/v1/municipes?page=${1 + Math.floor(Math.random() * 20)}`);
        if (r < 0.72)
          return get('busca de munícipes (nome)', `/api/v1/municipes?q=${encodeURIComponent(fragment(fam.nome))}`);
        if (r < 0.8 && fam.cpf) return get('busca de munícipes (CPF)', `/api/v1/municipes?q=${fam.cpf}`);
        if (r < 0.9) return get('sessão (consulta periódica)', '/api/v2/auth/me');
        return {
          kind: 'gravar visita',
          expect: [201],
          run: () =>
            c.request('POST', base, {
              token,
              body: { id: newId(), familia_id: fam.familia_id, desfecho_id: 1, motivo_visita_ids: [29] },
            }),
        };
      };
      // Warm-up (JIT, caches), then the measured run.
      await openLoop({ users: USERS, rate: RATE, seconds: 5, next });
      const r = await openLoop({ users: USERS, rate: RATE, seconds: SECONDS, next });
      log(`\n${engine}: ${USERS} usuários, ${RATE} req/s planejadas, ${SECONDS} s`);
      printLatencies(r);
      const reads = [...r.byKind.entries()].filter(([k]) => k !== 'gravar visita').flatMap(([, s]) => s);
      const errors = [...r.errors.values()].reduce((a, b) => a + b, 0);
      await server.stop();
      // Restart on the loaded folder: what an update or a reboot costs.
      const again = await startServer({ DATA_DIR: dataDir, EMBEDDED_DB: engine, DEMO: 'true' });
      await again.stop();
      const goals: Goal[] = [
        { what: `p95, ${USERS} usuários (todas)`, goal: '≤ 200 ms', measured: pct(r.all, 95), unit: 'ms', limit: 200 },
        {
          what: 'p95 das leituras durante escritas',
          goal: '≤ 200 ms',
          measured: pct(reads, 95),
          unit: 'ms',
          limit: 200,
        },
        {
          what: 'p95 de gravar visita',
          goal: '≤ 200 ms',
          measured: pct(r.byKind.get('gravar visita') ?? [], 95),
          unit: 'ms',
          limit: 200,
        },
        {
          what: 'vazão atendida',
          goal: `≥ ${RATE * 0.95} req/s`,
          measured: r.done / r.seconds,
          unit: 'req/s',
          limit: RATE * 0.95,
          atLeast: true,
        },
        { what: 'erros', goal: '0', measured: errors, unit: '', limit: 0 },
        {
          what: `nova partida com ${MUNICIPES.toLocaleString('pt-BR')} munícipes`,
          goal: '≤ 3 s',
          measured: again.startMs / 1000,
          unit: 's',
          limit: 3,
        },
      ];
      return goals;
    } finally {
      c.close();
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Array<[string, Goal[]]> = [];
for (const engine of ENGINES) results.push([engine, await measure(engine)]);
log(`\nmáquina: ${os.cpus().length} núcleos, carga média ${os.loadavg()[0]!.toFixed(1)}; Node ${process.version}`);
for (const [engine, goals] of results)
  printGoals(
    `Banco embutido ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${MUNICIPES.toLocaleString('pt-BR')} munícipes, ${USERS} usuários`,
    goals,
  );
