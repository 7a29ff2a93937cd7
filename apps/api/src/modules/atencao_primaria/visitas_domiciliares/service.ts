import { msg, type Permission } from '@saude/shared';
import { cboVisitaDomiciliarCodigos } from '@saude/shared/codes/cbo_visita_domiciliar';
import { enderecoLinha, type EnderecoPartes } from '@saude/shared/endereco';
import {
  imovelSemMorador,
  MOTIVOS_SOMENTE_FEMININO,
  motivosPorGrupo,
  turnoDaHora,
  visitaDomiciliarIssues,
  type CancelarVisitaInput,
  type FamiliaParaVisita,
  type FamiliasParaVisitaFilters,
  type FamiliaVisitaDetalhe,
  type VisitaContexto,
  type VisitaDomiciliar,
  type VisitaDomiciliarFilters,
  type VisitaDomiciliarValues,
} from '@saude/shared/schemas/visita_domiciliar';
import { formatAge, TIME_ZONE } from '@saude/shared/validation/dates';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { audit } from '../../../access/audit';
import { can, type Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import {
  cadastrosDomiciliares,
  familiaMembros,
  familias,
  lotacoes,
  municipeProntuarios,
  municipes,
  normalized,
  profissionais,
  unidadesSaude,
  visitasDomiciliares,
} from '../../../db/schema';
import { AppError, conflict, forbidden, notFound, unprocessable } from '../../../lib/errors';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import type { FieldErrors } from '../../municipes/rules';
import { inScopeEquipe, loadScope, type Scope } from '../scope';

// Home visits (issue 8). Design (docs/decisions.md, "Home visits"):
// - Only agents launch visits: the user's assignments in the current unit must carry a CBO of LEDI table 7
//   (cboVisitaDomiciliarCodigos); everyone with the read permission sees the history.
// - The id comes from the client: a retried save answers the stored visit (200) instead of creating a second one.
// - Scope is the team's, as in the individual registrations: an assignment without a team sees everything.
// - A cancelled visit keeps its row, with who, when and why.

const RESOURCE = 'atencao_primaria/visitas_domiciliares';
const vd = visitasDomiciliares;
const dom = cadastrosDomiciliares;
const SEXO_MASCULINO = 0;
const TIPO_IMOVEL_DOMICILIO = 1;

// ---- the user as an agent ------------------------------------------------------------------------------------

const cboVisita: ReadonlySet<string> = new Set(cboVisitaDomiciliarCodigos);

type Agente = {
  /** The user's CBOs in the current unit that the visit form accepts, in assignment order. */
  ocupacoes: string[];
  /** 'equipe_id:micro_area' of the user's own micro-areas (lotacoes.micro_areas) in the current unit. */
  microAreas: string[];
  lotacoes: Array<{ equipe_id: string | null; ocupacao_codigo: string }>;
};

async function loadAgente(db: DbOrTx, ctx: Ctx): Promise<Agente> {
  const u = ctx.usuario;
  if (!u?.unidadeId) return { ocupacoes: [], microAreas: [], lotacoes: [] };
  const rows = await db
    .select({
      equipe_id: lotacoes.equipe_id,
      ocupacao_codigo: lotacoes.ocupacao_codigo,
      micro_areas: lotacoes.micro_areas,
    })
    .from(lotacoes)
    .where(
      and(
        eq(lotacoes.profissional_id, u.profissionalId),
        eq(lotacoes.unidade_saude_id, u.unidadeId),
        eq(lotacoes.ativo, true),
      ),
    )
    .orderBy(asc(lotacoes.created_at));
  return {
    ocupacoes: [...new Set(rows.map((r) => r.ocupacao_codigo).filter((c) => cboVisita.has(c)))],
    microAreas: rows.flatMap((r) => (r.equipe_id ? r.micro_areas.map((m) => `${r.equipe_id}:${m}`) : [])),
    lotacoes: rows,
  };
}

const podeCriar = (ctx: Ctx) => !!ctx.usuario && can(ctx.usuario, `${RESOURCE}:create` as Permission);

// ---- scope -----------------------------------------------------------------------------------------------------

const familiaInScope = (scope: Scope): SQL | undefined => inScopeEquipe(scope, familias.equipe_id);

/** A visit is in scope when its team or its family's team is one of the user's (queries left-join familias). */
const visitaInScope = (scope: Scope): SQL | undefined =>
  scope.all
    ? undefined
    : scope.equipeIds.length > 0
      ? or(inArray(vd.equipe_id, scope.equipeIds), inArray(familias.equipe_id, scope.equipeIds))
      : sql`false`;

// ---- helpers ---------------------------------------------------------------------------------------------------

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The one-line address (shared); null without a linked home. */
const formatEndereco = (d: EnderecoPartes | null): string | null => (d?.logradouro ? enderecoLinha(d) : null);
const enderecoCols = {
  tipo_logradouro: dom.tipo_logradouro,
  logradouro: dom.logradouro,
  numero: dom.numero,
  sem_numero: dom.sem_numero,
  complemento: dom.complemento,
  bairro: dom.bairro,
};

// Correlated subqueries: used only in joined queries, where drizzle qualifies the columns with their table.
const ultimaVisitaFamilia = sql<
  Date | string | null
>`(select max(${vd.data_visita}) from ${vd} where ${vd.familia_id} = ${familias.id} and ${vd.cancelada_em} is null)`;
const toIso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** Hour of the day in São Paulo (the shift is the municipality's). */
function horaLocal(d: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(d));
}

/** The citizen's active record number in the unit (the first one, when several). */
async function prontuarioDoMunicipe(db: DbOrTx, municipeId: string, unidadeId: string): Promise<string | null> {
  const [p] = await db
    .select({ numero: municipeProntuarios.numero })
    .from(municipeProntuarios)
    .where(
      and(
        eq(municipeProntuarios.municipe_id, municipeId),
        eq(municipeProntuarios.unidade_saude_id, unidadeId),
        isNull(municipeProntuarios.inativado_em),
      ),
    )
    .orderBy(asc(municipeProntuarios.created_at))
    .limit(1);
  return p?.numero ?? null;
}

/** The family (with its home) if it exists and is in scope. */
async function findFamilia(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await db
    .select({ f: familias, d: dom })
    .from(familias)
    .leftJoin(dom, eq(dom.id, familias.domicilio_id))
    .where(and(eq(familias.id, id), familiaInScope(scope)));
  return row ?? null;
}

async function membroAtivo(db: DbOrTx, familiaId: string, municipeId: string) {
  const [row] = await db
    .select({ sexo_id: municipes.sexo_id })
    .from(familiaMembros)
    .innerJoin(municipes, eq(municipes.id, familiaMembros.municipe_id))
    .where(
      and(
        eq(familiaMembros.familia_id, familiaId),
        eq(familiaMembros.municipe_id, municipeId),
        eq(familiaMembros.ativo, true),
      ),
    );
  return row ?? null;
}

// ---- reading visits --------------------------------------------------------------------------------------------

const cancelador = alias(profissionais, 'cancelador');
const visitaSelect = {
  v: vd,
  municipe_nome: municipes.nome,
  unidade_saude_nome: unidadesSaude.nome,
  profissional_nome: profissionais.nome,
  cancelada_por_nome: cancelador.nome,
};
type VisitaRow = {
  v: typeof vd.$inferSelect;
  municipe_nome: string | null;
  unidade_saude_nome: string | null;
  profissional_nome: string | null;
  cancelada_por_nome: string | null;
};

const visitaQuery = (db: DbOrTx) =>
  db
    .select(visitaSelect)
    .from(vd)
    .leftJoin(familias, eq(familias.id, vd.familia_id))
    .leftJoin(municipes, eq(municipes.id, vd.municipe_id))
    .leftJoin(unidadesSaude, eq(unidadesSaude.id, vd.unidade_saude_id))
    .leftJoin(profissionais, eq(profissionais.id, vd.profissional_id))
    .leftJoin(cancelador, eq(cancelador.id, vd.cancelada_por));

/** Who reads the visit: decides `pode_cancelar` (the same rule cancelarVisita enforces). */
type Leitor = { profissionalId: string | null; gerente: boolean; cancela: boolean };
const leitorDe = (ctx: Ctx, scope: Scope): Leitor => ({
  profissionalId: ctx.usuario?.profissionalId ?? null,
  gerente: scope.all,
  cancela: !!ctx.usuario && can(ctx.usuario, `${RESOURCE}:cancelar` as Permission),
});

const toVisita =
  (leitor: Leitor) =>
  ({ v, ...names }: VisitaRow): VisitaDomiciliar => {
    return {
      id: v.id,
      familia_id: v.familia_id,
      domicilio_id: v.domicilio_id,
      municipe_id: v.municipe_id,
      municipe_nome: names.municipe_nome,
      unidade_saude_id: v.unidade_saude_id,
      unidade_saude_nome: names.unidade_saude_nome,
      profissional_id: v.profissional_id,
      profissional_nome: names.profissional_nome,
      equipe_id: v.equipe_id,
      ocupacao_id: v.ocupacao_id,
      ocupacao_nome: ocupacaoNome(v.ocupacao_id),
      data_visita: v.data_visita.toISOString(),
      turno_atendimentos: v.turno_atendimentos,
      micro_area: v.micro_area,
      fora_area: v.fora_area,
      tipo_imovel_id: v.tipo_imovel_id,
      numero_prontuario: v.numero_prontuario,
      visita_compartilhada: v.visita_compartilhada,
      motivo_visita_ids: v.motivo_visita_ids,
      ...motivosPorGrupo(v.motivo_visita_ids),
      desfecho_id: v.desfecho_id,
      altura: v.altura,
      peso: v.peso,
      temperatura: v.temperatura,
      glicemia: v.glicemia,
      momento_coleta_glicemia_id: v.momento_coleta_glicemia_id,
      pressao_sistolica: v.pressao_sistolica,
      pressao_diastolica: v.pressao_diastolica,
      situacao: v.cancelada_em ? 'cancelada' : 'ativa',
      cancelada_em: iso(v.cancelada_em),
      cancelada_por_nome: names.cancelada_por_nome,
      justificativa_cancelamento: v.justificativa_cancelamento,
      created_at: v.created_at.toISOString(),
      pode_cancelar:
        !v.cancelada_em && leitor.cancela && (v.profissional_id === leitor.profissionalId || leitor.gerente),
    };
  };

/** The visit WITHOUT scope: callers check scope first. */
async function unscopedLoadVisita(db: DbOrTx, id: string, leitor: Leitor): Promise<VisitaDomiciliar | null> {
  const [row] = await visitaQuery(db).where(eq(vd.id, id));
  return row ? toVisita(leitor)(row) : null;
}

export async function getVisita(ctx: Ctx, id: string): Promise<VisitaDomiciliar> {
  return ctx.db.transaction(async (tx) => {
    const scope = await loadScope(tx, ctx);
    const [row] = await visitaQuery(tx).where(and(eq(vd.id, id), visitaInScope(scope)));
    if (!row) throw notFound();
    // Architecture: reading health data leaves an audit row (the reasons name conditions such as tuberculosis).
    await audit(tx, ctx, { action: 'leitura', resource: RESOURCE, record_id: id });
    return toVisita(leitorDe(ctx, scope))(row);
  });
}

export async function listVisitas(
  ctx: Ctx,
  f: VisitaDomiciliarFilters,
): Promise<{ rows: VisitaDomiciliar[]; total: number }> {
  const scope = await loadScope(ctx.db, ctx);
  const where = and(
    visitaInScope(scope),
    f.familia_id ? eq(vd.familia_id, f.familia_id) : undefined,
    f.municipe_id ? eq(vd.municipe_id, f.municipe_id) : undefined,
  );
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(vd)
    .leftJoin(familias, eq(familias.id, vd.familia_id))
    .where(where);
  const rows = await visitaQuery(ctx.db)
    .where(where)
    .orderBy(desc(vd.data_visita), desc(vd.id))
    .limit(f.per_page)
    .offset((f.page - 1) * f.per_page);
  return { total, rows: rows.map(toVisita(leitorDe(ctx, scope))) };
}

// ---- families for visits ----------------------------------------------------------------------------------------

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

const numeroMembros = sql<number>`(select count(*)::int from ${familiaMembros} where ${familiaMembros.familia_id} = ${familias.id} and (${familiaMembros.ativo} or ${familias.mudou}))`;

export async function listFamilias(
  ctx: Ctx,
  f: FamiliasParaVisitaFilters,
): Promise<{ rows: FamiliaParaVisita[]; total: number }> {
  const scope = await loadScope(ctx.db, ctx);
  const agente = await loadAgente(ctx.db, ctx);
  const conds: Array<SQL | undefined> = [familiaInScope(scope)];
  if (f.responsavel) {
    const pattern = normalized(sql`${`%${escapeLike(f.responsavel)}%`}::text`);
    conds.push(
      or(sql`${normalized(municipes.nome)} like ${pattern}`, sql`${normalized(municipes.nome_social)} like ${pattern}`),
    );
  }
  // Filters on the home, as a probe of the family's own home (see minhaMicroArea).
  const domConds: SQL[] = [];
  if (f.endereco) {
    // Every word must appear in the street, number or district ('acacias 12').
    const texto = normalized(sql`concat_ws(' ', ${dom.logradouro}, ${dom.numero}, ${dom.bairro})`);
    for (const w of f.endereco.split(/\s+/).filter(Boolean))
      domConds.push(sql`${texto} like ${normalized(sql`${`%${escapeLike(w)}%`}::text`)}`);
  }
  if (f.micro_area) domConds.push(eq(dom.st_micro_area, f.micro_area));
  if (domConds.length > 0)
    conds.push(sql`exists (select 1 from ${dom} where ${dom.id} = ${familias.domicilio_id} and ${and(...domConds)})`);
  if (f.numero_prontuario)
    conds.push(sql`upper(${familias.numero_prontuario}) like upper(${`${escapeLike(f.numero_prontuario)}%`})`);
  const where = and(...conds);
  const mine = minhaMicroArea(agente);

  /** A filter of the user's, beyond the scope (conds[0]). */
  const filtrada = conds.length > 1;

  // The page is chosen on what orders it (micro-area, head's name), then only its rows read the home and the counts.
  // With a filter the total comes with the page (one pass over the matches, as the citizen search does).
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
    .orderBy(sql`${mine} desc`, sql`${municipes.nome} collate "und-x-icu"`, asc(familias.id))
    .limit(f.per_page)
    .offset((f.page - 1) * f.per_page)
    .as('pagina');
  const rows = await ctx.db
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
      endereco: enderecoCols,
    })
    .from(pagina)
    .innerJoin(familias, eq(familias.id, pagina.id))
    .leftJoin(dom, eq(dom.id, familias.domicilio_id))
    .orderBy(desc(pagina.minha), sql`${pagina.nome} collate "und-x-icu"`, asc(pagina.id));

  let total: number;
  if (rows[0]?.total != null) total = rows[0].total;
  else if (rows.length === 0 && f.page === 1 && filtrada) total = 0;
  else {
    // Every family has its head (responsavel_id is a non-null foreign key): the count joins the citizen only to filter.
    const contagem = ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(familias)
      .$dynamic();
    [{ total } = { total: 0 }] = await (
      f.responsavel ? contagem.innerJoin(municipes, eq(municipes.id, familias.responsavel_id)) : contagem
    ).where(where);
  }
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      responsavel_id: r.responsavel_id,
      responsavel_nome: r.responsavel_nome,
      numero_prontuario: r.numero_prontuario,
      endereco: formatEndereco(r.endereco),
      micro_area: r.micro_area,
      numero_membros: r.membros,
      mudou: r.mudou,
      minha_micro_area: r.minha === true,
      ultima_visita: toIso(r.ultima),
    })),
  };
}

