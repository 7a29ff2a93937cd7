// A municipality generated with set-based SQL (generate_series; deterministic hashes, no random()), shared by the
// scale benches: `equipes` teams with six micro-areas each and one agent per team (login acs_bench_NN, the demo
// password; the agent covers micro-areas 01 and 02), `familias` households and families (one family per home, 2 %
// without a home, 1 % moved away), 1–5 members each (≈3 per family), `visitas` visits per family over the last two
// years. Runs on PostgreSQL and on PGlite (one statement per call); the database must be migrated and seeded (demo).
import { PARENTESCO_RESPONSAVEL } from '@saude/shared/schemas/familia';
import { hashSenha } from '../apps/api/src/auth/service';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo';
import { nomesFemininos, nomesMasculinos, sobrenomes } from '../apps/api/src/seed/municipes';
import { newId } from '../apps/api/src/lib/ids';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Query = (text: string, params?: unknown[]) => Promise<{ rows: any[] }>;

export const MICRO_AREAS = 6;
/** Homes per street: ≈20 streets per team of 2,500 homes. */
const CASAS_POR_RUA = 125;

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

const TABLES = [
  'municipes',
  'municipe_condicoes_saude',
  'cadastros_domiciliares',
  'familias',
  'familia_membros',
  'visitas_domiciliares',
  'municipe_ultimas_visitas',
  'quem_visitar_pessoas',
];

export type Municipio = {
  teamIds: string[];
  unitIds: string[];
  agentIds: string[];
  microAreas: string[];
  counts: Array<{ tbl: string; n: number; tamanho: string }>;
  steps: Array<[string, number]>;
  loadMs: number;
  indexMs: number;
};

