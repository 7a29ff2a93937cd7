import { msg } from '@saude/shared';
import { TIPO_IMOVEL_DOMICILIO } from '@saude/shared/schemas/cadastro_domiciliar';
import {
  type FamiliaParaVisita,
  type FamiliasParaVisitaFilters,
  type FamiliaVisitaDetalhe,
  type VisitaContexto,
} from '@saude/shared/schemas/visita_domiciliar';
import { formatAge } from '@saude/shared/validation/dates';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import {
  cadastrosDomiciliares as dom,
  enderecoDomicilio,
  familiaMembros,
  familias,
  municipeProntuarios,
  municipes,
  visitasDomiciliares as vd,
} from '../../../db/schema';
import { byName, containsText, isoFrom, startsWithIgnoringCase } from '../../../db/sql';
import { notFound, unprocessable } from '../../../lib/errors';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { mapPage, paginate } from '../../../lib/paginate';
import { contarFamilias } from '../familias/service';
import { scopeOf } from '../scope';
import {
  agenteDe,
  familiaInScope,
  findFamilia,
  formatEndereco,
  membroAtivo,
  podeCriar,
  prontuarioDoMunicipe,
  type Agente,
} from './comum';

// The families an agent visits (the visit list's first screen), one family's detail, and the visit form's context.

/** The family is in one of the user's own micro-areas (the agent's, per team). */
function minhaMicroArea(agente: Agente): SQL {
  // A constant `false` is refused in ORDER BY by PostgreSQL: an expression instead.
  if (agente.microAreas.length === 0) return sql`(1 = 0)`;
  const list = sql.join(
    agente.microAreas.map((m) => sql`${m}`),
    sql`, `,
  );
  // A probe of the family's own home (not a join): a team's families never read the whole household table.
  return sql`exists (select 1 from ${dom} where ${dom.id} = ${familias.domicilio_id} and (${familias.equipe_id}::text || ':' || ${dom.st_micro_area}) in (${list}))`;
}

// Correlated subqueries: used only in joined queries, where drizzle qualifies the columns with their table.
const numeroMembros = sql<number>`(select count(*)::int from ${familiaMembros} where ${familiaMembros.familia_id} = ${familias.id} and (${familiaMembros.ativo} or ${familias.mudou}))`;
const ultimaVisitaFamilia = sql<
  Date | string | null
>`(select max(${vd.data_visita}) from ${vd} where ${vd.familia_id} = ${familias.id} and ${vd.cancelada_em} is null)`;

export async function listFamilias(
  ctx: Ctx,
  f: FamiliasParaVisitaFilters,
): Promise<{ rows: FamiliaParaVisita[]; total: number }> {
  const scope = scopeOf(ctx);
  const conds: Array<SQL | undefined> = [familiaInScope(scope)];
  if (f.responsavel) conds.push(containsText([municipes.nome, municipes.nome_social], f.responsavel));
  // Filters on the home, as a probe of the family's own home (see minhaMicroArea).
  const domConds: SQL[] = [];
  if (f.endereco) {
    // Every word must appear in the street, number or district ('acacias 12').
    const texto = sql`concat_ws(' ', ${dom.logradouro}, ${dom.numero}, ${dom.bairro})`;
    for (const w of f.endereco.split(/\s+/).filter(Boolean)) domConds.push(containsText([texto], w));
  }
  if (f.micro_area) domConds.push(eq(dom.st_micro_area, f.micro_area));
  if (domConds.length > 0)
    conds.push(sql`exists (select 1 from ${dom} where ${dom.id} = ${familias.domicilio_id} and ${and(...domConds)})`);
  if (f.numero_prontuario) conds.push(startsWithIgnoringCase(familias.numero_prontuario, f.numero_prontuario));
  const where = and(...conds);
  const mine = minhaMicroArea(agenteDe(scope));
  /** A filter of the user's, beyond the scope (conds[0]). */
  const filtrada = conds.length > 1;

  const page = await paginate(f, {
    count: () => contarFamilias(ctx.db, where, !!f.responsavel),
    rows: ({ limit, offset }) => {
      // The page is chosen on what orders it (micro-area, head's name), then only its rows read the home and the
      // counts. With a filter the total comes with the page (one pass over the matches, as the citizen search does).
      // The aliases are unique in the outer query: drizzle writes them unqualified there.
      const pagina = ctx.db
        .select({
          id: familias.id,
          nome: sql<string>`${municipes.nome}`.as('pagina_nome'),
          minha: sql<boolean>`${mine}`.as('pagina_minha'),
          total: (filtrada ? sql<number | null>`(count(*) over ())::int` : sql<number | null>`null::int`).as(
            'pagina_total',
          ),
        })
        .from(familias)
        .innerJoin(municipes, eq(municipes.id, familias.responsavel_id))
        .where(where)
        .orderBy(sql`${mine} desc`, byName(municipes.nome), asc(familias.id))
        .limit(limit)
        .offset(offset)
        .as('pagina');
      return ctx.db
        .select({
          id: familias.id,
          responsavel_id: familias.responsavel_id,
          responsavel_nome: pagina.nome,
          numero_prontuario: familias.numero_prontuario,
          micro_area: dom.st_micro_area,
          mudou: familias.mudou,
          minha: pagina.minha,
          total: pagina.total,
          membros: numeroMembros,
          ultima: ultimaVisitaFamilia,
          endereco: enderecoDomicilio,
        })
        .from(pagina)
        .innerJoin(familias, eq(familias.id, pagina.id))
        .leftJoin(dom, eq(dom.id, familias.domicilio_id))
        .orderBy(desc(pagina.minha), byName(pagina.nome), asc(pagina.id));
    },
    windowTotal: (r) => r.total,
  });
  return mapPage(page, (r) => ({
    id: r.id,
    responsavel_id: r.responsavel_id,
    responsavel_nome: r.responsavel_nome,
    numero_prontuario: r.numero_prontuario,
    endereco: formatEndereco(r.endereco),
    micro_area: r.micro_area,
    numero_membros: r.membros,
    mudou: r.mudou,
    minha_micro_area: r.minha === true,
    ultima_visita: isoFrom(r.ultima),
  }));
}

