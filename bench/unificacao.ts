// npm run bench:unificacao — the whole-registry duplicate search (issue 45) at scale. Loads BENCH_ROWS (default
// 200,000) generated citizens into a real PostgreSQL, plants BENCH_PARES (default 1 per 1,000 rows) duplicate pairs
// (a typo in the name, same birth date and mother; and, one in five, a provisional card that is the other's CNS), then
// times the search as the API runs it (busca.ts: a step per birth year, two at a time) and as raw SQL (the same
// function on one plain pg client, one year after another), and says how many planted pairs were found. Goal (issue
// 45): 1,000,000 citizens in ≤ 60 s; the run prints the extrapolation from its own size (the name part grows with the
// square of the people per birth date). DATABASE_URL set: a scratch database on that server (dropped at the end);
// otherwise a throwaway PostgreSQL (scripts/pg-throwaway.sh). BENCH_KEEP=1 keeps it.
import os from 'node:os';
import { demoEnderecos } from '../apps/api/src/seed/demo';
import {
  gerarMunicipe,
  loadTerritorios,
  NOMES_FREQUENTES,
  prng,
  type MunicipeRow,
} from '../apps/api/src/seed/municipes';
import { prepareDatabase } from '../apps/api/src/seed/setup';
import { iniciarBusca } from '../apps/api/src/modules/municipes/unificacao/busca';
import { printGoals } from './lib';
import { openScratchDatabase } from './scratch-db';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const PARES = Number(process.env.BENCH_PARES ?? Math.round(ROWS / 1000));
const BATCH = 5000;
const BASE = 300_000_000;
const log = (m: string) => console.log(m);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const { database, raw, cleanup } = await openScratchDatabase(log);
try {
  const serverVersion = (await raw.query('show server_version')).rows[0].server_version as string;
  await prepareDatabase(database, { demo: true });
  const cols = [
    ['id', 'uuid'],
    ['cpf_numero', 'text'],
    ['codigo_cns', 'text'],
    ['cartao_provisorio', 'text'],
    ['nome', 'text'],
    ['data_nascimento', 'date'],
    ['sexo_id', 'int'],
    ['nome_mae', 'text'],
    ['telefone_celular', 'text'],
  ] as const;
  const insertSql = `insert into municipes (${cols.map(([c]) => c).join(', ')})
    select * from unnest(${cols.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})`;
  // The load is not what is measured: no per-row triggers, the indexes built once after it.
  await raw.query('alter table municipes disable trigger user');
  const territorios = await loadTerritorios(database.db, demoEnderecos);
  const rng = prng(454545);
  const t0 = performance.now();
  const plantados: Array<[string, string]> = [];
  const typo = (nome: string) => {
    const i = 3 + Math.floor(rng() * (nome.length - 4));
    return nome.slice(0, i) + nome[i + 1] + nome[i] + nome.slice(i + 2);
  };
  const cadaPar = Math.max(1, Math.floor(ROWS / Math.max(1, PARES)));
  for (let start = 0; start < ROWS; start += BATCH) {
    const rows: MunicipeRow[] = [];
    for (let i = start; i < Math.min(ROWS, start + BATCH); i++) {
      const r = gerarMunicipe(rng, i + 1, territorios, BASE, NOMES_FREQUENTES);
      rows.push(r);
      if (i % cadaPar === 0 && plantados.length < PARES) {
        const n = plantados.length;
        // A second record of the same person: documents of its own (or the other's CNS as its provisional card).
        const d: MunicipeRow = {
          ...r,
          id: `${r.id!.slice(0, 24)}${(0xfffffffffff - n).toString(16).padStart(12, '0')}`,
          nome: typo(r.nome!),
          cpf_numero: null,
          codigo_cns: null,
          cartao_provisorio: n % 5 === 0 && r.codigo_cns ? r.codigo_cns : `7${String(BASE + n).padStart(14, '0')}`,
        };
        rows.push(d);
        plantados.push(r.id! < d.id! ? [r.id!, d.id!] : [d.id!, r.id!]);
      }
    }
    await raw.query(
      insertSql,
      cols.map(([c]) => rows.map((r) => (r as Record<string, unknown>)[c] ?? null)),
    );
    if ((start / BATCH) % 10 === 0) process.stdout.write(`\r  ${start.toLocaleString('pt-BR')} linhas…`);
  }
  process.stdout.write('\r');
  await raw.query('alter table municipes enable trigger user');
  await raw.query('vacuum analyze municipes');
  const total = Number((await raw.query('select count(*)::int as n from municipes')).rows[0].n);
  const porDia = Number(
    (await raw.query('select avg(n)::float as m from (select count(*) n from municipes group by data_nascimento) x'))
      .rows[0].m,
  );
  log(
    `carga: ${total.toLocaleString('pt-BR')} munícipes (${PARES} pares plantados) em ${s(performance.now() - t0)}; ` +
      `${porDia.toFixed(1)} pessoas por data de nascimento; PostgreSQL ${serverVersion}; ${os.cpus().length} CPUs, ` +
      `carga ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
  );

  // ---- the API's job: a step per birth year, two at a time on the pool --------------------------------------
  const ctx = { db: database.db, leitura: database.db, usuario: null, ip: '127.0.0.1' };
  const a0 = performance.now();
  const { busca, concluir } = await iniciarBusca(ctx as never);
  await concluir;
  const apiMs = performance.now() - a0;
  const fim = (await raw.query('select * from municipe_duplicados_buscas where id = $1', [busca.id])).rows[0];
  log(`busca (como a API): ${s(apiMs)}, ${fim.etapas} etapas, situação ${fim.situacao}, ${fim.encontrados} pares`);

  // ---- the raw SQL: the same function, one connection, one year after another ----------------------------------
  await raw.query('truncate municipe_duplicados cascade');
  const anos = (
    await raw.query(
      `select extract(year from min(data_nascimento))::int de, extract(year from max(data_nascimento))::int ate from municipes`,
    )
  ).rows[0];
  const r0 = performance.now();
  for (let y = anos.de; y <= anos.ate; y++)
    await raw.query('select municipe_duplicados_registrar($1::date, $2::date, null)', [`${y}-01-01`, `${y}-12-31`]);
  const sqlMs = performance.now() - r0;
  const achados = new Set(
    (await raw.query('select municipe_a_id::text a, municipe_b_id::text b from municipe_duplicados')).rows.map(
      (r) => `${r.a}|${r.b}`,
    ),
  );
  const recall = plantados.filter(([a, b]) => achados.has(`${a}|${b}`)).length;
  log(
    `busca (SQL puro, 1 conexão): ${s(sqlMs)}; ${achados.size} pares; plantados achados ${recall}/${plantados.length}`,
  );

  // One save: the trigger's own search for one citizen (birth-date index), timed over 200 updates.
  const ids = (await raw.query('select id from municipes order by random() limit 200')).rows.map((r) => r.id as string);
  const u0 = performance.now();
  for (const id of ids) await raw.query(`update municipes set nome = nome || '' where id = $1`, [id]);
  const saveMs = (performance.now() - u0) / ids.length;
  log(`gatilho ao salvar: ${saveMs.toFixed(2)} ms por munícipe salvo (média de ${ids.length})`);

  // 1M: the name part is ∝ n²/dias (pairs on each birth date); the rest ∝ n. Assume all of it quadratic: an upper bound.
  const fator = (1_000_000 / total) ** 2;
  const estimado = apiMs * fator;
  log(`extrapolação para 1.000.000 (pior caso, tudo ∝ n²): ${s(estimado)}; linear: ${s((apiMs * 1_000_000) / total)}`);
  printGoals('unificação (issue 45)', [
    {
      what: `busca em ${total.toLocaleString('pt-BR')} munícipes`,
      goal: '≤ 60 s',
      measured: apiMs / 1000,
      unit: 's',
      limit: 60,
    },
    { what: 'estimativa para 1.000.000 (∝ n²)', goal: '≤ 60 s', measured: estimado / 1000, unit: 's', limit: 60 },
    {
      what: 'pares plantados achados',
      goal: 'todos',
      measured: recall,
      unit: '',
      limit: plantados.length,
      atLeast: true,
    },
  ]);
} finally {
  await cleanup();
}
