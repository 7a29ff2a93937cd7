import {
  GRUPOS_PRIORITARIOS,
  INDICADORES_DE_FAMILIAS,
  CELULA_GRUPO_PX,
  ENQUADRAR,
  LIMITE_DOMICILIOS_MAPA,
  ROTULO_GRUPO,
  SEM_MICRO_AREA,
  type CoberturaFilters,
  type CoberturaLinha,
  type CoberturaListaFilters,
  type CoberturaListaItem,
  type GrupoPrioritario,
  type TerritorioMapa,
  type TerritorioMapaFilters,
  zoomQueCabe,
} from '@saude/shared/schemas/cobertura';
import type { EnderecoPartes } from '@saude/shared/endereco';
import { sql, type SQL } from 'drizzle-orm';
import { audit, auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import { queryRows } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { paginate } from '../../../lib/paginate';
import { celulaCsv } from '../../auditoria';
import {
  cadastroDesatualizado,
  devida,
  grupoEmDia,
  intervaloDaUnidade,
  noGrupo,
} from '../visitas_domiciliares/grupos_prioritarios';
import { diasDesde, escopoDe, formatEndereco } from '../visitas_domiciliares/queries';
import { noTerritorio } from '../visitas_domiciliares/territorio';

// Coverage of the territory (issue 44): one statement over the families in scope and the people the worklist may list
// (quem_visitar_pessoas, kept by the writes: living active members of families that have not moved, their health
// answers and last visit, migration 0037); grouped by team and micro-area. Each person counts by their unit's
// intervals. The cell lists and the map read the same families. Decisions: docs/decisions.md,
// "Issue 44: coverage and the territory map".

export const RESOURCE = 'atencao_primaria/cobertura';

type Onde = { equipe_id?: string | undefined; micro_area?: string | undefined };

/**
 * The user's territory over alias `x` (families `f`, people `p`): an agent's own micro-areas; a team member's teams; a
 * user without a team (the manager) every team of the town; narrowed to the team and micro-area asked.
 */
function noEscopo(ctx: Ctx, o: Onde, x: 'f' | 'p'): SQL {
  const e = escopoDe(ctx);
  // Another team asked by name answers as an absent record (scope.ts).
  if (o.equipe_id && !e.all && !e.equipeIds.includes(o.equipe_id)) throw notFound();
  const col = (c: string) => sql.raw(`${x}.${c}`);
  const conds: SQL[] = [noTerritorio(e, x, { microArea: 'micro_area', semEquipe: 'municipio' })];
  // The people's rows exist only for families that have not moved.
  if (x === 'f') conds.push(sql`not f.mudou`);
  if (o.equipe_id) conds.push(sql`${col('equipe_id')} = ${o.equipe_id}::uuid`);
  if (o.micro_area === SEM_MICRO_AREA) conds.push(sql`${col('micro_area')} is null`);
  else if (o.micro_area) conds.push(sql`${col('micro_area')} = ${o.micro_area}`);
  return sql.join(conds, sql` and `);
}
const familiasNoEscopo = (ctx: Ctx, o: Onde) => noEscopo(ctx, o, 'f');

const visitadaEm = (dias: number) => sql`(f.ultima_visita > now() - make_interval(days => ${dias}::int))`;
const semCoordenadas = sql`(d.latitude is null or d.longitude is null)`;
const domicilioDesatualizado = cadastroDesatualizado(sql`d.updated_at`);
const individualDesatualizado = cadastroDesatualizado(sql`p.cadastro_em`);
/** Up to date by the person's own unit's interval (alias `us`). */
const emDia = (g: GrupoPrioritario) => sql`not ${devida(g, 'p', intervaloDaUnidade(g, 'us'))}`;

/** The people of the territory (alias `p`) with their unit (alias `us`, for its intervals). */
const pessoasDe = (ctx: Ctx, o: Onde) => sql`from quem_visitar_pessoas p
  join unidades_saude us on us.id = p.unidade_saude_id
  where ${noEscopo(ctx, o, 'p')}`;

const conta = (cond: SQL) => sql`(count(*) filter (where ${cond}))::int`;

type LinhaSql = Omit<CoberturaLinha, 'grupos'> & Record<`${GrupoPrioritario}${'' | '_em_dia'}`, number>;

function tabela(ctx: Ctx, o: CoberturaFilters): SQL {
  const id = (g: string, sufixo = '') => sql.identifier(`${g}${sufixo}`);
  // Each person's group and visit flags once (materialized: inlined, every count would evaluate them again).
  const flags = GRUPOS_PRIORITARIOS.flatMap((g) => [
    sql`${noGrupo(g, 'p')} as ${id(g, '_no')}`,
    sql`${emDia(g)} as ${id(g, '_ok')}`,
  ]);
  const grupos = GRUPOS_PRIORITARIOS.flatMap((g) => [
    sql`${conta(sql`${id(g, '_no')}`)} as ${id(g)}`,
    sql`${conta(sql`${id(g, '_no')} and ${id(g, '_ok')}`)} as ${id(g, '_em_dia')}`,
  ]);
  const colunasGrupos = GRUPOS_PRIORITARIOS.flatMap((g) => [
    sql`coalesce(pa.${id(g)}, 0) as ${id(g)}`,
    sql`coalesce(pa.${id(g, '_em_dia')}, 0) as ${id(g, '_em_dia')}`,
  ]);
  // The families twice as a subquery, not one CTE: the planner then knows it is one team's few thousand and walks the
  // members by index instead of hashing all of familia_membros (bench/visitas.ts, case 7).
  const f = sql`(select f.id, f.equipe_id, f.micro_area, f.ultima_visita, f.domicilio_id from familias f
    where ${familiasNoEscopo(ctx, o)}) f`;
  return sql`
    with fa as (
      select f.equipe_id, f.micro_area, count(*)::int as familias,
        ${conta(visitadaEm(30))} as familias_visitadas_30,
        ${conta(visitadaEm(90))} as familias_visitadas_90,
        ${conta(semCoordenadas)} as familias_sem_coordenadas,
        ${conta(domicilioDesatualizado)} as cadastros_domiciliares_desatualizados
      from ${f} left join cadastros_domiciliares d on d.id = f.domicilio_id
      group by f.equipe_id, f.micro_area
    ),
    pp as materialized (
      select p.equipe_id, p.micro_area, ${sql.join(flags, sql`, `)},
        ${individualDesatualizado} as individual_desatualizado
      ${pessoasDe(ctx, o)}
    ),
    pa as (
      select equipe_id, micro_area, count(*)::int as pessoas, ${sql.join(grupos, sql`, `)},
        ${conta(sql`individual_desatualizado`)} as cadastros_individuais_desatualizados
      from pp group by equipe_id, micro_area
    )
    select fa.equipe_id, e.nome as equipe_nome, fa.micro_area, coalesce(pa.pessoas, 0) as pessoas, fa.familias,
      fa.familias_visitadas_30, fa.familias_visitadas_90, fa.familias_sem_coordenadas,
      coalesce(pa.cadastros_individuais_desatualizados, 0) as cadastros_individuais_desatualizados,
      fa.cadastros_domiciliares_desatualizados, ${sql.join(colunasGrupos, sql`, `)}
    from fa join equipes e on e.id = fa.equipe_id
    left join pa on pa.equipe_id = fa.equipe_id and pa.micro_area is not distinct from fa.micro_area
    order by e.nome collate "und-x-icu", fa.equipe_id, fa.micro_area nulls last`;
}

const agrupar = (r: LinhaSql): CoberturaLinha => ({
  equipe_id: r.equipe_id,
  equipe_nome: r.equipe_nome,
  micro_area: r.micro_area,
  pessoas: r.pessoas,
  familias: r.familias,
  familias_visitadas_30: r.familias_visitadas_30,
  familias_visitadas_90: r.familias_visitadas_90,
  grupos: Object.fromEntries(
    GRUPOS_PRIORITARIOS.map((g) => [g, { pessoas: r[g], em_dia: r[`${g}_em_dia`] }]),
  ) as CoberturaLinha['grupos'],
  familias_sem_coordenadas: r.familias_sem_coordenadas,
  cadastros_individuais_desatualizados: r.cadastros_individuais_desatualizados,
  cadastros_domiciliares_desatualizados: r.cadastros_domiciliares_desatualizados,
});

const filtrosUsados = (o: object) =>
  Object.entries(o)
    .filter(([k, v]) => v !== undefined && k !== 'page' && k !== 'per_page')
    .map(([k]) => k);

/** The table. Counts only, no one's data; the read is still audited (who looked at which territory). */
export async function tabelaCobertura(ctx: Ctx, o: CoberturaFilters): Promise<CoberturaLinha[]> {
  return auditedRead(
    ctx,
    async (db) => (await queryRows<LinhaSql>(db, tabela(ctx, o))).map(agrupar),
    (linhas) => ({
      resource: RESOURCE,
      action: 'index',
      municipe_ids: [],
      always: true,
      details: { lista: 'cobertura', filtros: filtrosUsados(o), linhas: linhas.length },
    }),
  );
}

// ---- the list behind a cell ------------------------------------------------------------------------------------

type ItemSql = EnderecoPartes & {
  familia_id: string;
  municipe_id: string | null;
  responsavel_id: string;
  nome: string;
  micro_area: string | null;
  ultima: Date | string | null;
  total: number;
};

/** What a cell counts, as the condition of its families (alias f, d) or people (alias p, us). */
function condicaoDe(l: CoberturaListaFilters): SQL {
  switch (l.indicador) {
    case 'familias_visitadas_30':
      return visitadaEm(30);
    case 'familias_visitadas_90':
      return visitadaEm(90);
    case 'familias_sem_coordenadas':
      return semCoordenadas;
    case 'cadastros_domiciliares_desatualizados':
      return domicilioDesatualizado;
    case 'cadastros_individuais_desatualizados':
      return individualDesatualizado;
    case 'grupo':
      return noGrupo(l.grupo!, 'p');
    case 'grupo_em_dia':
      return grupoEmDia(l.grupo!, 'p', intervaloDaUnidade(l.grupo!, 'us'));
    case 'pessoas':
    case 'familias':
      return sql`true`;
  }
}

function lista(ctx: Ctx, l: CoberturaListaFilters): SQL {
  const deFamilias = INDICADORES_DE_FAMILIAS.includes(l.indicador);
  const linhas = deFamilias
    ? sql`select f.id as familia_id, null::uuid as municipe_id, f.responsavel_id, f.responsavel_nome as nome,
        f.micro_area, f.ultima_visita as ultima, f.domicilio_id
      from f left join cadastros_domiciliares d on d.id = f.domicilio_id where ${condicaoDe(l)}`
    : sql`select p.familia_id, p.municipe_id, p.municipe_id as responsavel_id, p.nome, p.micro_area, p.ultima,
        (select fd.domicilio_id from familias fd where fd.id = p.familia_id) as domicilio_id
      ${pessoasDe(ctx, l)} and ${condicaoDe(l)}`;
  return sql`
    with f as (
      select f.id, f.responsavel_id, f.responsavel_nome, f.micro_area, f.ultima_visita, f.domicilio_id
      from familias f where ${familiasNoEscopo(ctx, l)}
    ),
    l as (${linhas})
    select l.familia_id, l.municipe_id, l.responsavel_id, l.nome, l.micro_area, l.ultima,
      d.tipo_logradouro, d.logradouro, d.numero, d.sem_numero, d.complemento, d.bairro,
      count(*) over ()::int as total
    from l left join cadastros_domiciliares d on d.id = l.domicilio_id
    order by l.nome collate "und-x-icu", l.familia_id, l.municipe_id nulls first`;
}

/** The people or families behind one cell of the table, a page of them; audited naming those shown. */
export async function listaCobertura(ctx: Ctx, l: CoberturaListaFilters) {
  const page = await auditedRead(
    ctx,
    (db) =>
      paginate(l, {
        rows: ({ limit, offset }) => queryRows<ItemSql>(db, sql`${lista(ctx, l)} limit ${limit} offset ${offset}`),
        count: async () =>
          (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${lista(ctx, l)}) c`))[0]?.n ?? 0,
        windowTotal: (r) => r.total,
      }),
    ({ rows }) => ({
      resource: RESOURCE,
      action: 'index',
      municipe_ids: [...new Set(rows.map((r) => r.responsavel_id))],
      details: {
        lista: 'cobertura',
        indicador: l.indicador,
        ...(l.grupo ? { grupo: l.grupo } : {}),
        filtros: filtrosUsados(l),
        pagina: l.page,
      },
    }),
  );
  return {
    total: page.total,
    rows: page.rows.map((r): CoberturaListaItem => ({
      familia_id: r.familia_id,
      municipe_id: r.municipe_id,
      nome: r.nome,
      micro_area: r.micro_area,
      endereco: formatEndereco(r),
      dias_sem_visita: diasDesde(r.ultima),
    })),
  };
}

// ---- CSV -------------------------------------------------------------------------------------------------------

const CABECALHO = [
  'Equipe',
  'Microárea',
  'Pessoas cadastradas',
  'Famílias cadastradas',
  'Famílias visitadas (30 dias)',
  'Famílias visitadas (90 dias)',
  ...GRUPOS_PRIORITARIOS.flatMap((g) => [ROTULO_GRUPO[g], `${ROTULO_GRUPO[g]} em dia`]),
  'Famílias sem coordenadas',
  'Cadastros individuais desatualizados',
  'Cadastros domiciliares desatualizados',
];

/** The table as a pt-BR spreadsheet opens it (UTF-8 with BOM, ';'). */
export async function coberturaCsv(ctx: Ctx, o: CoberturaFilters): Promise<string> {
  const linhas = await tabelaCobertura(ctx, o);
  const corpo = linhas.map((r) =>
    [
      r.equipe_nome,
      r.micro_area ?? 'Sem microárea',
      ...[
        r.pessoas,
        r.familias,
        r.familias_visitadas_30,
        r.familias_visitadas_90,
        ...GRUPOS_PRIORITARIOS.flatMap((g) => [r.grupos[g].pessoas, r.grupos[g].em_dia]),
        r.familias_sem_coordenadas,
        r.cadastros_individuais_desatualizados,
        r.cadastros_domiciliares_desatualizados,
      ].map(String),
    ]
      .map(celulaCsv)
      .join(';'),
  );
  return `\uFEFF${[CABECALHO.join(';'), ...corpo].join('\r\n')}\r\n`;
}

// ---- the map -----------------------------------------------------------------------------------------------------

type Resumo = {
  total: number;
  sem: number;
  na_vista: number;
  sul: number | null;
  oeste: number | null;
  norte: number | null;
  leste: number | null;
  recente: number;
  atencao: number;
  atrasada: number;
  nunca: number;
};
type LinhaMapaSql = { id: string | null; lat: number; lng: number; ma: string | null; dias: number | null; n: number };

/**
 * The homes of the territory with coordinates for one view of the map (`zoom`, `caixa`; none: every home, at the
 * zoom that fits them in the map's size); `grupo`: only families with a member of that group. Up to
 * LIMITE_DOMICILIOS_MAPA homes in view go one by one, the longest without a visit first; more, and PostgreSQL groups
 * them by cells of CELULA_GRUPO_PX pixels of the view (Web Mercator), a home alone in its cell still one by one. The
 * bounds, the count and the count per band are of every matching home. Two scans of the territory's families: the
 * summary (with the count in view), then the homes or groups. No names: the popup opens the family's visit page.
 * Audited as a read of the territory (no one is named).
 */
export async function mapaTerritorio(ctx: Ctx, q: TerritorioMapaFilters): Promise<TerritorioMapa> {
  const doGrupo = q.grupo
    ? sql`and exists (select 1 from quem_visitar_pessoas p where p.familia_id = f.id and ${noGrupo(q.grupo, 'p')})`
    : sql``;
  const de = sql`from familias f left join cadastros_domiciliares d on d.id = f.domicilio_id
    where ${familiasNoEscopo(ctx, q)} ${doGrupo}`;
  const com = sql`not ${semCoordenadas}`;
  const naCaixa = q.caixa
    ? sql`d.latitude between ${q.caixa[1]} and ${q.caixa[3]} and d.longitude between ${q.caixa[0]} and ${q.caixa[2]}`
    : sql`true`;
  // The bands of faixaVisita by the last visit's moment (whole days as diasDesde counts them: ≤ 30 is < 31 days ago).
  const antes = (dias: number) => sql`f.ultima_visita <= now() - ${`${dias} days`}::interval`;
  const [r] = await queryRows<Resumo>(
    ctx.leitura,
    sql`select count(*) filter (where ${com})::int as total, count(*) filter (where ${semCoordenadas})::int as sem,
        count(*) filter (where ${com} and ${naCaixa})::int as na_vista,
        min(d.latitude)::float8 as sul, min(d.longitude)::float8 as oeste,
        max(d.latitude)::float8 as norte, max(d.longitude)::float8 as leste,
        count(*) filter (where ${com} and not ${antes(31)})::int as recente,
        count(*) filter (where ${com} and ${antes(31)} and not ${antes(91)})::int as atencao,
        count(*) filter (where ${com} and ${antes(91)})::int as atrasada,
        count(*) filter (where ${com} and f.ultima_visita is null)::int as nunca
      ${de}`,
  );
  const resumo = r!;
  const limites =
    resumo.sul === null
      ? null
      : ([resumo.sul, resumo.oeste!, resumo.norte!, resumo.leste!] as [number, number, number, number]);
  const zoom =
    q.zoom ??
    (limites
      ? zoomQueCabe(limites, q.largura ?? 800, q.altura ?? 560, ENQUADRAR.margem, ENQUADRAR.zoomMaximo)
      : ENQUADRAR.zoomMaximo);
  const m: TerritorioMapa = {
    limites,
    total: resumo.total,
    por_faixa: { recente: resumo.recente, atencao: resumo.atencao, atrasada: resumo.atrasada, nunca: resumo.nunca },
    sem_coordenadas: resumo.sem,
    zoom,
    pontos: { familia_ids: [], coordenadas: [], micro_areas: [], dias_sem_visita: [] },
    grupos: { coordenadas: [], quantidades: [] },
  };
  if (resumo.na_vista === 0) return auditarMapa(ctx, q, m);
  const dias = sql`floor(extract(epoch from now() - f.ultima_visita) / 86400)::int`;
  const ondeNaVista = sql`${de} and ${com} and ${naCaixa}`;
  let linhas: LinhaMapaSql[];
  if (resumo.na_vista <= LIMITE_DOMICILIOS_MAPA) {
    linhas = await queryRows<LinhaMapaSql>(
      ctx.leitura,
      sql`select f.id, d.latitude::float8 as lat, d.longitude::float8 as lng, f.micro_area as ma, ${dias} as dias,
          1 as n ${ondeNaVista} order by f.ultima_visita nulls first, f.id`,
    );
  } else {
    // The view's pixels at its zoom: x from the west, y (Web Mercator) from the north; a cell is CELULA_GRUPO_PX wide.
    const escala = (256 * 2 ** zoom) / CELULA_GRUPO_PX;
    const rad = sql`radians(greatest(-85.0511, least(85.0511, d.latitude::float8)))`;
    linhas = await queryRows<LinhaMapaSql>(
      ctx.leitura,
      sql`select case when count(*) = 1 then min(f.id::text)::uuid end as id, avg(d.latitude::float8) as lat,
          avg(d.longitude::float8) as lng, min(f.micro_area) as ma, min(${dias}) as dias, count(*)::int as n
        ${ondeNaVista}
        group by floor((d.longitude::float8 + 180) / 360 * ${escala}),
          floor((1 - ln(tan(${rad}) + 1 / cos(${rad})) / pi()) / 2 * ${escala})`,
    );
  }
  for (const l of linhas) {
    if (l.n > 1) {
      m.grupos.coordenadas.push(l.lat, l.lng);
      m.grupos.quantidades.push(l.n);
    } else {
      m.pontos.familia_ids.push(l.id!);
      m.pontos.coordenadas.push(l.lat, l.lng);
      m.pontos.micro_areas.push(l.ma);
      m.pontos.dias_sem_visita.push(l.dias);
    }
  }
  return auditarMapa(ctx, q, m);
}

async function auditarMapa(ctx: Ctx, q: TerritorioMapaFilters, m: TerritorioMapa): Promise<TerritorioMapa> {
  await audit(ctx.db, ctx, {
    action: 'index',
    resource: RESOURCE,
    details: {
      parte: 'mapa',
      filtros: filtrosUsados(q),
      domicilios: m.pontos.familia_ids.length,
      grupos: m.grupos.quantidades.length,
    },
  });
  return m;
}