export async function getFamilia(ctx: Ctx, id: string): Promise<FamiliaVisitaDetalhe> {
  const scope = scopeOf(ctx);
  const found = await findFamilia(ctx.db, scope, id);
  if (!found) throw notFound();
  const { f, d } = found;
  const [resp] = await ctx.db
    .select({ nome: municipes.nome })
    .from(municipes)
    .where(eq(municipes.id, f.responsavel_id));
  const [ultima] = await ctx.db
    .select({ ultima: sql<Date | string | null>`max(${vd.data_visita})` })
    .from(vd)
    .where(and(eq(vd.familia_id, f.id), isNull(vd.cancelada_em)));
  const unidade = ctx.usuario?.unidadeId ?? f.unidade_saude_id;
  // Members of a family that moved are its history (inactive): the detail shows who lived there.
  const membros = await ctx.db
    .select({
      municipe_id: municipes.id,
      nome: municipes.nome,
      nome_social: municipes.nome_social,
      data_nascimento: municipes.data_nascimento,
      data_obito: municipes.data_obito,
      sexo_id: municipes.sexo_id,
      parentesco_id: familiaMembros.parentesco_id,
      numero_prontuario: sql<
        string | null
      >`(select ${municipeProntuarios.numero} from ${municipeProntuarios} where ${municipeProntuarios.municipe_id} = ${municipes.id} and ${municipeProntuarios.unidade_saude_id} = ${unidade} and ${municipeProntuarios.inativado_em} is null order by ${municipeProntuarios.created_at} limit 1)`,
      ultima: sql<
        Date | string | null
      >`(select max(${vd.data_visita}) from ${vd} where ${vd.municipe_id} = ${municipes.id} and ${vd.cancelada_em} is null)`,
    })
    .from(familiaMembros)
    .innerJoin(municipes, eq(municipes.id, familiaMembros.municipe_id))
    .where(and(eq(familiaMembros.familia_id, f.id), f.mudou ? undefined : eq(familiaMembros.ativo, true)))
    .orderBy(sql`${familiaMembros.municipe_id} <> ${f.responsavel_id}`, byName(municipes.nome), asc(municipes.id));
  return {
    id: f.id,
    responsavel_id: f.responsavel_id,
    responsavel_nome: resp?.nome ?? '',
    numero_prontuario: f.numero_prontuario,
    endereco: formatEndereco(d),
    domicilio_id: f.domicilio_id,
    tipo_imovel_id: d?.tipo_imovel_id ?? null,
    micro_area: d?.st_micro_area ?? null,
    fora_area: d?.fora_area ?? false,
    mudou: f.mudou,
    ultima_visita: isoFrom(ultima?.ultima),
    membros: membros.map((m) => ({
      municipe_id: m.municipe_id,
      nome: m.nome,
      nome_social: m.nome_social,
      data_nascimento: m.data_nascimento,
      idade: formatAge(m.data_nascimento, m.data_obito ?? undefined) ?? '',
      sexo_id: m.sexo_id,
      parentesco_id: m.parentesco_id,
      numero_prontuario: m.numero_prontuario,
      ultima_visita: isoFrom(m.ultima),
    })),
  };
}

// ---- the form's context -----------------------------------------------------------------------------------------

export async function getContexto(ctx: Ctx, q: { familia_id?: string; municipe_id?: string }): Promise<VisitaContexto> {
  const scope = scopeOf(ctx);
  const agente = agenteDe(scope);
  const found = q.familia_id ? await findFamilia(ctx.db, scope, q.familia_id) : null;
  if (q.familia_id && !found) throw notFound();
  if (found && q.municipe_id && !(await membroAtivo(ctx.db, found.f.id, q.municipe_id)) && !found.f.mudou) {
    throw unprocessable({ municipe_id: [msg.membroForaDaFamilia] });
  }
  const agenteOk = podeCriar(ctx) && agente.ocupacoes.length > 0;
  const mudou = found?.f.mudou ?? false;
  const unidade = ctx.usuario?.unidadeId;
  const d = found?.d ?? null;
  return {
    pode_lancar: agenteOk && !mudou,
    motivo_bloqueio: !agenteOk ? msg.visitaSomenteAgentes : mudou ? msg.familiaMudou : null,
    ocupacoes: agente.ocupacoes.map((codigo) => ({ codigo, descricao: ocupacaoNome(codigo) })),
    ocupacao_id: agente.ocupacoes.length === 1 ? agente.ocupacoes[0]! : null,
    micro_area: d?.st_micro_area ?? null,
    fora_area: d?.fora_area ?? false,
    tipo_imovel_id: d?.tipo_imovel_id ?? TIPO_IMOVEL_DOMICILIO,
    numero_prontuario:
      q.municipe_id && unidade
        ? await prontuarioDoMunicipe(ctx.db, q.municipe_id, unidade)
        : (found?.f.numero_prontuario ?? null),
  };
}