export async function gerarMunicipio(
  q: Query,
  { equipes: EQUIPES, familias: FAMILIAS, visitas: VISITAS }: { equipes: number; familias: number; visitas: number },
): Promise<Municipio> {
  // ---- teams and their agents ----------------------------------------------------------------------------

  const ubs = (
    await q(`select u.id from unidades_saude u join tipos_unidade t on t.id = u.tipo_unidade_id
    where t.codigo = 'UBS' order by u.cnes`)
  ).rows.map((u) => u.id);
  const perfilAcs = (await q(`select id from perfis where codigo = 'acs'`)).rows[0]!.id;
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
    await q(`insert into equipes (id, ine, nome, unidade_saude_id, micro_areas) values ($1, $2, $3, $4, $5)`, [
      equipe,
      `98${String(t + 1).padStart(8, '0')}`,
      `ESF Bench ${n}`,
      unidade,
      microAreas,
    ]);
    await q(`insert into profissionais (id, login, nome, senha_hash) values ($1, $2, $3, $4)`, [
      agente,
      `acs_bench_${n}`,
      `Agente Bench ${n}`,
      senhaHash,
    ]);
    // Each agent covers the first two micro-areas of the team: their families come first in the visit list.
    await q(
      `insert into lotacoes (id, profissional_id, unidade_saude_id, ocupacao_codigo, equipe_id, perfil_id, micro_areas)
      values ($1, $2, $3, '515105', $4, $5, $6)`,
      [newId(), agente, unidade, equipe, perfilAcs, microAreas.slice(0, 2)],
    );
  }

  // ---- load ------------------------------------------------------------------------------------------------

  // Indexes and foreign keys come after the load (as a restore does): much faster than maintaining them row by row.
  const indexDefs = (
    await q(
      `select indexname, indexdef from pg_indexes i
    where tablename = any($1) and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
      [TABLES],
    )
  ).rows;
  const fkDefs = (
    await q(
      `select conrelid::regclass::text as tbl, conname,
    pg_get_constraintdef(oid) as def from pg_constraint where contype = 'f' and conrelid::regclass::text = any($1)`,
      [TABLES],
    )
  ).rows;
  for (const f of fkDefs) await q(`alter table ${f.tbl} drop constraint ${f.conname}`);
  for (const i of indexDefs) await q(`drop index ${i.indexname}`);

  // The visit list's order columns on familias (migration 0012) are kept by triggers row by row; a bulk load fills them
  // once afterwards, as the migration does for existing rows.
  for (const t of TABLES) await q(`alter table ${t} disable trigger user`);

  const casasPorEquipe = Math.ceil(FAMILIAS / EQUIPES);
  const steps: Array<[string, number]> = [];
  const step = async (title: string, text: string) => {
    const a = performance.now();
    await q(text);
    steps.push([title, performance.now() - a]);
  };
  const t0 = performance.now();
  // "Today" of the generator is yesterday at midnight, so no visit is in the future.
  await q(
    `create table bench_ctx as select $1::text[] as fem, $2::text[] as masc, $3::text[] as sob,
    date_trunc('day', now()) - interval '1 day' as hoje`,
    [nomesFemininos, nomesMasculinos, sobrenomes],
  );
  await q(
    `create table bench_equipe as select t - 1 as t, equipe_id, unidade_id, agente_id
    from unnest($1::uuid[], $2::uuid[], $3::uuid[]) with ordinality as x(equipe_id, unidade_id, agente_id, t)`,
    [teamIds, unitIds, agentIds],
  );
  // One row per family (= its home): team, place in the team's territory, size, first member's number, surname,
  // address. The street is a person's name, as most streets are ('RUA JOSÉ ALMEIDA'); the district is the team's.
  await step(
    'famílias (plano)',
    `create table bench_fam as
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
  await q(`create table bench_membro as select k, j, inicio + j as seq from bench_fam, generate_series(1, n) j`);
  for (const t of ['bench_fam', 'bench_membro', 'bench_equipe']) await q(`analyze ${t}`);

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
  // The health-conditions block (issue 44's worklist): answered for 70 % of the people, with hypertension, diabetes,
  // pregnancy (women), bedridden and housebound at about their Brazilian prevalence; the rest left unanswered.
  await step(
    'condições de saúde',
    `insert into municipe_condicoes_saude (municipe_id, dados)
    select ${bid(1, 'm.seq')}, jsonb_build_object(
      'hipertensao', ${r('m.seq', 51)} < 0.25, 'diabetes', ${r('m.seq', 52)} < 0.08,
      'gestante', ${fem} and m.j <= 2 and ${r('m.seq', 53)} < 0.03,
      'acamado', ${r('m.seq', 54)} < 0.01, 'domiciliado', ${r('m.seq', 55)} < 0.02)
    from bench_membro m where ${r('m.seq', 50)} < 0.7`,
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
  await step(
    'ordem da lista de visitas',
    `update familias f set responsavel_nome = m.nome, micro_area = d.st_micro_area, ultima_visita = v.ultima
    from familias x join municipes m on m.id = x.responsavel_id
      left join cadastros_domiciliares d on d.id = x.domicilio_id
      left join (select familia_id, max(data_visita) as ultima from visitas_domiciliares
        where familia_id is not null and cancelada_em is null group by familia_id) v on v.familia_id = x.id
    where f.id = x.id`,
  );
  // What the visits' triggers keep for the worklist (migration 0032): the family's last outcome, each citizen's last visit.
  await step(
    'última visita de cada munícipe',
    `insert into municipe_ultimas_visitas (municipe_id, data_visita)
    select municipe_id, max(data_visita) from visitas_domiciliares
    where municipe_id is not null and cancelada_em is null group by municipe_id
    on conflict (municipe_id) do update set data_visita = greatest(municipe_ultimas_visitas.data_visita, excluded.data_visita)`,
  );
  await step(
    'último desfecho da família',
    `update familias f set ultimo_desfecho_id = u.desfecho_id
    from (select distinct on (familia_id) familia_id, desfecho_id from visitas_domiciliares
      where familia_id is not null and cancelada_em is null order by familia_id, data_visita desc, id desc) u
    where u.familia_id = f.id`,
  );
  // And each person the worklist may list (migration 0037), from the same view its triggers copy.
  await step(
    'quem visitar: pessoas',
    `insert into quem_visitar_pessoas (municipe_id, familia_id, unidade_saude_id, equipe_id, micro_area, nome,
      data_nascimento, gestante, acamado, domiciliado, hipertensao, diabetes, cadastro_em, ultima)
    select municipe_id, familia_id, unidade_saude_id, equipe_id, micro_area, nome, data_nascimento, gestante, acamado,
      domiciliado, hipertensao, diabetes, cadastro_em, ultima from quem_visitar_pessoas_fonte
    on conflict (municipe_id) do nothing`,
  );
  for (const t of TABLES) await q(`alter table ${t} enable trigger user`);
  const loadMs = performance.now() - t0;

  const i0 = performance.now();
  await q(`set maintenance_work_mem = '512MB'`);
  for (const i of indexDefs) await q(i.indexdef);
  for (const f of fkDefs) await q(`alter table ${f.tbl} add constraint ${f.conname} ${f.def}`);
  await q(`vacuum analyze ${TABLES.join(', ')}`);
  const indexMs = performance.now() - i0;
  const counts = (
    await q(
      TABLES.map(
        (t) =>
          `select '${t}' as tbl, (select count(*)::int from ${t}) as n, pg_size_pretty(pg_total_relation_size('${t}')) as tamanho`,
      ).join(' union all '),
    )
  ).rows;

  for (const t of ['bench_ctx', 'bench_equipe', 'bench_fam', 'bench_membro']) await q(`drop table ${t}`);
  return { teamIds, unitIds, agentIds, microAreas, counts, steps, loadMs, indexMs };
}
