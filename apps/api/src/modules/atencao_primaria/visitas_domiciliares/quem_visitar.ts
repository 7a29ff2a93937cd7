import type { GrupoPrioritario } from '@saude/shared/schemas/cobertura';
import {
  CODIGOS_IMOVEL,
  CODIGOS_QUEM_VISITAR,
  intervalosDaUnidade,
  TIPO_IMOVEL_PONTO_ESTRATEGICO,
  type IntervalosVisita,
  type MotivoImovel,
  type MotivoQuemVisitar,
  type QuemVisitar,
  type QuemVisitarFilters,
  type QuemVisitarImovel,
} from '@saude/shared/schemas/quem_visitar';
import type { EnderecoPartes } from '@saude/shared/endereco';
import { eq, sql, type SQL } from 'drizzle-orm';
import { auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import { queryRows, type DbOrTx } from '../../../db/client';
import { unidadesSaude } from '../../../db/schema';
import { paginate } from '../../../lib/paginate';
import { cadastroDesatualizado, grupoDevido, vencida } from './grupos_prioritarios';
import { noTerritorio } from './territorio';
import { diasDesde, escopoDe, formatEndereco, RESOURCE, type Escopo } from './queries';

// "Quem visitar" (issue 44): who in the user's territory is due a visit, and why. One statement over the families in
// scope (an agent: their own micro-areas; a team member: their teams; a user without a team: the unit), their active
// members and the health-conditions block. The visits are not searched: each family's and each citizen's last visit
// (and the family's last outcome) are kept by the visits' triggers (migrations 0012 and 0032). Rules and defaults:
// docs/decisions.md, "Issue 44: who to visit". The intervals are the user's current unit's (parametros/unidades_saude:
// a unit may change them; the rest are the defaults).

/** The current unit's intervals; the defaults without a unit. */
async function intervalos(db: DbOrTx, e: Escopo): Promise<IntervalosVisita> {
  if (!e.unidadeId) return intervalosDaUnidade(null);
  const [u] = await db
    .select({ i: unidadesSaude.intervalos_visita })
    .from(unidadesSaude)
    .where(eq(unidadesSaude.id, e.unidadeId));
  return intervalosDaUnidade(u?.i);
}

const territorio = (e: Escopo, x: string, microAreaCol: string, microArea: string | undefined): SQL =>
  microArea
    ? sql`${noTerritorio(e, x, { microArea: microAreaCol, semEquipe: 'unidade' })} and ${sql.raw(`${x}.${microAreaCol}`)} = ${microArea}`
    : noTerritorio(e, x, { microArea: microAreaCol, semEquipe: 'unidade' });

/** The families the user plans visits for, alias `f`; moved-away families receive no visit (spec §4). */
const familiasDoUsuario = (e: Escopo, microArea: string | undefined): SQL =>
  sql`not f.mudou and ${territorio(e, 'f', 'micro_area', microArea)}`;

const motivo = (codigo: MotivoQuemVisitar, cond: SQL) => sql`case when ${cond} then ${codigo} end`;

/** A line as the database answers it, with the home's address parts. */
type Linha = EnderecoPartes & {
  familia_id: string;
  municipe_id: string | null;
  nome: string;
  responsavel_id: string;
  responsavel_nome: string;
  micro_area: string | null;
  motivos: MotivoQuemVisitar[];
  ultima: Date | string | null;
  total: number;
};

/** The due lines (family, person, name, last visit, reasons), before the page is cut and the address joined. */
function devidas(e: Escopo, f: QuemVisitarFilters, iv: IntervalosVisita): SQL {
  const grupo = (g: GrupoPrioritario) => motivo(g, grupoDevido(g, 'p', g === 'recem_nascido' ? undefined : iv[g]));
  return sql`
    with pessoas as (
      select p.familia_id, p.municipe_id, p.nome, p.ultima, array_remove(array[
        ${grupo('recem_nascido')},
        ${grupo('gestante')},
        ${grupo('crianca_menor_2')},
        ${grupo('acamado')},
        ${grupo('domiciliado')},
        ${grupo('hipertensao')},
        ${grupo('diabetes')},
        ${motivo('cadastro_desatualizado', cadastroDesatualizado(sql`p.cadastro_em`))}
      ]::text[], null) as motivos
      from quem_visitar_pessoas p where ${territorio(e, 'p', 'micro_area', f.micro_area)}
    ),
    familias_devidas as (
      select f.id as familia_id, null::uuid as municipe_id, f.responsavel_nome as nome, f.ultima_visita as ultima,
        array_remove(array[
          ${motivo('nova_tentativa', sql`f.ultimo_desfecho_id in (2, 3)`)},
          ${motivo('familia_sem_visita', vencida(sql`f.ultima_visita`, iv.familia_sem_visita))},
          ${motivo('cadastro_desatualizado', cadastroDesatualizado(sql`d.updated_at`))}
        ]::text[], null) as motivos
      from familias f left join cadastros_domiciliares d on d.id = f.domicilio_id
      where ${familiasDoUsuario(e, f.micro_area)}
    )
    select * from pessoas where cardinality(motivos) > 0
    union all
    select * from familias_devidas where cardinality(motivos) > 0`;
}

/** One page of due lines, most urgent first, with the family and its address joined for those rows only. */
function pagina(e: Escopo, f: QuemVisitarFilters, iv: IntervalosVisita, limit: number, offset: number): SQL {
  const prioridade = sql.join(
    CODIGOS_QUEM_VISITAR.map((c, i) => sql`when ${c} then ${i}`),
    sql` `,
  );
  // Inside the page's select the priority is its output column; outside, the page's column.
  const ordem = (p: SQL) =>
    sql`${p}, t.ultima nulls first, t.nome collate "und-x-icu", t.familia_id, t.municipe_id nulls first`;
  return sql`
    with t as (
      select t.*, (select min(case x ${prioridade} end) from unnest(t.motivos) x) as prioridade,
        count(*) over ()::int as total
      from (${devidas(e, f, iv)}) t
      order by ${ordem(sql`prioridade`)} limit ${limit} offset ${offset}
    )
    select t.familia_id, t.municipe_id, t.nome, t.motivos, t.ultima, t.total, f.responsavel_id, f.responsavel_nome,
      f.micro_area, d.tipo_logradouro, d.logradouro, d.numero, d.sem_numero, d.complemento, d.bairro
    from t join familias f on f.id = t.familia_id left join cadastros_domiciliares d on d.id = f.domicilio_id
    order by ${ordem(sql`t.prioridade`)}`;
}

/** Orders each line's reasons by priority (the order of `codigos`), the visit form's reason first. */
const porPrioridade =
  <M extends string>(codigos: readonly M[]) =>
  (motivos: M[]) =>
    [...motivos].sort((a, b) => codigos.indexOf(a) - codigos.indexOf(b));

/**
 * One page of a worklist and its audit row, naming the citizens `citados` gives for each line: `pagina` cuts the page
 * (with the window's total), `todas` counts the lines when the page is past the end.
 */
function paginaAuditada<R extends { total: number }>(
  ctx: Ctx,
  f: QuemVisitarFilters,
  o: { pagina: (limit: number, offset: number) => SQL; todas: SQL; lista: string; citados: (r: R) => string[] },
) {
  return auditedRead(
    ctx,
    (tx) =>
      paginate(f, {
        rows: ({ limit, offset }) => queryRows<R>(tx, o.pagina(limit, offset)),
        count: async () =>
          (await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from (${o.todas}) c`))[0]?.total ??
          0,
        windowTotal: (r) => r.total,
      }),
    ({ rows }) => ({
      resource: RESOURCE,
      action: 'index',
      municipe_ids: [...new Set(rows.flatMap(o.citados))],
      details: { lista: o.lista, filtros: f.micro_area ? ['micro_area'] : [], pagina: f.page },
    }),
  );
}

export async function list(ctx: Ctx, f: QuemVisitarFilters) {
  const e = escopoDe(ctx);
  const iv = await intervalos(ctx.db, e);
  const ordenar = porPrioridade(CODIGOS_QUEM_VISITAR);
  const { rows, total } = await paginaAuditada<Linha>(ctx, f, {
    pagina: (limit, offset) => pagina(e, f, iv, limit, offset),
    todas: devidas(e, f, iv),
    lista: 'quem_visitar',
    // A family-wide line shows its head.
    citados: (r) => [r.municipe_id ?? r.responsavel_id],
  });
  return {
    total,
    rows: rows.map((r): QuemVisitar => ({
      familia_id: r.familia_id,
      municipe_id: r.municipe_id,
      nome: r.nome,
      responsavel_nome: r.responsavel_nome,
      micro_area: r.micro_area,
      endereco: formatEndereco(r),
      motivos: ordenar(r.motivos),
      dias_sem_visita: diasDesde(r.ultima),
    })),
  };
}

// ---- the ACE's properties -----------------------------------------------------------------------------------------

type LinhaImovel = EnderecoPartes & {
  domicilio_id: string;
  familia_id: string | null;
  responsavel_id: string | null;
  nome: string | null;
  tipo_imovel_id: number;
  micro_area: string | null;
  motivos: MotivoImovel[];
  ultima: Date | string | null;
  total: number;
};

const motivoImovel = (codigo: MotivoImovel, cond: SQL) => sql`case when ${cond} then ${codigo} end`;

/**
 * The properties of the user's territory due an endemic-control visit (docs/decisions.md, "Issue 44: the ACE's
 * properties"): the last such visit of each is kept by a trigger (migration 0036), never searched here. A property's
 * family is the one living there (not moved away); a property without one (shop, vacant lot, strategic point) is listed
 * with its type.
 */
function imoveis(e: Escopo, f: QuemVisitarFilters, iv: IntervalosVisita): SQL {
  const prioridade = sql.join(
    CODIGOS_IMOVEL.map((c, i) => sql`when ${c} then ${i}`),
    sql` `,
  );
  return sql`
    with d as (
      select d.id, d.tipo_imovel_id, d.st_micro_area, d.tipo_logradouro, d.logradouro, d.numero, d.sem_numero,
        d.complemento, d.bairro, d.instituicao_nome, u.data_visita as ultima, array_remove(array[
          ${motivoImovel('imovel_nova_tentativa', sql`u.desfecho_id in (2, 3)`)},
          ${motivoImovel('imovel_com_foco', sql`u.com_foco and u.desfecho_id = 1 and ${vencida(sql`u.data_visita`, iv.imovel_com_foco)}`)},
          ${motivoImovel('ponto_estrategico', sql`d.tipo_imovel_id = ${TIPO_IMOVEL_PONTO_ESTRATEGICO} and ${vencida(sql`u.data_visita`, iv.ponto_estrategico)}`)},
          ${motivoImovel('ciclo_vetorial', vencida(sql`u.data_visita`, iv.ciclo_vetorial))}
        ]::text[], null) as motivos
      from cadastros_domiciliares d
      left join domicilio_ultimas_visitas_vetoriais u on u.domicilio_id = d.id
      where ${territorio(e, 'd', 'st_micro_area', f.micro_area)}
    )
    select d.id as domicilio_id, fam.id as familia_id, fam.responsavel_id,
      coalesce(fam.responsavel_nome, d.instituicao_nome) as nome, d.tipo_imovel_id, d.st_micro_area as micro_area,
      d.motivos, d.ultima, d.tipo_logradouro, d.logradouro, d.numero, d.sem_numero, d.complemento, d.bairro,
      count(*) over ()::int as total
    from d
    left join lateral (
      select f.id, f.responsavel_id, f.responsavel_nome from familias f
      where f.domicilio_id = d.id and not f.mudou order by f.created_at, f.id limit 1
    ) fam on true
    where cardinality(d.motivos) > 0
    order by (select min(case x ${prioridade} end) from unnest(d.motivos) x), d.ultima nulls first,
      d.logradouro collate "und-x-icu", d.numero, d.id`;
}

export async function listImoveis(ctx: Ctx, f: QuemVisitarFilters) {
  const e = escopoDe(ctx);
  const iv = await intervalos(ctx.db, e);
  const ordenar = porPrioridade(CODIGOS_IMOVEL);
  const { rows, total } = await paginaAuditada<LinhaImovel>(ctx, f, {
    pagina: (limit, offset) => sql`${imoveis(e, f, iv)} limit ${limit} offset ${offset}`,
    todas: imoveis(e, f, iv),
    lista: 'quem_visitar_imoveis',
    // A property's address is personal data only where a family lives: its head is the citizen read.
    citados: (r) => (r.responsavel_id ? [r.responsavel_id] : []),
  });
  return {
    total,
    rows: rows.map((r): QuemVisitarImovel => ({
      domicilio_id: r.domicilio_id,
      familia_id: r.familia_id,
      nome: r.nome,
      tipo_imovel_id: r.tipo_imovel_id,
      micro_area: r.micro_area,
      endereco: formatEndereco(r),
      motivos: ordenar(r.motivos),
      dias_sem_visita: diasDesde(r.ultima),
    })),
  };
}
