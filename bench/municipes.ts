// npm run bench:municipes — the citizen registry at scale (issue 5, "Scale").
// Loads BENCH_ROWS (default 1,000,000) generated citizens into a real PostgreSQL, starts the production build on it in
// its own process, and measures each search over real HTTP and as the raw SQL the service runs on a plain pg client,
// one HTTP request and one SQL run alternately (lib.ts), so both see the machine in the same state: p50/p95 from the
// raw samples and the ratio. Goals (issue 15): a name search p95 ≤ 50 ms; a CPF or CNS lookup p95 ≤ 5 ms and ≤ 1.5×
// its SQL; the list page's API time within 1.5× of its raw query. Run `npm run build` first.
// DATABASE_URL set: a scratch database is created on that server and dropped at the end (your data is not touched);
// otherwise a throwaway PostgreSQL is started with scripts/pg-throwaway.sh and stopped at the end.
// Other knobs: BENCH_ITER (default 200 timed runs per search), BENCH_BATCH (rows per INSERT, default 5000), BENCH_KEEP=1
// (keep the database and the server for EXPLAIN afterwards). The run ends with EXPLAIN ANALYZE of the lookups and, for
// issue 15, each change's plan before and after: the capped count and the misspelling retry of only the unmatched words.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { formatCpf } from '@saude/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { DEMO_PASSWORD, demoEnderecos } from '../apps/api/src/seed/demo';
import {
  gerarMunicipe,
  loadTerritorios,
  NOMES_FREQUENTES,
  prng,
  type MunicipeRow,
} from '../apps/api/src/seed/municipes';
import { statementName } from '../apps/api/src/db/client';
import { municipes } from '../apps/api/src/db/schema';
import { prepareDatabase } from '../apps/api/src/seed/setup';
import {
  buscaAvancada,
  buscaSimples,
  countSql,
  pageSql,
  palavrasSql,
  prepararBusca,
  type Busca,
} from '../apps/api/src/modules/municipes/search';
import { Client, interleaved, pct, printGoals, signIn, startServer } from './lib';
import { openScratchDatabase } from './scratch-db';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ITER = Number(process.env.BENCH_ITER ?? 200);
const BATCH = Number(process.env.BENCH_BATCH ?? 5000);
/** Rows generated in JavaScript; the rest are copies made in SQL (copiar). */
const GERADAS = Math.min(ROWS, Number(process.env.BENCH_GERADAS ?? 500_000));
const uptime = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
/** Far from the seed's and the tests' document numbers. */
const BENCH_BASE = 200_000_000;
const log = (m: string) => console.log(m);

// ---- database ------------------------------------------------------------------------------------------

const { database, raw, dbUrl, cleanup, reused } = await openScratchDatabase(log);
const dialect = new PgDialect({ casing: 'snake_case' });
const carga = `carga (uptime: ${uptime()})`;

