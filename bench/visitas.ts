// npm run bench:visitas — the primary-care lists at municipal scale (issues 7 and 8).
// Generates a large municipality in a real PostgreSQL with set-based SQL (generate_series; deterministic hashes, no
// random()): BENCH_EQUIPES teams (default 40) with six micro-areas each, BENCH_FAMILIAS households and families (default
// 100,000; one family per home, 2 % without a home, 1 % moved away), 1–5 members each (≈3, so ≈300,000 citizens in
// familia_membros, the partial unique index respected), BENCH_VISITAS visits per family (default 20: 2,000,000 over the
// last two years). Then starts the production build on it in its own process and measures each list over real HTTP
// (signed in as the agent of one team, and as the manager who sees every team) and as a hand-written SQL query giving
// the same answer on a plain pg client (checked row by row before timing), one HTTP request and one SQL run
// alternately (lib.ts): p50/p95 from the raw samples and the ratio. Run `npm run build` first. Targets (issue 5's, the budget the citizen list set: the architecture page fixes only the
// first-load JavaScript): p95 < 50 ms per request; a list page's API time within 1.5× of its raw query.
// DATABASE_URL set: a scratch database is created on that server and dropped at the end (your data is not touched);
// otherwise a throwaway PostgreSQL is started with scripts/pg-throwaway.sh and stopped at the end.
// Other knobs: BENCH_ITER (default 200 timed runs per case), BENCH_CASOS (e.g. 6,7: only those cases), BENCH_KEEP=1 (keep the database and the server for
// EXPLAIN afterwards).
import { CODIGOS_QUEM_VISITAR } from '@saude/shared/schemas/quem_visitar';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo';
import { prepareDatabase } from '../apps/api/src/seed/setup';
import { Client, interleaved, pct, printGoals, signIn, startServer, type Goal } from './lib';
import { gerarMunicipio, MICRO_AREAS } from './municipio';
import { openScratchDatabase } from './scratch-db';

const EQUIPES = Number(process.env.BENCH_EQUIPES ?? 40);
const FAMILIAS = Number(process.env.BENCH_FAMILIAS ?? 100_000);
const VISITAS = Number(process.env.BENCH_VISITAS ?? 20);
const ITER = Number(process.env.BENCH_ITER ?? 200);
const log = (m: string) => console.log(m);

// ---- database ------------------------------------------------------------------------------------------

const { database, raw, dbUrl, cleanup } = await openScratchDatabase(log);
// The generator's hours are UTC (São Paulo + 3), whatever the server's zone.
await raw.query(`set timezone = 'UTC'`);