export async function getFamilia(ctx: Ctx, id: string): Promise<FamiliaVisitaDetalhe> {
  const scope = await loadScope(ctx.db, ctx);
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
    .orderBy(
      sql`${familiaMembros.municipe_id} <> ${f.responsavel_id}`,
      sql`${municipes.nome} collate "und-x-icu"`,
      asc(municipes.id),
    );
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
    ultima_visita: toIso(ultima?.ultima ?? null),
    membros: membros.map((m) => ({
      municipe_id: m.municipe_id,
      nome: m.nome,
      nome_social: m.nome_social,
      data_nascimento: m.data_nascimento,
      idade: formatAge(m.data_nascimento, m.data_obito ?? undefined) ?? '',
      sexo_id: m.sexo_id,
      parentesco_id: m.parentesco_id,
      numero_prontuario: m.numero_prontuario,
      ultima_visita: toIso(m.ultima),
    })),
  };
}

// ---- the form's context -----------------------------------------------------------------------------------------

export async function getContexto(ctx: Ctx, q: { familia_id?: string; municipe_id?: string }): Promise<VisitaContexto> {
  const scope = await loadScope(ctx.db, ctx);
  const agente = await loadAgente(ctx.db, ctx);
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

// ---- create and cancel ------------------------------------------------------------------------------------------

/** A visit with this client id already stored: the same professional's retry, or someone else's (409). */
async function retried(tx: DbOrTx, ctx: Ctx, id: string): Promise<VisitaDomiciliar | null> {
  const [row] = await tx.select({ profissional_id: vd.profissional_id }).from(vd).where(eq(vd.id, id));
  if (!row) return null;
  if (row.profissional_id !== ctx.usuario?.profissionalId) throw conflict(msg.visitaIdEmUso);
  return unscopedLoadVisita(tx, id, leitorDe(ctx, await loadScope(tx, ctx)));
}

const add = (errors: FieldErrors, field: string, message: string) => {
  (errors[field] ??= []).push(message);
};

export async function createVisita(
  ctx: Ctx,
  v: VisitaDomiciliarValues,
): Promise<{ visita: VisitaDomiciliar; created: boolean }> {
  const u = ctx.usuario!;
  return ctx.db.transaction(async (tx) => {
    const stored = await retried(tx, ctx, v.id);
    if (stored) return { visita: stored, created: false };

    // spec §5: the visit form is only for community health and endemic-control agents.
    const agente = await loadAgente(tx, ctx);
    if (agente.ocupacoes.length === 0 || !u.unidadeId) throw forbidden(msg.visitaSomenteAgentes);
    const scope = await loadScope(tx, ctx);

    // The family: the one named, or the member's active one.
    let familiaId = v.familia_id ?? null;
    if (!familiaId && v.municipe_id) {
      const [m] = await tx
        .select({ familia_id: familiaMembros.familia_id })
        .from(familiaMembros)
        .where(and(eq(familiaMembros.municipe_id, v.municipe_id), eq(familiaMembros.ativo, true)));
      familiaId = m?.familia_id ?? null;
    }
    const found = familiaId ? await findFamilia(tx, scope, familiaId) : null;
    if (familiaId && !found) throw notFound();
    // spec §4, §8: a family that moved away receives no visit.
    if (found?.f.mudou) throw new AppError(403, msg.familiaMudou);
    const d = found?.d ?? null;

    const errors: FieldErrors = {};
    let sexo: number | null = null;
    if (v.municipe_id) {
      if (found) {
        const membro = await membroAtivo(tx, found.f.id, v.municipe_id);
        if (!membro) add(errors, 'municipe_id', msg.membroForaDaFamilia);
        sexo = membro?.sexo_id ?? null;
      } else {
        const [m] = await tx
          .select({ sexo_id: municipes.sexo_id })
          .from(municipes)
          .where(eq(municipes.id, v.municipe_id));
        if (!m) add(errors, 'municipe_id', msg.naoEValido);
        sexo = m?.sexo_id ?? null;
      }
    }
    if (v.unidade_saude_id && v.unidade_saude_id !== u.unidadeId) add(errors, 'unidade_saude_id', msg.naoEValido);
    // spec §5: the specialty is filled when exactly one of the user's is compatible.
    let ocupacao = v.ocupacao_id;
    if (!ocupacao) {
      if (agente.ocupacoes.length === 1) ocupacao = agente.ocupacoes[0];
      else add(errors, 'ocupacao_id', msg.obrigatorio);
    } else if (!agente.ocupacoes.includes(ocupacao)) {
      add(errors, 'ocupacao_id', msg.naoEValido);
    }

    // Defaults from the linked home, then the shared rules on what will be stored.
    const tipo_imovel_id = v.tipo_imovel_id ?? d?.tipo_imovel_id ?? TIPO_IMOVEL_DOMICILIO;
    const doDomicilio = !v.micro_area && !v.fora_area && d !== null;
    const fora_area = doDomicilio ? d.fora_area : v.fora_area;
    const micro_area = fora_area ? undefined : doDomicilio ? (d.st_micro_area ?? undefined) : v.micro_area;
    const numero_prontuario =
      v.numero_prontuario ??
      (v.municipe_id && !imovelSemMorador(tipo_imovel_id)
        ? ((await prontuarioDoMunicipe(tx, v.municipe_id, u.unidadeId)) ?? undefined)
        : undefined);
    const full = { ...v, tipo_imovel_id, fora_area, micro_area, numero_prontuario };
    for (const i of visitaDomiciliarIssues(full)) add(errors, i.path.join('.'), i.message);
    if (sexo === SEXO_MASCULINO && v.motivo_visita_ids.some((m) => MOTIVOS_SOMENTE_FEMININO.includes(m))) {
      add(errors, 'motivo_visita_ids', msg.motivoSomenteFeminino);
    }
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    const data_visita = v.data_visita ? new Date(v.data_visita) : new Date();
    const lotacao = agente.lotacoes.find((l) => l.ocupacao_codigo === ocupacao && l.equipe_id !== null);
    const inserted = await tx
      .insert(vd)
      .values({
        id: v.id,
        familia_id: found?.f.id ?? null,
        domicilio_id: found?.f.domicilio_id ?? null,
        municipe_id: v.municipe_id ?? null,
        unidade_saude_id: u.unidadeId,
        profissional_id: u.profissionalId,
        equipe_id: lotacao?.equipe_id ?? found?.f.equipe_id ?? null,
        ocupacao_id: ocupacao!,
        data_visita,
        turno_atendimentos: v.turno_atendimentos ?? turnoDaHora(horaLocal(data_visita)),
        micro_area: micro_area ?? null,
        fora_area,
        tipo_imovel_id,
        numero_prontuario: numero_prontuario ?? null,
        visita_compartilhada: v.visita_compartilhada,
        motivo_visita_ids: v.motivo_visita_ids,
        desfecho_id: v.desfecho_id,
        altura: v.altura ?? null,
        peso: v.peso ?? null,
        temperatura: v.temperatura ?? null,
        glicemia: v.glicemia ?? null,
        momento_coleta_glicemia_id: v.momento_coleta_glicemia_id ?? null,
        pressao_sistolica: v.pressao_sistolica ?? null,
        pressao_diastolica: v.pressao_diastolica ?? null,
        updated_by: u.profissionalId,
      })
      .onConflictDoNothing({ target: vd.id })
      .returning({ id: vd.id });
    if (inserted.length === 0) {
      // The same id saved meanwhile (two sends at once): the first one wins, this one answers it.
      const again = await retried(tx, ctx, v.id);
      if (again) return { visita: again, created: false };
      throw conflict(msg.visitaIdEmUso);
    }
    await audit(tx, ctx, {
      action: 'create',
      resource: RESOURCE,
      record_id: v.id,
      details: { familia_id: found?.f.id ?? null, municipe_id: v.municipe_id ?? null },
    });
    return { visita: (await unscopedLoadVisita(tx, v.id, leitorDe(ctx, scope)))!, created: true };
  });
}

export async function cancelarVisita(ctx: Ctx, id: string, input: CancelarVisitaInput): Promise<VisitaDomiciliar> {
  const u = ctx.usuario!;
  return ctx.db.transaction(async (tx) => {
    const scope = await loadScope(tx, ctx);
    const [row] = await tx
      .select({ v: vd })
      .from(vd)
      .leftJoin(familias, eq(familias.id, vd.familia_id))
      .where(and(eq(vd.id, id), visitaInScope(scope)))
      .for('update', { of: vd });
    if (!row) throw notFound();
    // The visit is the agent's statement: only they (or a manager, whose scope is the whole unit) withdraw it.
    if (row.v.profissional_id !== u.profissionalId && !scope.all) throw forbidden();
    if (row.v.cancelada_em) throw conflict(msg.visitaJaCancelada);
    const justificativa = input.justificativa.trim();
    await tx
      .update(vd)
      .set({
        cancelada_em: new Date(),
        cancelada_por: u.profissionalId,
        justificativa_cancelamento: justificativa,
        lock_version: sql`${vd.lock_version} + 1`,
        updated_at: new Date(),
        updated_by: u.profissionalId,
      })
      .where(eq(vd.id, id));
    await audit(tx, ctx, { action: 'cancelar', resource: RESOURCE, record_id: id });
    return (await unscopedLoadVisita(tx, id, leitorDe(ctx, scope)))!;
  });
}
