// npm run bench:auditoria — the audit trail at scale (issue 41): reads stay flat as it grows from 1M to 50M rows.
// Builds the trail on a real PostgreSQL (scratch-db.ts) in steps, BENCH_SIZES (default "1000000,10000000"; the issue
// asks up to 50000000), straight into the partitioned table with INSERT … SELECT generate_series: rows spread evenly
// over the last BENCH_MONTHS months (default 12, each its own partition, created as the app does), a population of
// one citizen per 20 rows at each size (a bigger trail is a bigger city; ~20 accesses a citizen a year), 80 % rows
// naming one citizen, 15 % a list page of 5, 5 % none (sign-ins). At each size it times, BENCH_ITER times (default
// 200), the product's two reads through the service itself (modules/auditoria, a transaction with its own audit
// row): one citizen's history, first page, a different random citizen each time, and the manager's search with no
// filter, first page; then prints p50/p95 and the ratio of each p95 to the smallest size's.
import { sql } from 'drizzle-orm';
import type { Ctx } from '../apps/api/src/access/context';
import { queryRows } from '../apps/api/src/db/client';
import { list, select } from '../apps/api/src/modules/auditoria/service';
import { prepareDatabase } from '../apps/api/src/seed/setup';
import { knobs, log, machine, pct, printGoals, type Goal } from './lib';
import { openScratchDatabase } from './scratch-db';

const SIZES = (process.env.BENCH_SIZES ?? '1000000,10000000').split(',').map(Number);
const { ITER, MONTHS, CHUNK } = knobs({ ITER: 200, MONTHS: 12, CHUNK: 1_000_000 });
/** Rows per citizen at every size. */
const ROWS_PER_CITIZEN = 20;
/** Goal: the larger trail's p95 within this factor of the smallest's ("flat"). */
const FLAT = 1.5;
const fmt = (n: number) => n.toLocaleString('pt-BR');

/** The table so far: printed after every size, so a run stopped before the largest still leaves its numbers. */
function printTable(results: Array<{ size: number; citizen: number[]; manager: number[] }>): boolean {
  const base = results[0]!;
  const goals: Goal[] = [];
  for (const r of results) {
    for (const [what, samples, first] of [
      ['histórico de um munícipe, 1ª página', r.citizen, base.citizen],
      ['busca do gestor sem filtro, 1ª página', r.manager, base.manager],
    ] as const) {
      const p95 = pct(samples, 95);
      goals.push({
        what: `${what}, ${fmt(r.size)} linhas: p95 (p95 com ${fmt(base.size)}: ${pct(first, 95).toFixed(2)} ms)`,
        goal: `≤ ${FLAT}× o de ${fmt(base.size)}`,
        measured: p95,
        unit: 'ms',
        limit: FLAT * pct(first, 95),
      });
    }
  }
  return printGoals(`Auditoria particionada por mês (${MONTHS} meses, ${ITER} leituras por tamanho)`, goals);
}

const { database, raw, cleanup } = await openScratchDatabase(log);