try {
  const serverVersion = (await raw.query('show server_version')).rows[0].server_version as string;
  await prepareDatabase(database, { demo: true });

  // ---- the municipality ------------------------------------------------------------------------------------

  const { teamIds, unitIds, microAreas, counts, steps, loadMs, indexMs } = await gerarMunicipio(
    (text, params) => raw.query(text, params),
    { equipes: EQUIPES, familias: FAMILIAS, visitas: VISITAS },
  );
  log(
    `\nPostgreSQL ${serverVersion}; ${EQUIPES} equipes com ${MICRO_AREAS} microáreas; ` +
      counts.map((c) => `${c.tbl} ${Number(c.n).toLocaleString('pt-BR')} (${c.tamanho})`).join(', '),
  );
  log(
    `carga: ${(loadMs / 1000).toFixed(1)} s (${steps.map(([s, ms]) => `${s} ${(ms / 1000).toFixed(1)}`).join(', ')}), ` +
      `índices + chaves estrangeiras + VACUUM ANALYZE: ${(indexMs / 1000).toFixed(1)} s, total ${((loadMs + indexMs) / 1000).toFixed(1)} s`,
  );

  // ---- who asks -------------------------------------------------------------------------------------------

  const server = await startServer({ DATABASE_URL: dbUrl.toString(), DEMO: 'false' });
  const client = new Client(server.url, 2);
  const who = async (login: string, unidadeId?: string) => ({
    token: await signIn(client, login, DEMO_PASSWORD, unidadeId),
  });
  const agente = await who('acs_bench_01');
  const gestor = await who('admin', unitIds[0]);
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

  /**
   * 1. Families for visits: the agent's micro-areas first, then the head's name; the page first, then its details.
   * The head's name, the home's micro-area and the last visit are columns of familias (migration 0012). Without a
   * filter, one ordered scan per micro-area of the agent and one for the rest of the team (or the unit), each stopping
   * at the page's end; with a filter, one pass over the matches.
   */
  async function rawFamiliasVisita(
    escopo: { equipes: string[] } | { unidade: string },
    minhaMicroArea: string[],
    f: { responsavel?: string; endereco?: string },
  ): Promise<Answer> {
    const p = paramList();
    const noEscopo =
      'equipes' in escopo
        ? `f.equipe_id in (${escopo.equipes.map((e) => `${p.add(e)}::uuid`).join(', ')})`
        : `f.unidade_saude_id = ${p.add(escopo.unidade)}`;
    const escopoParams = p.values.length;
    const minhas = minhaMicroArea.map((m) => m.split(':') as [string, string]);
    const ehMinha = minhas.length
      ? `(f.equipe_id, coalesce(f.micro_area, '')) in (${minhas.map(([e, m]) => `(${p.add(e)}::uuid, ${p.add(m)})`).join(', ')})`
      : 'false';
    const filtrada = !!(f.responsavel || f.endereco);
    let pagina: string;
    if (filtrada) {
      const conds = [noEscopo];
      if (f.responsavel) {
        const like = p.add(`%${plain(f.responsavel)}%`);
        conds.push(
          `exists (select 1 from municipes m where m.id = f.responsavel_id and (${norm('m.nome')} like ${like} or ${norm('m.nome_social')} like ${like}))`,
        );
      }
      const palavras = f.endereco?.split(/\s+/) ?? [];
      if (palavras.length) {
        conds.push(
          `exists (select 1 from cadastros_domiciliares d where d.id = f.domicilio_id and ${palavras
            .map((w) => `${norm(`concat_ws(' ', d.logradouro, d.numero, d.bairro)`)} like ${p.add(`%${plain(w)}%`)}`)
            .join(' and ')})`,
        );
      }
      pagina = `select f.id, f.responsavel_nome as nome, ${ehMinha} as minha, (count(*) over ())::int as total
        from familias f where ${conds.join(' and ')}`;
    } else {
      const ramo = (minha: boolean, where: string) =>
        `(select f.id, f.responsavel_nome as nome, ${minha} as minha, null::int as total from familias f where ${where}
          order by f.responsavel_nome collate "und-x-icu", f.id limit 10)`;
      const ramos = minhas.map(([e, m]) =>
        ramo(true, `f.equipe_id = ${p.add(e)}::uuid and f.micro_area = ${p.add(m)}`),
      );
      ramos.push(ramo(false, `${noEscopo} and not ${ehMinha}`));
      pagina = ramos.join(' union all ');
    }
    const rows = await raw.query<{ id: string; total: number | null }>(
      `with pg as (select * from (${pagina}) b order by b.minha desc, b.nome collate "und-x-icu", b.id limit 10)
      select f.id, f.responsavel_id, pg.nome as responsavel_nome, f.numero_prontuario, f.micro_area, f.mudou, pg.minha,
        pg.total, f.ultima_visita,
        (select count(*)::int from familia_membros fm join municipes m on m.id = fm.municipe_id
          where fm.familia_id = f.id and (fm.ativo or f.mudou) and m.motivo_saida_cadastro_id is distinct from 135
          and m.data_obito is null) as numero_membros,
        greatest(f.updated_at, d.updated_at, (select max(greatest(fm.updated_at, m.updated_at)) from familia_membros fm
          join municipes m on m.id = fm.municipe_id where fm.familia_id = f.id)) as alterado_em,
        d.tipo_logradouro, d.logradouro, d.numero, d.sem_numero, d.complemento, d.bairro
      from pg join familias f on f.id = pg.id left join cadastros_domiciliares d on d.id = f.domicilio_id
      order by pg.minha desc, pg.nome collate "und-x-icu", pg.id`,
      p.values,
    );
    const total = filtrada
      ? (rows.rows[0]?.total ?? 0)
      : (
          await raw.query<{ n: number }>(
            `select count(*)::int as n from familias f where ${noEscopo}`,
            p.values.slice(0, escopoParams),
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

  type Who = typeof agente;
  type Case = {
    title: string;
    who: Who;
    url: (i: number) => string;
    raw: (i: number) => Promise<Answer>;
    lista?: true;
    /** The p95 goal in ms (default 50; the coverage's is 200). */
    meta?: number;
  };
  /**
   * 6. Who to visit (issue 44), the agent's micro-areas: every active member of a family that did not move, with the
   * reasons that apply to them (the conditions block, age, the last visit to them, their registration), and every
   * family with its own (last visit, its outcome, the home's registration); ordered by the most urgent reason, then
   * the longest without a visit. Written here with lateral joins; the API builds it with CTEs.
   */
  async function rawQuemVisitar(microAreasDoAgente: string[]): Promise<Answer> {
    const p = paramList();
    const chaves = microAreasDoAgente
      .map((k) => k.split(':') as [string, string])
      .map(([e, m]) => `(${p.add(e)}::uuid, ${p.add(m)})`)
      .join(', ');
    const devido = (ultima: string, dias: number) =>
      `(${ultima} is null or ${ultima} <= now() - interval '${dias} days')`;
    const ordem = CODIGOS_QUEM_VISITAR.map((c, i) => `when '${c}' then ${i}`).join(' ');
    const linhas = await raw.query<{ familia_id: string; municipe_id: string | null; total: number }>(
      `with fams as (select * from familias f where not f.mudou and (f.equipe_id, coalesce(f.micro_area, '')) in (${chaves})),
      todas as (
        select fm.familia_id, m.id as municipe_id, coalesce(m.nome_social, m.nome) as nome, u.ultima,
          array_remove(array[
            case when m.data_nascimento > current_date - 7 and (u.ultima is null or u.ultima::date < m.data_nascimento) then 'recem_nascido' end,
            case when (cs.dados->>'gestante') = 'true' and ${devido('u.ultima', 30)} then 'gestante' end,
            case when m.data_nascimento > current_date - interval '2 years' and m.data_nascimento <= current_date - 7 and ${devido('u.ultima', 30)} then 'crianca_menor_2' end,
            case when (cs.dados->>'acamado') = 'true' and ${devido('u.ultima', 30)} then 'acamado' end,
            case when (cs.dados->>'domiciliado') = 'true' and ${devido('u.ultima', 30)} then 'domiciliado' end,
            case when (cs.dados->>'hipertensao') = 'true' and ${devido('u.ultima', 30)} then 'hipertensao' end,
            case when (cs.dados->>'diabetes') = 'true' and ${devido('u.ultima', 30)} then 'diabetes' end,
            case when ci.updated_at <= now() - interval '730 days' then 'cadastro_desatualizado' end]::text[], null) as motivos
        from fams f join familia_membros fm on fm.familia_id = f.id and fm.ativo
        join municipes m on m.id = fm.municipe_id and m.motivo_saida_cadastro_id is null and m.data_obito is null
        left join municipe_condicoes_saude cs on cs.municipe_id = m.id
        left join cadastros_individuais ci on ci.municipe_id = m.id and ci.saida_em is null
        cross join lateral (select max(v.data_visita) as ultima from visitas_domiciliares v
          where v.municipe_id = m.id and v.cancelada_em is null) u
        union all
        select f.id, null, f.responsavel_nome, f.ultima_visita, array_remove(array[
          case when ult.desfecho_id in (2, 3) then 'nova_tentativa' end,
          case when ${devido('f.ultima_visita', 30)} then 'familia_sem_visita' end,
          case when d.updated_at <= now() - interval '730 days' then 'cadastro_desatualizado' end]::text[], null)
        from fams f left join cadastros_domiciliares d on d.id = f.domicilio_id
        left join lateral (select v.desfecho_id from visitas_domiciliares v where v.familia_id = f.id
          and v.cancelada_em is null order by v.data_visita desc limit 1) ult on true)
      select t.familia_id, t.municipe_id, count(*) over ()::int as total from todas t
      where cardinality(t.motivos) > 0
      order by (select min(case x ${ordem} end) from unnest(t.motivos) x), t.ultima nulls first,
        t.nome collate "und-x-icu", t.familia_id, t.municipe_id nulls first
      limit 10`,
      p.values,
    );
    return {
      ids: linhas.rows.map((l) => `${l.familia_id}:${l.municipe_id ?? ''}`),
      total: linhas.rows[0]?.total ?? 0,
    };
  }

  /**
   * 7. Coverage of the territory (issue 44), per micro-area: written here the plain way, each person's last visit
   * searched in the visits (lateral max) instead of the row the triggers keep, one aggregate per family, one per person.
   * The API's answer, reduced to one key per line, must be this one.
   */
  async function rawCobertura(o: { equipe?: string; microAreas?: string[] }): Promise<Answer> {
    const p = paramList();
    const onde = o.microAreas
      ? `(f.equipe_id, coalesce(f.micro_area, '')) in (${o.microAreas
          .map((k) => k.split(':'))
          .map(([e, m]) => `(${p.add(e)}::uuid, ${p.add(m)})`)
          .join(', ')})`
      : `f.equipe_id = ${p.add(o.equipe)}::uuid`;
    const sim = (c: string) => `(cs.dados->>'${c}') = 'true'`;
    const grupos: Array<[string, string, number]> = [
      ['gestante', sim('gestante'), 30],
      ['recem_nascido', `m.data_nascimento > current_date - 7`, 0],
      [
        'crianca_menor_2',
        `m.data_nascimento > current_date - interval '2 years' and m.data_nascimento <= current_date - 7`,
        30,
      ],
      ['hipertensao', sim('hipertensao'), 30],
      ['diabetes', sim('diabetes'), 30],
      ['acamado', sim('acamado'), 30],
      ['domiciliado', sim('domiciliado'), 30],
    ];
    const emDia = (g: string, dias: number) =>
      g === 'recem_nascido'
        ? `u.ultima is not null and u.ultima::date >= m.data_nascimento`
        : `u.ultima > now() - interval '${dias} days'`;
    const rows = await raw.query<Record<string, string | number | null>>(
      `with fams as (select f.* from familias f where not f.mudou and ${onde}),
      por_familia as (
        select f.equipe_id, f.micro_area, count(*)::int as familias,
          count(*) filter (where f.ultima_visita > now() - interval '30 days')::int as v30,
          count(*) filter (where f.ultima_visita > now() - interval '90 days')::int as v90,
          count(*) filter (where d.latitude is null or d.longitude is null)::int as sem_coord,
          count(*) filter (where d.updated_at <= now() - interval '730 days')::int as dom_desat
        from fams f left join cadastros_domiciliares d on d.id = f.domicilio_id group by 1, 2),
      por_pessoa as (
        select f.equipe_id, f.micro_area, count(*)::int as pessoas,
          ${grupos.map(([g, c, d]) => `count(*) filter (where ${c})::int as ${g}, count(*) filter (where ${c} and ${emDia(g, d)})::int as ${g}_em_dia`).join(', ')},
          count(*) filter (where ci.updated_at <= now() - interval '730 days')::int as ind_desat
        from fams f join familia_membros fm on fm.familia_id = f.id and fm.ativo
        join municipes m on m.id = fm.municipe_id and m.motivo_saida_cadastro_id is null and m.data_obito is null
        left join municipe_condicoes_saude cs on cs.municipe_id = m.id
        left join cadastros_individuais ci on ci.municipe_id = m.id and ci.saida_em is null
        cross join lateral (select max(v.data_visita) as ultima from visitas_domiciliares v
          where v.municipe_id = m.id and v.cancelada_em is null) u
        group by 1, 2)
      select * from por_familia a left join por_pessoa b using (equipe_id, micro_area)
      order by a.equipe_id, a.micro_area nulls last`,
      p.values,
    );
    return {
      ids: rows.rows.map((r) =>
        [
          r.equipe_id,
          r.micro_area,
          r.pessoas ?? 0,
          r.familias,
          r.v30,
          r.v90,
          ...grupos.flatMap(([g]) => [r[g] ?? 0, r[`${g}_em_dia`] ?? 0]),
          r.sem_coord,
          r.ind_desat ?? 0,
          r.dom_desat,
        ].join(':'),
      ),
      total: null,
    };
  }
  /** The API's coverage line as rawCobertura's key. */
  type LinhaCobertura = {
    equipe_id: string;
    micro_area: string | null;
    grupos: Record<string, { pessoas: number; em_dia: number }>;
  } & Record<string, unknown>;
  const chaveCobertura = (r: LinhaCobertura) =>
    [
      r.equipe_id,
      r.micro_area,
      r.pessoas,
      r.familias,
      r.familias_visitadas_30,
      r.familias_visitadas_90,
      ...['gestante', 'recem_nascido', 'crianca_menor_2', 'hipertensao', 'diabetes', 'acamado', 'domiciliado'].flatMap(
        (g) => [r.grupos[g]!.pessoas, r.grupos[g]!.em_dia],
      ),
      r.familias_sem_coordenadas,
      r.cadastros_individuais_desatualizados,
      r.cadastros_domiciliares_desatualizados,
    ].join(':');

  const base = '/api/v1/atencao_primaria';
  const qs = (o: Record<string, string>) => new URLSearchParams(o).toString();
  // BENCH_CASOS=7: only the cases whose number is listed (comma-separated), e.g. the coverage on a busy machine.
  const escolhidos = process.env.BENCH_CASOS?.split(',').map((n) => `${n.trim()}.`);
  const todos: Case[] = [
    {
      title: '1. famílias p/ visita, pág. 1 (agente)',
      who: agente,
      lista: true,
      url: () => `${base}/visitas_domiciliares/familias`,
      raw: () => rawFamiliasVisita({ equipes: equipe }, minhas, {}),
    },
    {
      title: '1. famílias p/ visita, responsavel=',
      who: agente,
      url: (i) => `${base}/visitas_domiciliares/familias?${qs({ responsavel: fragment(sample(i).nome) })}`,
      raw: (i) => rawFamiliasVisita({ equipes: equipe }, minhas, { responsavel: fragment(sample(i).nome) }),
    },
    {
      title: '1. famílias p/ visita, endereco=',
      who: agente,
      url: (i) => `${base}/visitas_domiciliares/familias?${qs({ endereco: palavrasEndereco(sample(i)) })}`,
      raw: (i) => rawFamiliasVisita({ equipes: equipe }, minhas, { endereco: palavrasEndereco(sample(i)) }),
    },
    {
      title: '1. famílias p/ visita, pág. 1 (gestor)',
      who: gestor,
      lista: true,
      url: () => `${base}/visitas_domiciliares/familias`,
      raw: () => rawFamiliasVisita({ unidade: unitIds[0]! }, [], {}),
    },
    {
      title: '2. detalhe da família (visitas)',
      who: agente,
      url: (i) => `${base}/visitas_domiciliares/familias/${sample(i).familia_id}`,
      raw: (i) => rawFamiliaDetalhe(sample(i).familia_id),
    },
    {
      title: '3. histórico de visitas (familia_id=)',
      who: agente,
      url: (i) => `${base}/visitas_domiciliares?${qs({ familia_id: sample(i).familia_id })}`,
      raw: (i) => rawHistorico(sample(i).familia_id),
    },
    {
      title: '4. domicílios, pág. 1 (agente)',
      who: agente,
      lista: true,
      url: () => `${base}/cadastros_domiciliares`,
      raw: () => rawDomicilios(equipe, {}),
    },
    {
      title: '4. domicílios, endereco=',
      who: agente,
      url: (i) => `${base}/cadastros_domiciliares?${qs({ endereco: trechoEndereco(sample(i)) })}`,
      raw: (i) => rawDomicilios(equipe, { endereco: trechoEndereco(sample(i)) }),
    },
    {
      title: '4. domicílios, micro_area=',
      who: agente,
      url: (i) => `${base}/cadastros_domiciliares?${qs({ micro_area: microArea(i) })}`,
      raw: (i) => rawDomicilios(equipe, { micro_area: microArea(i) }),
    },
    {
      title: '4. domicílios, pág. 1 (gestor)',
      who: gestor,
      lista: true,
      url: () => `${base}/cadastros_domiciliares`,
      raw: () => rawDomicilios(null, {}),
    },
    {
      title: '5. famílias, pág. 1 (agente)',
      who: agente,
      lista: true,
      url: () => `${base}/familias`,
      raw: () => rawFamilias(equipe, {}),
    },
    {
      title: '5. famílias, responsavel=',
      who: agente,
      url: (i) => `${base}/familias?${qs({ responsavel: fragment(sample(i).nome) })}`,
      raw: (i) => rawFamilias(equipe, { responsavel: fragment(sample(i).nome) }),
    },
    {
      title: '5. famílias, pág. 1 (gestor)',
      who: gestor,
      lista: true,
      url: () => `${base}/familias`,
      raw: () => rawFamilias(null, {}),
    },
    {
      title: '6. quem visitar, pág. 1 (agente)',
      who: agente,
      lista: true,
      url: () => `${base}/visitas_domiciliares/quem_visitar`,
      raw: () => rawQuemVisitar(minhas),
    },
    {
      title: '7. cobertura, 1 equipe (gestor)',
      who: gestor,
      meta: 200,
      url: (i) => `${base}/cobertura?${qs({ equipe_id: teamIds[i % 4]! })}`,
      raw: (i) => rawCobertura({ equipe: teamIds[i % 4]! }),
    },
    {
      title: '7. cobertura, microáreas do agente',
      who: agente,
      meta: 200,
      url: () => `${base}/cobertura`,
      raw: () => rawCobertura({ microAreas: minhas }),
    },
  ];
  const cases = escolhidos ? todos.filter((c) => escolhidos.some((n) => c.title.startsWith(n))) : todos;

  async function http(c: Case, i: number) {
    const res = await client.request('GET', c.url(i), { token: c.who.token });
    if (res.status !== 200) throw new Error(`${c.title}: ${res.status} ${res.body}`);
    return res;
  }
  // The hand-written query must give the API's answer (rows in order, total, last visit) before its time means anything.
  for (const c of cases) {
    for (const i of [0, 1, 2]) {
      const res = await http(c, i);
      const body = JSON.parse(res.body) as
        | Array<{ id?: string; familia_id?: string; municipe_id?: string | null; grupos?: unknown }>
        | { membros: Array<{ municipe_id: string }>; ultima_visita: string | null };
      // A worklist line has no id of its own: its family and person.
      const idDe = (r: { id?: string; familia_id?: string; municipe_id?: string | null; grupos?: unknown }) =>
        r.grupos ? chaveCobertura(r as LinhaCobertura) : (r.id ?? `${r.familia_id}:${r.municipe_id ?? ''}`);
      const total = res.headers['x-total-count'];
      const api: Answer = Array.isArray(body)
        ? { ids: body.map(idDe), total: total === undefined ? null : Number(total) }
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
    `\n${ITER} execuções por consulta, HTTP e SQL alternados (entradas variadas, após aquecimento); tempos em ms; ` +
      `agente: 1 equipe (${Math.ceil(FAMILIAS / EQUIPES).toLocaleString('pt-BR')} famílias), gestor: todas\n`,
  );
  log(
    `${'consulta'.padEnd(42)} ${'HTTP p50'.padStart(9)} ${'HTTP p95'.padStart(9)} ${'SQL p50'.padStart(9)} ${'SQL p95'.padStart(9)} ${'HTTP/SQL'.padStart(9)}`,
  );
  const goals: Goal[] = [];
  for (const c of cases) {
    const [h, sqlOnly] = await interleaved(ITER, (i) => http(c, i), c.raw);
    const ratio = pct(h, 50) / pct(sqlOnly, 50);
    log(
      `${c.title.padEnd(42)} ${pct(h, 50).toFixed(2).padStart(9)} ${pct(h, 95).toFixed(2).padStart(9)} ` +
        `${pct(sqlOnly, 50).toFixed(2).padStart(9)} ${pct(sqlOnly, 95).toFixed(2).padStart(9)} ${ratio.toFixed(2).padStart(8)}×`,
    );
    const meta = c.meta ?? 50;
    goals.push({ what: `${c.title}, p95`, goal: `≤ ${meta} ms`, measured: pct(h, 95), unit: 'ms', limit: meta });
    // Below a few ms of SQL the ratio mostly measures the fixed cost of a request (session, scope, validation).
    if (c.lista) goals.push({ what: `${c.title}, HTTP ÷ SQL`, goal: '≤ 1,5×', measured: ratio, unit: '×', limit: 1.5 });
  }
  printGoals(
    `Listas da atenção primária: ${FAMILIAS.toLocaleString('pt-BR')} famílias, PostgreSQL ${serverVersion}`,
    goals,
  );
  client.close();
  await server.stop();
} finally {
  await cleanup();
}
