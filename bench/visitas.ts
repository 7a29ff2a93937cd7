// npm run bench:visitas — the primary-care lists at municipal scale (issues 7 and 8).
// Generates a large municipality in a real PostgreSQL with set-based SQL (generate_series; deterministic hashes, no
// random()): BENCH_EQUIPES teams (default 40) with six micro-areas each, BENCH_FAMILIAS households and families (default
// 100,000; one family per home, 2 % without a home, 1 % moved away), 1–5 members each (≈3, so ≈300,000 citizens in
// familia_membros, the partial unique index respected), BENCH_VISITAS visits per family (default 20: 2,000,000 over the
// last two years). Then measures, in the same run, each list through the HTTP route (app.inject, signed in through
// /api/v2/auth/login as the agent of one team, and as the manager who sees every team), through the service function,
// and as a hand-written SQL query giving the same answer on a plain pg client (checked row by row before timing):
// p50/p95 and the ratio. Targets (issue 5's, the budget the citizen list set: the architecture page fixes only the
// first-load JavaScript): p95 < 50 ms per request; a list page's API time within 1.5× of its raw query.
// DATABASE_URL set: a scratch database is created on that server and dropped at the end (your data is not touched);
// otherwise a throwaway PostgreSQL is started with scripts/pg-throwaway.sh and stopped at the end.
// Other knobs: BENCH_ITER (default 200 timed runs per case), BENCH_KEEP=1 (keep the database and the server for
// EXPLAIN afterwards).
import { PARENTESCO_RESPONSAVEL } from '@saude/shared/schemas/familia';
import { buildApp } from '../apps/api/src/app';
import { hashSenha } from '../apps/api/src/auth/service';
import { loadSession } from '../apps/api/src/auth/sessions';
import type { Ctx } from '../apps/api/src/access/context';
import { loadConfig } from '../apps/api/src/config';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { nomesFemininos, nomesMasculinos, sobrenomes } from '../apps/api/src/db/seed/municipes';
import { prepareDatabase } from '../apps/api/src/db/setup';
import { newId } from '../apps/api/src/lib/ids';
import * as domicilios from '../apps/api/src/modules/atencao_primaria/cadastros_domiciliares/service';
import * as familias from '../apps/api/src/modules/atencao_primaria/familias/service';
import * as familiasParaVisita from '../apps/api/src/modules/atencao_primaria/visitas_domiciliares/familias';
import * as visitas from '../apps/api/src/modules/atencao_primaria/visitas_domiciliares/service';
import { openScratchDatabase } from './scratch-db';

const EQUIPES = Number(process.env.BENCH_EQUIPES ?? 40);
const FAMILIAS = Number(process.env.BENCH_FAMILIAS ?? 100_000);
const VISITAS = Number(process.env.BENCH_VISITAS ?? 20);
const ITER = Number(process.env.BENCH_ITER ?? 200);
const MICRO_AREAS = 6;
/** Homes per street: ≈20 streets per team. */
const CASAS_POR_RUA = 125;
const log = (m: string) => console.log(m);

// ---- database ------------------------------------------------------------------------------------------

const { database, raw, dbUrl, cleanup } = await openScratchDatabase(log);
// The generator's hours are UTC (São Paulo + 3), whatever the server's zone.
await raw.query(`set timezone = 'UTC'`);

// ---- generation helpers (SQL text) ----------------------------------------------------------------------

/** A uniform number in [0, 1) from an integer expression and a salt: deterministic, so every run sees the same town. */
const r = (n: string, salt: number) => `((hashint8((${n})::bigint * 64 + ${salt}) & 2147483647)::float8 / 2147483648)`;
/** An integer in [0, k) from r. */
const ri = (n: string, salt: number, k: number) => `floor(${r(n, salt)} * ${k})::int`;
/** A stable id per table (`kind`) and row number: ascending like the app's v7 ids, and joinable without a lookup. */
const bid = (kind: number, n: string) =>
  `('${kind.toString(16).padStart(8, '0')}-0000-7000-8000-' || lpad(to_hex((${n})::bigint), 12, '0'))::uuid`;
const pick = (list: string, len: number, n: string, salt: number) => `${list}[1 + ${ri(n, salt, len)}]`;
// One-row table `c` (cross-joined): the name lists and "today" of the generator.
const FEM = 'c.fem';
const MASC = 'c.masc';
const SOB = 'c.sob';
const given = (n: string, salt: number, fem: string) =>
  `case when ${fem} then ${pick(FEM, nomesFemininos.length, n, salt)} else ${pick(MASC, nomesMasculinos.length, n, salt)} end`;

const TABLES = ['municipes', 'cadastros_domiciliares', 'familias', 'familia_membros', 'visitas_domiciliares'];