try {
  await prepareDatabase(database, { demo: false });
  const db = database.db;
  // The months the rows fall in, created as the app creates them (auditoria_criar_particao).
  await raw.query(`select auditoria_criar_particao((date_trunc('month', now()) - make_interval(months => m))::date)
    from generate_series(0, ${MONTHS}) m`);
  const profs = (await raw.query<{ id: string }>('select id from profissionais')).rows.map((r) => r.id);
  const ctx: Ctx = { db, leitura: db, usuario: null, ip: '127.0.0.1' };

  // BENCH_DB_URL (a BENCH_KEEP run's database): the rows already there count as built; smaller sizes are skipped (a
  // size within 1 % is measured: each read of the earlier run added its own audit row).
  let [{ built } = { built: 0 }] = (await raw.query<{ built: number }>('select count(*)::int as built from auditoria'))
    .rows;
  let ok = true;
  const results: Array<{ size: number; citizen: number[]; manager: number[]; buildS: number }> = [];
  for (const size of SIZES) {
    if (size < built * 0.99) {
      log(`  ${fmt(size)} linhas: pulado, o banco já tem ${fmt(built)}`);
      continue;
    }
    const citizens = Math.max(1, Math.floor(size / ROWS_PER_CITIZEN));
    const t0 = performance.now();
    // The citizen of a row: md5 of a number in [0, citizens) read as a uuid (the history asks for the same).
    const who = `md5(floor(random() * ${citizens})::int::text)::uuid`;
    while (built < size) {
      const n = Math.min(CHUNK, size - built);
      await raw.query(
        `insert into auditoria (profissional_id, action, resource, record_id, municipe_ids, ip, details, created_at)
         select ($1::uuid[])[1 + (g % array_length($1::uuid[], 1))::int],
           case when r < 0.80 then 'show' when r < 0.95 then 'index' else 'login' end,
           case when r < 0.95 then 'municipes' else 'sessoes' end,
           g::text,
           case when r < 0.80 then array[${who}]
                when r < 0.95 then array[${who}, ${who}, ${who}, ${who}, ${who}]
                else null end,
           '10.0.0.' || (g % 250),
           case when r < 0.80 then '{"partes":["cadastro"]}'::jsonb else null end,
           now() - random() * interval '${MONTHS} months' + interval '1 minute'
         from (select g, random() as r from generate_series($2::bigint, $3::bigint) g) s`,
        [profs, built + 1, built + n],
      );
      built += n;
      log(`  ${fmt(built)} linhas…`);
    }
    await raw.query('vacuum analyze auditoria');
    const buildS = (performance.now() - t0) / 1000;
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from auditoria`);
    log(`${fmt(n)} linhas na auditoria (${fmt(citizens)} munícipes), construída em ${buildS.toFixed(0)} s`);

    const citizen: number[] = [];
    const manager: number[] = [];
    const randomCitizen = () =>
      queryRows<{ id: string }>(db, sql`select md5(${Math.floor(Math.random() * citizens)}::text)::uuid::text as id`);
    for (let i = 0; i < ITER + 20; i++) {
      const [alvo] = await randomCitizen();
      let t = performance.now();
      const h = await list(ctx, { municipe_id: alvo!.id, page: 1, per_page: 20 });
      if (i >= 20) citizen.push(performance.now() - t);
      t = performance.now();
      const m = await list(ctx, { page: 1, per_page: 20 });
      if (i >= 20) manager.push(performance.now() - t);
      if (m.rows.length !== 20 || h.total < 0) throw new Error('leitura inesperada');
    }
    // The pages a history read touches, by EXPLAIN (ANALYZE, BUFFERS) of the product's own statement for 50 citizens,
    // planned as the product plans it (parallel plans off, doMunicipeSemParalelo): the same at every size if the read
    // stays an index scan. `lidas`: not in PostgreSQL's shared buffers (from the OS cache or the disk).
    let hit = 0;
    let read = 0;
    await raw.query('begin');
    await raw.query('set local max_parallel_workers_per_gather = 0');
    for (let i = 0; i < 50; i++) {
      const [alvo] = await randomCitizen();
      const q = select(db, { municipe_id: alvo!.id }).limit(20).toSQL();
      const { rows } = await raw.query<{ 'QUERY PLAN': Array<{ Plan: Record<string, number> }> }>(
        `explain (analyze, buffers, format json) ${q.sql}`,
        q.params,
      );
      const plan = rows[0]!['QUERY PLAN'][0]!.Plan;
      hit += plan['Shared Hit Blocks'] ?? 0;
      read += plan['Shared Read Blocks'] ?? 0;
    }
    await raw.query('commit');
    results.push({ size: n, citizen, manager, buildS });
    log(
      `  histórico de um munícipe: p50 ${pct(citizen, 50).toFixed(2)} ms, p95 ${pct(citizen, 95).toFixed(2)} ms, ` +
        `${((hit + read) / 50).toFixed(0)} páginas por leitura (${(read / 50).toFixed(0)} lidas fora do cache do ` +
        `PostgreSQL); busca do gestor: p50 ${pct(manager, 50).toFixed(2)} ms, p95 ${pct(manager, 95).toFixed(2)} ms; ` +
        machine(),
    );
    ok = printTable(results);
  }

  log(`construção: ${results.map((r) => `${fmt(r.size)} em ${r.buildS.toFixed(0)} s`).join('; ')}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await cleanup();
}