try {
  const serverVersion = (await raw.query('show server_version')).rows[0].server_version as string;
  const db = database.db;

  // ---- load ------------------------------------------------------------------------------------------

  if (!reused) {
    await prepareDatabase(database, { demo: true });
    const columns = [
      ['id', 'uuid'],
      ['cpf_numero', 'text'],
      ['codigo_cns', 'text'],
      ['cartao_provisorio', 'text'],
      ['nome', 'text'],
      ['nome_social', 'text'],
      ['data_nascimento', 'date'],
      ['sexo_id', 'int'],
      ['raca_cor_id', 'int'],
      ['estado_civil_id', 'int'],
      ['nome_mae', 'text'],
      ['mae_desconhecida', 'boolean'],
      ['nome_pai', 'text'],
      ['pai_desconhecido', 'boolean'],
      ['etnia_id', 'int'],
      ['nacionalidade_id', 'int'],
      ['municipio_nascimento_ibge', 'text'],
      ['telefone_celular', 'text'],
      ['telefone_residencial', 'text'],
      ['email', 'text'],
      ['residencia_cep', 'text'],
      ['residencia_uf', 'text'],
      ['residencia_municipio_ibge', 'text'],
      ['residencia_tipo_logradouro', 'text'],
      ['residencia_logradouro', 'text'],
      ['residencia_numero', 'text'],
      ['residencia_bairro', 'text'],
      ['unidade_saude_referencia_id', 'uuid'],
      ['equipe_id', 'uuid'],
      ['profissional_id', 'uuid'],
      ['ocupacao_id', 'text'],
      ['micro_area', 'text'],
      ['fora_area', 'boolean'],
      ['doador_sangue', 'boolean'],
      ['tipo_sanguineo_id', 'int'],
    ] as const;
    const insertSql = `insert into municipes (${columns.map(([c]) => c).join(', ')})
    select * from unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`;

    // Indexes are built after the load (as a restore would): much faster than maintaining GIN indexes row by row.
    const indexDefs = (
      await raw.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where tablename = 'municipes' and indexname <> 'municipes_pkey'`,
      )
    ).rows;
    for (const i of indexDefs) await raw.query(`drop index ${i.indexname}`);
    await raw.query('create temporary table demo_ids as select id from municipes');
    // No autovacuum racing the load (the load vacuums and analyzes once, at the end).
    await raw.query('alter table municipes set (autovacuum_enabled = false)');
    // The per-citizen triggers (duplicate finder, issue 45; worklist, issue 44; family names) look each new row up by
    // indexes the load has dropped, so each batch would scan the table: a restore brings their tables as they are.
    // Off for the load, on again before the measurements. The registry's words (municipes_palavras_*) stay on.
    const gatilhos = (
      await raw.query<{ tgname: string }>(
        `select tgname from pg_trigger where tgrelid = 'municipes'::regclass and not tgisinternal
           and tgname not like 'municipes_palavras_%'`,
      )
    ).rows.map((r) => r.tgname);
    for (const g of gatilhos) await raw.query(`alter table municipes disable trigger ${g}`);

    const territorios = await loadTerritorios(db, demoEnderecos);
    const rng = prng(424242);
    const t0 = performance.now();
    let genMs = 0;
    for (let start = 0; start < GERADAS; start += BATCH) {
      const g0 = performance.now();
      const rows: MunicipeRow[] = [];
      for (let i = start; i < Math.min(GERADAS, start + BATCH); i++)
        rows.push(gerarMunicipe(rng, i + 1, territorios, BENCH_BASE, NOMES_FREQUENTES));
      const params = columns.map(([c]) => rows.map((r) => (r as Record<string, unknown>)[c] ?? null));
      genMs += performance.now() - g0;
      await raw.query(insertSql, params);
      if ((start / BATCH) % 40 === 0) process.stdout.write(`\r  ${start.toLocaleString('pt-BR')} linhas…`);
    }
    const genLoadMs = performance.now() - t0;
    const c0 = performance.now();
    if (ROWS > GERADAS) await copiar();
    const copyMs = performance.now() - c0;
    process.stdout.write('\r');
    const i0 = performance.now();
    // Vacuumed before the indexes (a vacuum with no index to clean is a pass over the table), analyzed after them:
    // ANALYZE also samples the indexed expressions (the normalized names) the planner estimates LIKE with.
    await raw.query('vacuum municipes');
    await raw.query(`set maintenance_work_mem = '1GB'`);
    for (const i of indexDefs) {
      const x0 = performance.now();
      await raw.query(i.indexdef);
      log(`  índice ${i.indexname}: ${((performance.now() - x0) / 1000).toFixed(1)} s`);
    }
    await raw.query('reset maintenance_work_mem');
    await raw.query('alter table municipes reset (autovacuum_enabled)');
    for (const g of gatilhos) await raw.query(`alter table municipes enable trigger ${g}`);
    await raw.query('analyze municipes');
    const indexMs = performance.now() - i0;
    log(
      `carga: ${GERADAS.toLocaleString('pt-BR')} gerados em ${(genLoadMs / 1000).toFixed(1)} s (geração ${(genMs / 1000).toFixed(1)} s + ` +
        `INSERT em lotes de ${BATCH}), cópias no SQL ${(copyMs / 1000).toFixed(1)} s, índices + VACUUM ANALYZE ` +
        `${(indexMs / 1000).toFixed(1)} s, total ${((genLoadMs + copyMs + indexMs) / 1000).toFixed(1)} s; ${carga}`,
    );
  }

  /**
   * Past GERADAS, the rows are copies made by PostgreSQL (generating 12M in JavaScript takes too long on 2 shared
   * cores): copy k of generated row j keeps its name and address, takes another row's mother, father and birth date
   * (so a name + birth date or name + mother search is not repeated k times), and gets documents no generated row
   * has (CPF starting 00..29, CNS starting 3: not valid, never typed by the measurements, which sample generated rows).
   */
  async function copiar() {
    // The copies join the generated rows with themselves: in memory, not in temporary files (reset after the load,
    // so the measured SQL runs with the server's default).
    await raw.query(`set work_mem = '512MB'`);
    await raw.query(`create temporary table base as
      select (row_number() over (order by id) - 1)::int as j, * from municipes where id not in (select id from demo_ids)`);
    await raw.query('create unique index on base (j)');
    await raw.query('analyze base');
    const cols = (
      await raw.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name = 'municipes' and table_schema = current_schema()
         and column_name not in ('id', 'cpf_numero', 'codigo_cns', 'nome_mae', 'mae_desconhecida', 'nome_pai',
           'pai_desconhecido', 'data_nascimento') and is_generated = 'NEVER' order by ordinal_position`,
      )
    ).rows.map((r) => r.column_name);
    // The copies bring no new words: the generated rows' words are in municipes_palavras already.
    await raw.query('alter table municipes disable trigger municipes_palavras_insert');
    const copias = Math.ceil(ROWS / GERADAS) - 1;
    if (copias > 29) throw new Error('BENCH_ROWS / BENCH_GERADAS > 30: os CPFs das cópias se repetiriam');
    for (let k = 1; k <= copias; k++) {
      const n = Math.min(GERADAS, ROWS - k * GERADAS);
      await raw.query(
        `insert into municipes (id, cpf_numero, codigo_cns, nome_mae, mae_desconhecida, nome_pai, pai_desconhecido,
           data_nascimento, ${cols.join(', ')})
         select (lpad(to_hex(${k}), 8, '0') || substr(b.id::text, 9))::uuid,
           case when b.cpf_numero is not null then lpad('${k}', 2, '0') || lpad(b.j::text, 9, '0') end,
           case when b.codigo_cns is not null then '3' || lpad('${k}', 2, '0') || lpad(b.j::text, 12, '0') end,
           m.nome_mae, m.mae_desconhecida, m.nome_pai, m.pai_desconhecido, m.data_nascimento,
           ${cols.map((c) => `b.${c}`).join(', ')}
         from base b join (select j, nome_mae, mae_desconhecida, nome_pai, pai_desconhecido, data_nascimento from base) m
           on m.j = (b.j + ${k} * 7919) % ${GERADAS}
         where b.j < ${n}`,
      );
      process.stdout.write(`\r  cópia ${k}/${copias}: ${(GERADAS * (k + 1)).toLocaleString('pt-BR')} linhas…`);
    }
    await raw.query('alter table municipes enable trigger municipes_palavras_insert');
    await raw.query('reset work_mem');
    await raw.query('drop table base');
  }

  const [{ total, tamanho }] = (
    await raw.query(
      `select count(*)::int as total, pg_size_pretty(pg_total_relation_size('municipes')) as tamanho from municipes`,
    )
  ).rows;
  log(`\nPostgreSQL ${serverVersion}; ${Number(total).toLocaleString('pt-BR')} munícipes (${tamanho} com índices)`);

  // ---- what users type -------------------------------------------------------------------------------------

  type Sample = {
    nome: string;
    cpf_numero: string | null;
    codigo_cns: string | null;
    data_nascimento: string;
    nome_mae: string | null;
  };
  const samples = (
    await raw.query<Sample>(`select nome, cpf_numero, codigo_cns, data_nascimento::text, nome_mae
    from municipes tablesample system (1) repeatable (7) where cpf_numero like '3%' and codigo_cns not like '3%' limit 500`)
  ).rows;
  const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  // "maria silv": a given name and the start of the last surname, without accents, as typed at the reception desk.
  const fragment = (nome: string) => {
    const w = plain(nome).split(' ');
    return `${w[0]} ${w.at(-1)!.slice(0, Math.max(4, w.at(-1)!.length - 2))}`;
  };
  const pickSample = (i: number) => samples[i % samples.length]!;
  // "maria slva": the whole last surname with its second letter lost, as a hurried typist does.
  const typo = (nome: string) => {
    const w = plain(nome).split(' ');
    const last = w.at(-1)!;
    return `${w[0]} ${last[0]}${last.slice(2)}`;
  };

  // ---- measuring -------------------------------------------------------------------------------------------

  const server = await startServer({ DATABASE_URL: dbUrl.toString(), DEMO: 'false' });
  const client = new Client(server.url, 2);
  const token = await signIn(client, 'medico', DEMO_PASSWORD);

  // The service's statements, run on a plain client: the exact step, then the misspelling-tolerant one when it found nobody.
  // Named (planned once on this connection) where the API's is (Busca.preparada), so both get the same help.
  const q = (s: SQL, prepared = false) => {
    const { sql: text, params } = dialect.sqlToQuery(s);
    return prepared
      ? raw.query({ name: statementName(text), text, values: params as unknown[] })
      : raw.query(text, params as unknown[]);
  };
  const consulta = async (s: SQL) => (await q(s)).rows as Array<Record<string, unknown>>;
  async function rawPage(busca: Busca, page = { page: 1, per_page: 10 }) {
    // As the service: misspelt words corrected (prepararBusca), then one page that carries its total (a separate
    // count only runs for a page past the end, which the bench does not ask for).
    const b = await prepararBusca(consulta, busca);
    await q(pageSql(b, page), b.preparada);
  }

  type Case = {
    title: string;
    http: (i: number) => string;
    raw: (i: number) => Promise<unknown>;
  };
  const avancada = (i: number) => ({
    nome: fragment(pickSample(i).nome),
    data_nascimento: pickSample(i).data_nascimento,
  });
  const cases: Case[] = [
    {
      title: 'nome (fragmento, sem acento)',
      http: (i) => `/api/v1/municipes?q=${encodeURIComponent(fragment(pickSample(i).nome))}`,
      raw: (i) => rawPage(buscaSimples(fragment(pickSample(i).nome))),
    },
    {
      title: 'nome com erro de digitação',
      http: (i) => `/api/v1/municipes?q=${encodeURIComponent(typo(pickSample(i).nome))}`,
      raw: (i) => rawPage(buscaSimples(typo(pickSample(i).nome))),
    },
    {
      title: 'CPF (com máscara)',
      http: (i) => `/api/v1/municipes?q=${encodeURIComponent(formatCpf(pickSample(i).cpf_numero!))}`,
      raw: (i) => rawPage(buscaSimples(pickSample(i).cpf_numero!)),
    },
    {
      title: 'CNS',
      http: (i) => `/api/v1/municipes?q=${pickSample(i).codigo_cns}`,
      raw: (i) => rawPage(buscaSimples(pickSample(i).codigo_cns!)),
    },
    {
      title: 'busca avançada (nome + nascimento)',
      http: (i) => `/api/v1/municipes/busca_avancada?${new URLSearchParams(avancada(i))}`,
      raw: (i) => rawPage(buscaAvancada(avancada(i))),
    },
    {
      title: 'busca avançada (nome + nome da mãe)',
      http: (i) =>
        `/api/v1/municipes/busca_avancada?${new URLSearchParams({ nome: fragment(pickSample(i).nome), nome_mae: fragment(pickSample(i).nome_mae ?? 'maria silva') })}`,
      raw: (i) =>
        rawPage(
          buscaAvancada({
            nome: fragment(pickSample(i).nome),
            nome_mae: fragment(pickSample(i).nome_mae ?? 'maria silva'),
          }),
        ),
    },
    {
      title: 'lista sem filtro (página 1..20)',
      http: (i) => `/api/v1/municipes?page=${1 + (i % 20)}`,
      raw: (i) => rawPage(buscaSimples(undefined), { page: 1 + (i % 20), per_page: 10 }),
    },
  ];

  const medidas = uptime();
  log(`\n${ITER} execuções por busca, HTTP e SQL alternados (entradas variadas, após aquecimento); tempos em ms\n`);
  log(
    `${'busca'.padEnd(38)} ${'HTTP p50'.padStart(9)} ${'HTTP p95'.padStart(9)} ${'SQL p50'.padStart(9)} ${'SQL p95'.padStart(9)} ${'HTTP/SQL'.padStart(9)}`,
  );
  const results = new Map<string, { http: number[]; sql: number[] }>();
  for (const c of cases) {
    const [http, sqlOnly] = await interleaved(
      ITER,
      async (i) => {
        const res = await client.request('GET', c.http(i), { token });
        if (res.status !== 200) throw new Error(`${c.title}: ${res.status} ${res.body}`);
      },
      c.raw,
    );
    results.set(c.title, { http, sql: sqlOnly });
    log(
      `${c.title.padEnd(38)} ${pct(http, 50).toFixed(2).padStart(9)} ${pct(http, 95).toFixed(2).padStart(9)} ` +
        `${pct(sqlOnly, 50).toFixed(2).padStart(9)} ${pct(sqlOnly, 95).toFixed(2).padStart(9)} ${(pct(http, 50) / pct(sqlOnly, 50)).toFixed(2).padStart(8)}×`,
    );
  }
  const p95 = (title: string) => pct(results.get(title)!.http, 95);
  // ---- the bare route (issue 15): the API's own statements behind a plain Fastify route -------------------------

  const [medico] = (await raw.query(`select id from profissionais where login = 'medico'`)).rows as [{ id: string }];
  const bare = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'municipes-simples.ts')], {
    env: { ...process.env, DATABASE_URL: dbUrl.toString(), PROFISSIONAL_ID: medico.id },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const barePort = await new Promise<string>((resolve, reject) => {
    bare.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    bare.once('exit', () => reject(new Error('o servidor simples terminou')));
  });
  const simples = new Client(`http://127.0.0.1:${barePort}`, 2);
  const versusBare: Array<[string, (i: number) => string]> = [
    ['CPF (com máscara)', (i) => formatCpf(pickSample(i).cpf_numero!)],
    ['CNS', (i) => pickSample(i).codigo_cns!],
    ['lista sem filtro (página 1..20)', () => ''],
  ];
  log(
    `\nA API ao lado de uma rota Fastify simples que envia ao banco os mesmos comandos (a página com a linha de ` +
      `auditoria),\nsem sessão, permissão, validação nem conversão; ${ITER} de cada, alternadas; tempos em ms\n`,
  );
  log(
    `${'busca'.padEnd(38)} ${'API p50'.padStart(9)} ${'API p95'.padStart(9)} ${'simples p50'.padStart(12)} ${'simples p95'.padStart(12)} ${'API/simples'.padStart(12)}`,
  );
  const bareRatio = new Map<string, number>();
  for (const [title, q] of versusBare) {
    const page = (i: number) => (q(i) ? '' : `page=${1 + (i % 20)}`);
    const [api, plain] = await interleaved(
      ITER,
      async (i) => {
        const res = await client.request(
          'GET',
          `/api/v1/municipes?${q(i) ? `q=${encodeURIComponent(q(i))}` : page(i)}`,
          {
            token,
          },
        );
        if (res.status !== 200) throw new Error(`${title}: ${res.status} ${res.body}`);
      },
      async (i) => {
        const res = await simples.request('GET', `/busca?${q(i) ? `q=${encodeURIComponent(q(i))}` : page(i)}`);
        if (res.status !== 200) throw new Error(`${title} (simples): ${res.status} ${res.body}`);
      },
    );
    bareRatio.set(title, pct(api, 50) / pct(plain, 50));
    log(
      `${title.padEnd(38)} ${pct(api, 50).toFixed(2).padStart(9)} ${pct(api, 95).toFixed(2).padStart(9)} ` +
        `${pct(plain, 50).toFixed(2).padStart(12)} ${pct(plain, 95).toFixed(2).padStart(12)} ${bareRatio.get(title)!.toFixed(2).padStart(11)}×`,
    );
  }
  simples.close();
  bare.stdin!.end();
  // Issue 41's goals, in one table: latency at the registry's size, and our code's cost over the bare route.
  printGoals(
    `Munícipes: ${Number(total).toLocaleString('pt-BR')} no PostgreSQL ${serverVersion}; uptime no início das ` +
      `medidas ${medidas}, no fim ${uptime()}`,
    [
      { what: 'nome, p95', goal: '≤ 100 ms', measured: p95('nome (fragmento, sem acento)'), unit: 'ms', limit: 100 },
      {
        what: 'nome com erro de digitação, p95',
        goal: '≤ 100 ms',
        measured: p95('nome com erro de digitação'),
        unit: 'ms',
        limit: 100,
      },
      { what: 'CPF, p95', goal: '≤ 5 ms', measured: p95('CPF (com máscara)'), unit: 'ms', limit: 5 },
      { what: 'CNS, p95', goal: '≤ 5 ms', measured: p95('CNS'), unit: 'ms', limit: 5 },
      {
        what: 'lista sem filtro, p95',
        goal: '≤ 5 ms',
        measured: p95('lista sem filtro (página 1..20)'),
        unit: 'ms',
        limit: 5,
      },
      ...versusBare.map(([title]) => ({
        what: `${title}, API ÷ rota simples (p50)`,
        goal: '≤ 1,2×',
        measured: bareRatio.get(title)!,
        unit: '×',
        limit: 1.2,
      })),
    ],
  );
  client.close();
  await server.stop();

  // ---- plans (issue 15): what the index does, and each change before/after ------------------------------------

  /** EXPLAIN ANALYZE of a statement (the fuzzy step's threshold is set on the connection, as the app's). */
  async function explain(title: string, s: SQL) {
    const { sql: text, params } = dialect.sqlToQuery(s);
    const plan = (await raw.query(`explain (analyze, buffers, costs off) ${text}`, params as unknown[])).rows.map(
      (r: Record<string, string>) => r['QUERY PLAN'],
    );
    log(`\n--- ${title}`);
    for (const line of plan) log(`    ${line}`);
  }
  const amostra = pickSample(3);
  await explain(
    'CPF exato (índice btree de cpf_numero)',
    pageSql(buscaSimples(amostra.cpf_numero!), { page: 1, per_page: 10 }),
  );
  await explain(
    'CNS exato (índices de codigo_cns e cartao_provisorio)',
    pageSql(buscaSimples(amostra.codigo_cns!), { page: 1, per_page: 10 }),
  );
  // A name (issue 41): ranked among its first 1,001 matches, then the same search as it was, ranking and counting
  // every match.
  const nome = await prepararBusca(consulta, buscaSimples(fragment(amostra.nome)));
  await explain(
    `nome "${fragment(amostra.nome)}": as 1.001 primeiras, ranqueadas, pelas palavras do nome (índice GIN das palavras)`,
    pageSql(nome, { page: 1, per_page: 10 }),
  );
  // Before the name words index (issue 41, 30/11): each word a substring, by the trigram index.
  await explain(
    'ANTES (30/11): as mesmas 1.001 primeiras pelos trigramas (cada palavra uma substring)',
    pageSql(buscaSimples(fragment(amostra.nome)), { page: 1, per_page: 10 }),
  );
  await explain(
    'ANTES: ranqueando e contando todas',
    sql`select ${municipes.id}, count(*) over () from ${municipes} where ${nome.where}
      order by ${nome.rank} desc, ${municipes.nome} collate "und-x-icu", ${municipes.id} limit 10`,
  );
  const semFiltro = buscaSimples(undefined);
  await explain(
    'ANTES: total da lista sem filtro, count(*) de tudo',
    sql`select count(*)::bigint as total from ${municipes}`,
  );
  await explain(
    'ANTES (29/11): total contado até 10.001 linhas (X-Total-Count-Limitado)',
    sql`select count(*)::int as total from (select 1 from ${municipes} limit 10001) as limitado`,
  );
  await explain(
    'DEPOIS: total pela estimativa da tabela (pg_class.reltuples ≥ 100.000: "mais de 10.000" sem contar)',
    countSql(semFiltro),
  );
  await explain('DEPOIS: a página da lista sem filtro, com o total', pageSql(semFiltro, { page: 20, per_page: 10 }));
  // A typo in the last word: corrected among the registry's words, and the search runs with the corrections.
  const erro = buscaSimples(typo(amostra.nome));
  await explain(`a correção de "${typo(amostra.nome)}" (municipes_palavras)`, palavrasSql(erro.termos));
  await explain('a busca com as correções', pageSql(await prepararBusca(consulta, erro), { page: 1, per_page: 10 }));
} finally {
  await cleanup();
}