try {
  const serverVersion = (await raw.query('show server_version')).rows[0].server_version as string;
  await prepareDatabase(database, { demo: true });
  const db = database.db;

  // ---- teams and their agents ----------------------------------------------------------------------------

  const ubs = (
    await raw.query<{ id: string }>(`select u.id from unidades_saude u join tipos_unidade t on t.id = u.tipo_unidade_id
    where t.codigo = 'UBS' order by u.cnes`)
  ).rows.map((u) => u.id);
  const perfilAcs = (await raw.query<{ id: string }>(`select id from perfis where codigo = 'acs'`)).rows[0]!.id;
  const senhaHash = await hashSenha(DEMO_PASSWORD);
  const microAreas = Array.from({ length: MICRO_AREAS }, (_, i) => String(i + 1).padStart(2, '0'));
  const teamIds: string[] = [];
  const unitIds: string[] = [];
  const agentIds: string[] = [];
  for (let t = 0; t < EQUIPES; t++) {
    const n = String(t + 1).padStart(2, '0');
    const [equipe, unidade, agente] = [newId(), ubs[t % ubs.length]!, newId()];
    teamIds.push(equipe);
    unitIds.push(unidade);
    agentIds.push(agente);
    await raw.query(`insert into equipes (id, ine, nome, unidade_saude_id, micro_areas) values ($1, $2, $3, $4, $5)`, [
      equipe,
      `98${String(t + 1).padStart(8, '0')}`,
      `ESF Bench ${n}`,
      unidade,
      microAreas,
    ]);
    await raw.query(`insert into profissionais (id, login, nome, senha_hash) values ($1, $2, $3, $4)`, [
      agente,
      `acs_bench_${n}`,
      `Agente Bench ${n}`,
      senhaHash,
    ]);
    // Each agent covers the first two micro-areas of the team: their families come first in the visit list.
    await raw.query(
      `insert into lotacoes (id, profissional_id, unidade_saude_id, ocupacao_codigo, equipe_id, perfil_id, micro_areas)
      values ($1, $2, $3, '515105', $4, $5, $6)`,
      [newId(), agente, unidade, equipe, perfilAcs, microAreas.slice(0, 2)],
    );
  }

  // ---- load ------------------------------------------------------------------------------------------------

  // Indexes and foreign keys come after the load (as a restore does): much faster than maintaining them row by row.
  const indexDefs = (
    await raw.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes i
    where tablename = any($1) and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
      [TABLES],
    )
  ).rows;
  const fkDefs = (
    await raw.query<{ tbl: string; conname: string; def: string }>(
      `select conrelid::regclass::text as tbl, conname,
    pg_get_constraintdef(oid) as def from pg_constraint where contype = 'f' and conrelid::regclass::text = any($1)`,
      [TABLES],
    )
  ).rows;
  for (const f of fkDefs) await raw.query(`alter table ${f.tbl} drop constraint ${f.conname}`);
  for (const i of indexDefs) await raw.query(`drop index ${i.indexname}`);

  const casasPorEquipe = Math.ceil(FAMILIAS / EQUIPES);
  const steps: Array<[string, number]> = [];
  const step = async (title: string, text: string) => {
    const a = performance.now();
    await raw.query(text);
    steps.push([title, performance.now() - a]);
  };
  const t0 = performance.now();
  // "Today" of the generator is yesterday at midnight, so no visit is in the future.
  await raw.query(
    `create temp table bench_ctx as select $1::text[] as fem, $2::text[] as masc, $3::text[] as sob,
    date_trunc('day', now()) - interval '1 day' as hoje`,
    [nomesFemininos, nomesMasculinos, sobrenomes],
  );
  await raw.query(
    `create temp table bench_equipe as select t - 1 as t, equipe_id, unidade_id, agente_id
    from unnest($1::uuid[], $2::uuid[], $3::uuid[]) with ordinality as x(equipe_id, unidade_id, agente_id, t)`,
    [teamIds, unitIds, agentIds],
  );
  // One row per family (= its home): team, place in the team's territory, size, first member's number, surname,
  // address. The street is a person's name, as most streets are ('RUA JOSÉ ALMEIDA'); the district is the team's.
  await step(
    'famílias (plano)',
    `create temp table bench_fam as
    with f as (
      select k, (k - 1) % ${EQUIPES} as t, (k - 1) / ${EQUIPES} as i, 1 + ${ri('k', 1, 5)} as n
      from generate_series(1, ${FAMILIAS}) k),
    r as (select *, t * 100 + i / ${CASAS_POR_RUA} as rua from f)
    select k, t, i, n, rua, sum(n) over (order by k) - n as inicio,
      lpad((1 + i * ${MICRO_AREAS} / ${casasPorEquipe})::text, 2, '0') as micro_area,
      upper(${given('rua', 21, `${r('rua', 22)} < 0.4`)} || ' ' || ${pick(SOB, sobrenomes.length, 'rua', 23)}) as logradouro,
      upper('Jardim ' || ${pick(SOB, sobrenomes.length, 't', 24)}) as bairro,
      (1 + (i % ${CASAS_POR_RUA}) * 2)::text as numero,
      ${pick(SOB, sobrenomes.length, 'k', 2)} || case when ${r('k', 3)} < 0.5 then ' ' || ${pick(SOB, sobrenomes.length, 'k', 4)} else '' end as sobrenome,
      k % 50 <> 0 as com_domicilio,
      k % 97 = 0 as mudou
    from r cross join bench_ctx c`,
  );
  await raw.query(
    `create temp table bench_membro as select k, j, inicio + j as seq from bench_fam, generate_series(1, n) j`,
  );
  await raw.query('analyze bench_fam; analyze bench_membro; analyze bench_equipe');

  const fem = `${r('m.seq', 10)} < 0.52`;
  await step(
    'munícipes',
    `insert into municipes (id, nome, data_nascimento, sexo_id, raca_cor_id, nacionalidade_id, cpf_numero, codigo_cns,
      residencia_cep, residencia_uf, residencia_municipio_ibge, residencia_tipo_logradouro, residencia_logradouro, residencia_numero,
      residencia_bairro, unidade_saude_referencia_id, equipe_id, profissional_id, ocupacao_id, micro_area, fora_area)
    select ${bid(1, 'm.seq')},
      ${given('m.seq', 11, fem)} || case when ${r('m.seq', 12)} < 0.35 then ' ' || ${given('m.seq', 13, fem)} else '' end || ' ' || f.sobrenome,
      date '2025-01-01' - (case when m.j <= 2 then 20 * 365 + ${ri('m.seq', 14, 60 * 365)} else ${ri('m.seq', 14, 40 * 365)} end),
      case when ${fem} then 1 else 0 end, 1 + ${ri('m.seq', 15, 5)}, 1,
      case when m.j <= 2 or ${r('m.seq', 16)} < 0.5 then lpad((300000000 + m.seq)::text, 11, '0') end,
      '7' || lpad((300000000 + m.seq)::text, 14, '0'),
      '71' || lpad(f.rua::text, 6, '0'), 'DF', '5300108', '081', f.logradouro, f.numero, f.bairro,
      e.unidade_id, e.equipe_id, e.agente_id, '515105', f.micro_area, false
    from bench_membro m join bench_fam f using (k) join bench_equipe e using (t) cross join bench_ctx c`,
  );
  await step(
    'domicílios',
    `insert into cadastros_domiciliares (id, unidade_saude_id, profissional_id, equipe_id, ocupacao_id, data_cadastro,
      st_micro_area, fora_area, cep, uf, municipio_ibge, tipo_logradouro, logradouro, numero, bairro, tipo_imovel_id, numero_moradores,
      created_at, updated_at)
    select ${bid(2, 'f.k')}, e.unidade_id, e.agente_id, e.equipe_id, '515105', c.hoje - interval '1 day' * (730 + ${ri('f.k', 20, 1000)}),
      f.micro_area, false, '71' || lpad(f.rua::text, 6, '0'), 'DF', '5300108', '081', f.logradouro, f.numero, f.bairro, 1, f.n,
      c.hoje, c.hoje
    from bench_fam f join bench_equipe e using (t) cross join bench_ctx c`,
  );
  await step(
    'famílias',
    `insert into familias (id, unidade_saude_id, profissional_id, equipe_id, numero_prontuario, reside_desde,
      responsavel_id, mudou, mudou_em, domicilio_id, vinculado_em, created_at, updated_at)
    select ${bid(3, 'f.k')}, e.unidade_id, e.agente_id, e.equipe_id, 'B' || lpad(f.k::text, 7, '0'),
      date_trunc('month', c.hoje - interval '1 day' * (730 + ${ri('f.k', 30, 5000)}))::date,
      ${bid(1, 'f.inicio + 1')}, f.mudou, case when f.mudou then c.hoje end,
      case when f.com_domicilio then ${bid(2, 'f.k')} end, case when f.com_domicilio then c.hoje - interval '700 days' end, c.hoje, c.hoje
    from bench_fam f join bench_equipe e using (t) cross join bench_ctx c`,
  );
  await step(
    'membros',
    `insert into familia_membros (id, familia_id, municipe_id, parentesco_id, ativo)
    select ${bid(4, 'm.seq')}, ${bid(3, 'm.k')}, ${bid(1, 'm.seq')},
      case m.j when 1 then ${PARENTESCO_RESPONSAVEL} when 2 then 137 else 138 end, not f.mudou
    from bench_membro m join bench_fam f using (k)`,
  );
  // Visits between 8:00 and 17:00 in São Paulo (11:00–20:00 UTC) over the last two years; 60 % to a member; mostly
  // completed (88 %), some absent or refused (no reasons); 1 % cancelled with a justification.
  const v = `((f.k - 1) * ${VISITAS} + v.n)`;
  await step(
    'visitas',
    `insert into visitas_domiciliares (id, familia_id, domicilio_id, municipe_id, unidade_saude_id, profissional_id,
      equipe_id, ocupacao_id, data_visita, turno_atendimentos, micro_area, fora_area, tipo_imovel_id, motivo_visita_ids, desfecho_id,
      cancelada_em, cancelada_por, justificativa_cancelamento, created_at, updated_at)
    select ${bid(5, v)}, ${bid(3, 'f.k')}, case when f.com_domicilio then ${bid(2, 'f.k')} end,
      case when x.membro then ${bid(1, `f.inicio + 1 + ${ri(v, 41, 5)} % f.n`)} end,
      e.unidade_id, e.agente_id, e.equipe_id, '515105', x.quando, case when extract(hour from x.quando at time zone 'UTC') < 15 then 1 else 2 end,
      f.micro_area, false, 1,
      case when x.desfecho <> 1 then '{}'::int[] when x.membro then '{29,11}'::int[] else '{29}'::int[] end, x.desfecho,
      case when x.cancelada then x.quando + interval '1 day' end, case when x.cancelada then e.agente_id end,
      case when x.cancelada then 'Visita registrada em duplicidade.' end, x.quando, x.quando
    from bench_fam f join bench_equipe e using (t) cross join generate_series(1, ${VISITAS}) v(n) cross join bench_ctx c
    cross join lateral (select
      c.hoje - interval '1 day' * ${ri(v, 42, 730)} + interval '1 minute' * (660 + ${ri(v, 43, 540)}) as quando,
      ${r(v, 44)} < 0.6 as membro,
      case when ${r(v, 45)} < 0.88 then 1 when ${r(v, 45)} < 0.96 then 3 else 2 end as desfecho,
      ${r(v, 46)} < 0.01 as cancelada) x`,
  );
  const loadMs = performance.now() - t0;

  const i0 = performance.now();
  await raw.query(`set maintenance_work_mem = '512MB'`);
  for (const i of indexDefs) await raw.query(i.indexdef);
  for (const f of fkDefs) await raw.query(`alter table ${f.tbl} add constraint ${f.conname} ${f.def}`);
  await raw.query(`vacuum analyze ${TABLES.join(', ')}`);
  const indexMs = performance.now() - i0;
  const counts = (
    await raw.query<{ tbl: string; n: number; tamanho: string }>(
      TABLES.map(
        (t) =>
          `select '${t}' as tbl, (select count(*)::int from ${t}) as n, pg_size_pretty(pg_total_relation_size('${t}')) as tamanho`,
      ).join(' union all '),
    )
  ).rows;

  log(
    `\nPostgreSQL ${serverVersion}; ${EQUIPES} equipes com ${MICRO_AREAS} microáreas; ` +
      counts.map((c) => `${c.tbl} ${Number(c.n).toLocaleString('pt-BR')} (${c.tamanho})`).join(', '),
  );
  log(
    `carga: ${(loadMs / 1000).toFixed(1)} s (${steps.map(([s, ms]) => `${s} ${(ms / 1000).toFixed(1)}`).join(', ')}), ` +
      `índices + chaves estrangeiras + VACUUM ANALYZE: ${(indexMs / 1000).toFixed(1)} s, total ${((loadMs + indexMs) / 1000).toFixed(1)} s`,
  );

  // ---- who asks -------------------------------------------------------------------------------------------

  const config = loadConfig({ ...process.env, DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'silent', DEMO: 'true' });
  const app = await buildApp(config, db, { logger: false, serveWeb: false });
  await app.ready();
  const policy = { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS };
  async function signIn(login: string, unidadeId?: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { login, senha: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login ${login}: ${res.statusCode} ${res.body}`);
    const { token } = res.json<{ token: string }>();
    const headers = { authorization: `Bearer ${token}` };
    if (unidadeId) {
      const sel = await app.inject({
        method: 'PUT',
        url: '/api/v2/auth/unidade_atual',
        headers,
        payload: { unidade_saude_id: unidadeId },
      });
      if (sel.statusCode !== 200) throw new Error(`unidade ${login}: ${sel.statusCode} ${sel.body}`);
    }
    const usuario = await loadSession(db, token, policy);
    const ctx: Ctx = { db, usuario, ip: '127.0.0.1' };
    return { headers, ctx };
  }
  // The agent of team 1 (one unit: no unit to pick), and the demo manager in the same unit (no team: sees every team).
  const agente = await signIn('acs_bench_01');
  const gestor = await signIn('admin', unitIds[0]);
  const equipe = [teamIds[0]!];
  const minhas = microAreas.slice(0, 2).map((m) => `${teamIds[0]}:${m}`);

  // ---- what agents type -------------------------------------------------------------------------------------

  type Sample = { familia_id: string; nome: string; logradouro: string; numero: string };
  const samples = (
    await raw.query<Sample>(
      `select f.id as familia_id, m.nome, d.logradouro, d.numero from familias f
    join municipes m on m.id = f.responsavel_id join cadastros_domiciliares d on d.id = f.domicilio_id
    where f.equipe_id = $1 order by md5(f.id::text) limit 500`,
      [teamIds[0]],
    )
  ).rows;
  const sample = (i: number) => samples[i % samples.length]!;
  const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  // "maria silv": the start of the name without accents, as typed in the field (the filters look for the text as typed).
  const fragment = (nome: string) => {
    const w = plain(nome).split(' ');
    return `${w[0]} ${w[1]!.slice(0, Math.max(3, w[1]!.length - 2))}`;
  };
  // "jose 35": a word of the street and the number (the visit list wants every word somewhere in the address).
  const palavrasEndereco = (s: Sample) => `${plain(s.logradouro).split(' ')[0]} ${s.numero}`;
  // "almeida 35": the end of the street name and the number (the household list looks for the text as typed).
  const trechoEndereco = (s: Sample) => `${plain(s.logradouro).split(' ').at(-1)} ${s.numero}`;
  const microArea = (i: number) => microAreas[i % MICRO_AREAS]!;

  // ---- the same answers in hand-written SQL --------------------------------------------------------------------

  type Answer = { ids: string[]; total: number | null; ultima?: string | null };
  const norm = (col: string) => `immutable_unaccent(lower(${col}))`;
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  /** Numbered parameters for a query assembled from optional conditions. */
  const paramList = () => {
    const values: unknown[] = [];
    return {
      values,
      add: (v: unknown) => {
        values.push(v);
        return `$${values.length}`;
      },
    };
  };

  /** 1. Families for visits: the agent's micro-areas first, then the head's name; the page first, then its details. */
  async function rawFamiliasVisita(
    equipes: string[] | null,
    minhaMicroArea: string[],
    f: { responsavel?: string; endereco?: string },
  ): Promise<Answer> {
    const p = paramList();
    const conds: string[] = [];
    if (equipes) conds.push(`f.equipe_id in (${equipes.map(p.add).join(', ')})`);
    if (f.responsavel) {
      const like = p.add(`%${plain(f.responsavel)}%`);
      conds.push(`(${norm('m.nome')} like ${like} or ${norm('m.nome_social')} like ${like})`);
    }
    const palavras = f.endereco?.split(/\s+/) ?? [];
    if (palavras.length) {
      conds.push(
        `exists (select 1 from cadastros_domiciliares d where d.id = f.domicilio_id and ${palavras
          .map((w) => `${norm(`concat_ws(' ', d.logradouro, d.numero, d.bairro)`)} like ${p.add(`%${plain(w)}%`)}`)
          .join(' and ')})`,
      );
    }
    const where = conds.length ? `where ${conds.join(' and ')}` : '';
    // With a filter, the total comes with the page; without, a count of the families alone.
    const filtrada = !!(f.responsavel || f.endereco);
    const minha = minhaMicroArea.length
      ? `exists (select 1 from cadastros_domiciliares d where d.id = f.domicilio_id and f.equipe_id::text || ':' || d.st_micro_area in (${minhaMicroArea.map(p.add).join(', ')}))`
      : 'false';
    const rows = await raw.query<{ id: string; total: number | null }>(
      `select f.id, f.responsavel_id, pg.nome as responsavel_nome,
        f.numero_prontuario, d.st_micro_area as micro_area, f.mudou, pg.minha, pg.total,
        (select count(*)::int from familia_membros fm where fm.familia_id = f.id and (fm.ativo or f.mudou)) as numero_membros,
        (select max(v.data_visita) from visitas_domiciliares v where v.familia_id = f.id and v.cancelada_em is null) as ultima_visita,
        d.tipo_logradouro, d.logradouro, d.numero, d.sem_numero, d.complemento, d.bairro
      from (select f.id, m.nome, ${minha} as minha, ${filtrada ? '(count(*) over ())::int' : 'null::int'} as total
        from familias f join municipes m on m.id = f.responsavel_id ${where}
        order by ${minhaMicroArea.length ? 'minha desc, ' : ''}m.nome collate "und-x-icu", f.id limit 10) pg
      join familias f on f.id = pg.id left join cadastros_domiciliares d on d.id = f.domicilio_id
      order by pg.minha desc, pg.nome collate "und-x-icu", pg.id`,
      p.values,
    );
    const total = filtrada
      ? (rows.rows[0]?.total ?? 0)
      : (
          await raw.query<{ n: number }>(
            `select count(*)::int as n from familias f ${where}`,
            p.values.slice(0, equipes?.length ?? 0),
          )
        ).rows[0]!.n;
    return { ids: rows.rows.map((r) => r.id), total };
  }

  /** 2. The family visit detail: the family with its home and last visit, then its members with theirs. */
  async function rawFamiliaDetalhe(id: string): Promise<Answer> {
    const fam = await raw.query<{ responsavel_id: string; mudou: boolean; ultima: Date | null }>(
      `select f.*, d.tipo_logradouro, d.logradouro,
        d.numero, d.sem_numero, d.complemento, d.bairro, d.tipo_imovel_id, d.st_micro_area, d.fora_area, m.nome as responsavel_nome,
        (select max(v.data_visita) from visitas_domiciliares v where v.familia_id = f.id and v.cancelada_em is null) as ultima
      from familias f join municipes m on m.id = f.responsavel_id left join cadastros_domiciliares d on d.id = f.domicilio_id
      where f.id = $1 and f.equipe_id = any($2::uuid[])`,
      [id, equipe],
    );
    const f = fam.rows[0]!;
    const membros = await raw.query<{ municipe_id: string }>(
      `select m.id as municipe_id, m.nome, m.nome_social, m.data_nascimento,
        m.data_obito, m.sexo_id, fm.parentesco_id,
        (select p.numero from municipe_prontuarios p where p.municipe_id = m.id and p.unidade_saude_id = $3 and p.inativado_em is null
          order by p.created_at limit 1) as numero_prontuario,
        (select max(v.data_visita) from visitas_domiciliares v where v.municipe_id = m.id and v.cancelada_em is null) as ultima_visita
      from familia_membros fm join municipes m on m.id = fm.municipe_id
      where fm.familia_id = $1 and (fm.ativo or $4)
      order by fm.municipe_id <> $2, m.nome collate "und-x-icu", m.id`,
      [id, f.responsavel_id, unitIds[0], f.mudou],
    );
    return { ids: membros.rows.map((r) => r.municipe_id), total: null, ultima: iso(f.ultima) };
  }

  /** 3. A family's visit history, newest first (a visit is in scope by its team or its family's). */
  async function rawHistorico(familiaId: string): Promise<Answer> {
    const where = `where v.familia_id = $1 and (v.equipe_id = any($2::uuid[]) or f.equipe_id = any($2::uuid[]))`;
    const count = await raw.query<{ n: number }>(
      `select count(*)::int as n from visitas_domiciliares v
      left join familias f on f.id = v.familia_id ${where}`,
      [familiaId, equipe],
    );
    const rows = await raw.query<{ id: string }>(
      `select v.*, m.nome as municipe_nome, u.nome as unidade_saude_nome,
        p.nome as profissional_nome, c.nome as cancelada_por_nome
      from visitas_domiciliares v left join familias f on f.id = v.familia_id left join municipes m on m.id = v.municipe_id
        left join unidades_saude u on u.id = v.unidade_saude_id left join profissionais p on p.id = v.profissional_id
        left join profissionais c on c.id = v.cancelada_por
      ${where} order by v.data_visita desc, v.id desc limit 10`,
      [familiaId, equipe],
    );
    return { ids: rows.rows.map((r) => r.id), total: count.rows[0]!.n };
  }

  /** 4. Household registrations: street, then the house number as a number. */
  async function rawDomicilios(
    equipes: string[] | null,
    f: { endereco?: string; micro_area?: string },
  ): Promise<Answer> {
    const p = paramList();
    const conds: string[] = [];
    if (equipes) conds.push(`d.equipe_id in (${equipes.map(p.add).join(', ')})`);
    if (f.endereco) {
      const like = p.add(`%${plain(f.endereco)}%`);
      // Street and number joined hold each of them: one unaccent call instead of three.
      conds.push(
        `(${[`concat_ws(' ', d.logradouro, d.numero)`, 'd.bairro', 'd.ponto_referencia'].map((c) => `${norm(c)} like ${like}`).join(' or ')})`,
      );
    }
    if (f.micro_area) conds.push(`d.st_micro_area = ${p.add(f.micro_area)}`);
    const where = conds.length ? `where ${conds.join(' and ')}` : '';
    const count = await raw.query<{ n: number }>(
      `select count(*)::int as n from cadastros_domiciliares d ${where}`,
      p.values,
    );
    const rows = await raw.query<{ id: string }>(
      `select d.id, d.tipo_logradouro, d.logradouro, d.numero, d.sem_numero, d.complemento,
        d.bairro, d.cep, d.tipo_imovel_id, d.st_micro_area, d.fora_area, d.unidade_saude_id, d.equipe_id, d.profissional_id,
        d.data_cadastro, d.termo_recusa, u.nome as unidade_saude_nome, e.nome as equipe_nome, p.nome as profissional_nome,
        (select count(*)::int from familias f where f.domicilio_id = d.id) as numero_familias
      from cadastros_domiciliares d left join unidades_saude u on u.id = d.unidade_saude_id left join equipes e on e.id = d.equipe_id
        left join profissionais p on p.id = d.profissional_id
      ${where}
      order by d.logradouro collate "und-x-icu", nullif(regexp_replace(d.numero, '\\D', '', 'g'), '')::bigint, d.numero, d.id limit 10`,
      p.values,
    );
    return { ids: rows.rows.map((r) => r.id), total: count.rows[0]!.n };
  }

  /** 5. Families: by the head's name; the page first, then its details. */
  async function rawFamilias(equipes: string[] | null, f: { responsavel?: string }): Promise<Answer> {
    const p = paramList();
    const conds: string[] = [];
    if (equipes) conds.push(`f.equipe_id in (${equipes.map(p.add).join(', ')})`);
    if (f.responsavel) {
      const like = p.add(`%${plain(f.responsavel)}%`);
      conds.push(`(${norm('m.nome')} like ${like} or ${norm('m.nome_social')} like ${like})`);
    }
    const where = conds.length ? `where ${conds.join(' and ')}` : '';
    const count = await raw.query<{ n: number }>(
      `select count(*)::int as n from familias f
      ${f.responsavel ? 'join municipes m on m.id = f.responsavel_id' : ''} ${where}`,
      p.values,
    );
    const rows = await raw.query<{ id: string }>(
      `select f.id, f.responsavel_id, f.numero_prontuario, f.unidade_saude_id, f.equipe_id,
        f.profissional_id, f.mudou, f.domicilio_id, m.nome as responsavel_nome, m.codigo_cns as responsavel_cns,
        (select count(*)::int from familia_membros fm where fm.familia_id = f.id) as numero_membros,
        u.nome as unidade_saude_nome, e.nome as equipe_nome, p.nome as profissional_nome,
        d.tipo_logradouro, d.logradouro, d.numero, d.sem_numero, d.complemento, d.bairro
      from (select f.id, m.nome from familias f join municipes m on m.id = f.responsavel_id ${where}
        order by m.nome collate "und-x-icu", f.id limit 10) pg
      join familias f on f.id = pg.id join municipes m on m.id = f.responsavel_id
        left join unidades_saude u on u.id = f.unidade_saude_id left join equipes e on e.id = f.equipe_id
        left join profissionais p on p.id = f.profissional_id left join cadastros_domiciliares d on d.id = f.domicilio_id
      order by pg.nome collate "und-x-icu", pg.id`,
      p.values,
    );
    return { ids: rows.rows.map((r) => r.id), total: count.rows[0]!.n };
  }

  // ---- measuring -------------------------------------------------------------------------------------------

  const pct = (xs: number[], q: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor((q / 100) * s.length))]!;
  };
  async function time(fn: (i: number) => Promise<unknown>) {
    for (let i = 0; i < Math.min(20, ITER); i++) await fn(i + ITER); // warm-up
    const ms: number[] = [];
    for (let i = 0; i < ITER; i++) {
      const a = performance.now();
      await fn(i);
      ms.push(performance.now() - a);
    }
    return { p50: pct(ms, 50), p95: pct(ms, 95) };
  }

  type Who = typeof agente;
  type Case = {
    title: string;
    who: Who;
    url: (i: number) => string;
    svc: (i: number) => Promise<unknown>;
    raw: (i: number) => Promise<Answer>;
    lista?: true;
  };
  const page = { page: 1, per_page: 10 } as const;
  const base = '/api/v1/atencao_primaria';
  const qs = (o: Record<string, string>) => new URLSearchParams(o).toString();
  const cases: Case[] = [
    {
      title: '1. famílias p/ visita, pág. 1 (agente)',
      who: agente,
      lista: true,
      url: () => `${base}/visitas_domiciliares/familias`,
      svc: () => familiasParaVisita.listFamilias(agente.ctx, { ...page }),
      raw: () => rawFamiliasVisita(equipe, minhas, {}),
    },
    {
      title: '1. famílias p/ visita, responsavel=',
      who: agente,
      url: (i) => `${base}/visitas_domiciliares/familias?${qs({ responsavel: fragment(sample(i).nome) })}`,
      svc: (i) => familiasParaVisita.listFamilias(agente.ctx, { ...page, responsavel: fragment(sample(i).nome) }),
      raw: (i) => rawFamiliasVisita(equipe, minhas, { responsavel: fragment(sample(i).nome) }),
    },
    {
      title: '1. famílias p/ visita, endereco=',
      who: agente,
      url: (i) => `${base}/visitas_domiciliares/familias?${qs({ endereco: palavrasEndereco(sample(i)) })}`,
      svc: (i) => familiasParaVisita.listFamilias(agente.ctx, { ...page, endereco: palavrasEndereco(sample(i)) }),
      raw: (i) => rawFamiliasVisita(equipe, minhas, { endereco: palavrasEndereco(sample(i)) }),
    },
    {
      title: '1. famílias p/ visita, pág. 1 (gestor)',
      who: gestor,
      lista: true,
      url: () => `${base}/visitas_domiciliares/familias`,
      svc: () => familiasParaVisita.listFamilias(gestor.ctx, { ...page }),
      raw: () => rawFamiliasVisita(null, [], {}),
    },
    {
      title: '2. detalhe da família (visitas)',
      who: agente,
      url: (i) => `${base}/visitas_domiciliares/familias/${sample(i).familia_id}`,
      svc: (i) => familiasParaVisita.getFamilia(agente.ctx, sample(i).familia_id),
      raw: (i) => rawFamiliaDetalhe(sample(i).familia_id),
    },
    {
      title: '3. histórico de visitas (familia_id=)',
      who: agente,
      url: (i) => `${base}/visitas_domiciliares?${qs({ familia_id: sample(i).familia_id })}`,
      svc: (i) => visitas.listVisitas(agente.ctx, { ...page, familia_id: sample(i).familia_id }),
      raw: (i) => rawHistorico(sample(i).familia_id),
    },
    {
      title: '4. domicílios, pág. 1 (agente)',
      who: agente,
      lista: true,
      url: () => `${base}/cadastros_domiciliares`,
      svc: () => domicilios.listDomicilios(agente.ctx, { ...page }),
      raw: () => rawDomicilios(equipe, {}),
    },
    {
      title: '4. domicílios, endereco=',
      who: agente,
      url: (i) => `${base}/cadastros_domiciliares?${qs({ endereco: trechoEndereco(sample(i)) })}`,
      svc: (i) => domicilios.listDomicilios(agente.ctx, { ...page, endereco: trechoEndereco(sample(i)) }),
      raw: (i) => rawDomicilios(equipe, { endereco: trechoEndereco(sample(i)) }),
    },
    {
      title: '4. domicílios, micro_area=',
      who: agente,
      url: (i) => `${base}/cadastros_domiciliares?${qs({ micro_area: microArea(i) })}`,
      svc: (i) => domicilios.listDomicilios(agente.ctx, { ...page, micro_area: microArea(i) }),
      raw: (i) => rawDomicilios(equipe, { micro_area: microArea(i) }),
    },
    {
      title: '4. domicílios, pág. 1 (gestor)',
      who: gestor,
      lista: true,
      url: () => `${base}/cadastros_domiciliares`,
      svc: () => domicilios.listDomicilios(gestor.ctx, { ...page }),
      raw: () => rawDomicilios(null, {}),
    },
    {
      title: '5. famílias, pág. 1 (agente)',
      who: agente,
      lista: true,
      url: () => `${base}/familias`,
      svc: () => familias.listFamilias(agente.ctx, { ...page }),
      raw: () => rawFamilias(equipe, {}),
    },
    {
      title: '5. famílias, responsavel=',
      who: agente,
      url: (i) => `${base}/familias?${qs({ responsavel: fragment(sample(i).nome) })}`,
      svc: (i) => familias.listFamilias(agente.ctx, { ...page, responsavel: fragment(sample(i).nome) }),
      raw: (i) => rawFamilias(equipe, { responsavel: fragment(sample(i).nome) }),
    },
    {
      title: '5. famílias, pág. 1 (gestor)',
      who: gestor,
      lista: true,
      url: () => `${base}/familias`,
      svc: () => familias.listFamilias(gestor.ctx, { ...page }),
      raw: () => rawFamilias(null, {}),
    },
  ];

  async function http(c: Case, i: number) {
    const res = await app.inject({ method: 'GET', url: c.url(i), headers: c.who.headers });
    if (res.statusCode !== 200) throw new Error(`${c.title}: ${res.statusCode} ${res.body}`);
    return res;
  }
  // The hand-written query must give the API's answer (rows in order, total, last visit) before its time means anything.
  for (const c of cases) {
    for (const i of [0, 1, 2]) {
      const res = await http(c, i);
      const body = res.json<
        Array<{ id: string }> | { membros: Array<{ municipe_id: string }>; ultima_visita: string | null }
      >();
      const api: Answer = Array.isArray(body)
        ? { ids: body.map((r) => r.id), total: Number(res.headers['x-total-count']) }
        : { ids: body.membros.map((m) => m.municipe_id), total: null, ultima: body.ultima_visita };
      const sql = await c.raw(i);
      if (JSON.stringify(api) !== JSON.stringify(sql) || api.ids.length === 0) {
        throw new Error(
          `${c.title} (${c.url(i)}): a API e o SQL divergem\nAPI ${JSON.stringify(api)}\nSQL ${JSON.stringify(sql)}`,
        );
      }
    }
  }

  log(
    `\n${ITER} execuções por consulta (entradas variadas, após aquecimento); tempos em ms; agente: 1 equipe ` +
      `(${Math.ceil(FAMILIAS / EQUIPES).toLocaleString('pt-BR')} famílias), gestor: todas\n`,
  );
  log(
    `${'consulta'.padEnd(42)} ${'HTTP p50'.padStart(9)} ${'HTTP p95'.padStart(9)} ${'serv p50'.padStart(9)} ${'SQL p50'.padStart(9)} ${'SQL p95'.padStart(9)} ${'HTTP/SQL'.padStart(9)}  meta p95<50`,
  );
  const results: Array<{ title: string; http: number; sql: number; lista: boolean }> = [];
  for (const c of cases) {
    const h = await time((i) => http(c, i));
    const svc = await time(c.svc);
    const sqlOnly = await time(c.raw);
    const ratio = h.p50 / sqlOnly.p50;
    results.push({ title: c.title, http: h.p50, sql: sqlOnly.p50, lista: !!c.lista });
    log(
      `${c.title.padEnd(42)} ${h.p50.toFixed(2).padStart(9)} ${h.p95.toFixed(2).padStart(9)} ${svc.p50.toFixed(2).padStart(9)} ` +
        `${sqlOnly.p50.toFixed(2).padStart(9)} ${sqlOnly.p95.toFixed(2).padStart(9)} ${ratio.toFixed(2).padStart(8)}×  ${h.p95 < 50 ? 'OK' : 'ACIMA'}`,
    );
  }
  // Below a few ms of SQL the ratio mostly measures the fixed cost of a request (session, scope, validation,
  // serialization), so the difference in ms is printed beside it.
  log('\nAPI vs SQL puro, primeira página das listas (p50; meta ≤ 1,5×):');
  for (const l of results.filter((x) => x.lista)) {
    const ratio = l.http / l.sql;
    log(
      `  ${l.title.padEnd(40)} ${ratio.toFixed(2).padStart(5)}×  (${(l.http - l.sql >= 0 ? '+' : '') + (l.http - l.sql).toFixed(1)} ms)  ` +
        `${ratio <= 1.5 ? 'OK' : 'ACIMA DA META'}`,
    );
  }
  await app.close();
} finally {
  await cleanup();
}
