import { msg } from '@saude/shared';
import { cboCadastroIndividualCodigos } from '@saude/shared/codes/cbo_cadastro_individual';
import {
  CAMPOS_DO_CADASTRO,
  cadastroIndividualSchema,
  MOTIVO_SAIDA_OBITO,
  normalizarCadastroIndividual,
  sociodemograficaDoCadastroSchema,
  type CadastroIndividual,
  type CadastroIndividualFilters,
  type CadastroIndividualListItem,
  type CadastroIndividualValues,
  type CandidatoCadastro,
  type CandidatosCadastroFilters,
  type SaidaCadastroValues,
  type SituacaoCadastro,
} from '@saude/shared/schemas/cadastro_individual';
import {
  IDADE_MAXIMA_RESPONSAVEL_CRIANCA,
  idadeEmAnos,
  type SociodemograficaValues,
} from '@saude/shared/schemas/municipe';
import { isoToBr } from '@saude/shared/validation/dates';
import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { audit, auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import { queryRows, type DbOrTx } from '../../../db/client';
import {
  cadastrosIndividuais,
  familiaMembros,
  familias,
  municipes,
  municipeSociodemograficas,
} from '../../../db/schema';
import {
  byName,
  changedFields,
  containsText,
  countAll,
  headerNames,
  iso,
  nullify,
  startsWith,
  totalOf,
  uniqueViolation,
  withHeaderNames,
} from '../../../db/sql';
import { conflict, FieldErrors, notFound, staleEdit, unprocessable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { mapPage, paginate, type PageResult } from '../../../lib/paginate';
import { autor, checkVersion, nextVersion, updateVersioned } from '../../../lib/versioned';
import { documentosEmUso } from '../../municipes/rules';
import { buscaSimples, semResultadoSql, wordSimilaritySetup, type Busca } from '../../municipes/search';
import { inScopeEquipe, resolveHeader, scopeOf, type Scope } from '../scope';

// Individual registrations (issues 6, 12, 14). Design (docs/decisions.md, "Individual registrations"):
// - One truth: the registration row keeps only its own answers (CAMPOS_DO_CADASTRO, data_cadastro) and its exit. The
//   header, documents and nationality are the citizen's columns; deficiencies, sexual orientation and the children's
//   caregivers are the citizen's sociodemographic block. Saves write them through to the citizen in the same
//   transaction (audited as citizen updates); reads join them back.
// - Null convention (issue 13): the parsed body has undefined for a question nobody answered; rows and answers hold
//   null, and the block leaves the key out. Nothing unanswered becomes "Não".
// - Scope: a team member sees the registrations of their teams' citizens; a coordinator (an assignment without a team)
//   those of the current unit. Out of scope answers 404 'Cadastro não encontrado', like absent. Every read is audited
//   with the citizens it shows (auditedRead), every write names its citizen.

const RESOURCE = 'atencao_primaria/cadastros_individuais';
const ci = cadastrosIndividuais;
type CadastroRow = typeof ci.$inferSelect;
type MunicipeRow = typeof municipes.$inferSelect;

// A citizen with a registration is not deleted (the registry answers 409 naming it, never a foreign-key 500).

// ---- scope -----------------------------------------------------------------------------------------------

/** The citizens whose registrations the user reaches: their teams' or, for a coordinator, the current unit's. */
function inScope(ctx: Ctx, scope: Scope): SQL | undefined {
  if (!scope.all) return inScopeEquipe(scope, municipes.equipe_id);
  const unidade = ctx.usuario?.unidadeId;
  return unidade ? eq(municipes.unidade_saude_referencia_id, unidade) : sql`false`;
}

/** The families whose links the detail offers: the team's, or the current unit's for a coordinator. */
function familiaInScope(ctx: Ctx, scope: Scope): SQL | undefined {
  if (!scope.all) return inScopeEquipe(scope, familias.equipe_id);
  const unidade = ctx.usuario?.unidadeId;
  return unidade ? eq(familias.unidade_saude_id, unidade) : sql`false`;
}

/** The e-SUS header's columns (their names come with withHeaderNames). */
const headerColumns = {
  unidade: municipes.unidade_saude_referencia_id,
  equipe: municipes.equipe_id,
  profissional: municipes.profissional_id,
};

// ---- reading -----------------------------------------------------------------------------------------------

const situacaoDe = (saida: Date | null): SituacaoCadastro => (saida ? 'saida' : 'ativo');
const pick = <T extends object, K extends keyof T>(o: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;

const CAMPOS_SOCIO = Object.keys(sociodemograficaDoCadastroSchema.shape) as Array<
  keyof typeof sociodemograficaDoCadastroSchema.shape
>;
const answerShape = cadastroIndividualSchema.shape;

/** The block's answers this form shows: an unanswered question null, an empty list []. */
function socioDoCadastro(dados: unknown) {
  const d = (dados ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    CAMPOS_SOCIO.map((k) => [k, d[k] ?? (answerShape[k] instanceof z.ZodArray ? [] : null)]),
  ) as Pick<CadastroIndividual, (typeof CAMPOS_SOCIO)[number]>;
}

/** The registration with the citizen's fields, or null when absent or out of the user's scope. */
async function loadCadastro(db: DbOrTx, ctx: Ctx, scope: Scope, id: string): Promise<CadastroIndividual | null> {
  const [row] = await withHeaderNames(
    db
      .select({ c: ci, m: municipes, ...headerNames, socio: municipeSociodemograficas.dados })
      .from(ci)
      .innerJoin(municipes, eq(municipes.id, ci.municipe_id))
      .$dynamic(),
    headerColumns,
  )
    .leftJoin(municipeSociodemograficas, eq(municipeSociodemograficas.municipe_id, municipes.id))
    .where(and(eq(ci.id, id), inScope(ctx, scope)));
  if (!row) return null;
  const { c, m } = row;
  // 'Informações do domicílio' and 'Visitas domiciliares' follow the family the citizen is an active member of.
  const [familia] = await db
    .select({ id: familias.id, domicilio_id: familias.domicilio_id })
    .from(familiaMembros)
    .innerJoin(familias, eq(familias.id, familiaMembros.familia_id))
    .where(and(eq(familiaMembros.municipe_id, m.id), eq(familiaMembros.ativo, true), familiaInScope(ctx, scope)))
    .limit(1);
  return {
    id: c.id,
    municipe_id: c.municipe_id,
    lock_version: c.lock_version,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
    situacao: situacaoDe(c.saida_em),
    unidade_saude_id: m.unidade_saude_referencia_id,
    unidade_saude_nome: row.unidade,
    profissional_id: m.profissional_id,
    profissional_nome: row.profissional,
    equipe_id: m.equipe_id,
    equipe_nome: row.equipe,
    ocupacao_id: m.ocupacao_id,
    ocupacao_nome: m.ocupacao_id ? ocupacaoNome(m.ocupacao_id) : null,
    micro_area: m.micro_area,
    fora_area: m.fora_area,
    cpf_numero: m.cpf_numero,
    codigo_cns: m.codigo_cns,
    nacionalidade_id: m.nacionalidade_id,
    pais_nascimento_id: m.pais_nascimento_id,
    data_naturalizacao: m.data_naturalizacao,
    portaria_naturalizacao: m.portaria_naturalizacao,
    data_entrada_brasil: m.data_entrada_brasil,
    ...pick(c, CAMPOS_DO_CADASTRO),
    data_cadastro: c.data_cadastro.toISOString(),
    ...socioDoCadastro(row.socio),
    motivo_saida_cadastro_id: c.motivo_saida_cadastro_id,
    data_obito: c.data_obito,
    numero_do: c.numero_do,
    saida_em: iso(c.saida_em),
    familia_id: familia?.id ?? null,
    domicilio_id: familia?.domicilio_id ?? null,
    municipe: {
      ...identificacao(m),
      cartao_provisorio: m.cartao_provisorio,
      telefones: { residencial: m.telefone_residencial, celular: m.telefone_celular, contato: m.telefone_contato },
      lock_version: m.lock_version,
    },
  };
}

/** Who the citizen is, as a registration and the new registration's citizen picker show them. */
const identificacao = (
  m: Pick<
    typeof municipes.$inferSelect,
    | 'id'
    | 'nome'
    | 'nome_social'
    | 'data_nascimento'
    | 'data_obito'
    | 'sexo_id'
    | 'nome_mae'
    | 'cpf_numero'
    | 'codigo_cns'
  >,
) => ({
  id: m.id,
  nome: m.nome,
  nome_social: m.nome_social,
  data_nascimento: m.data_nascimento,
  idade: idadeEmAnos(m.data_nascimento, m.data_obito ?? undefined),
  sexo_id: m.sexo_id,
  nome_mae: m.nome_mae,
  cpf_numero: m.cpf_numero,
  codigo_cns: m.codigo_cns,
});

/** The registration row if it exists and is in the user's scope (locked for update when asked). */
async function findInScope(tx: DbOrTx, ctx: Ctx, scope: Scope, id: string, forUpdate = false) {
  const q = tx
    .select({ c: ci, m: municipes })
    .from(ci)
    .innerJoin(municipes, eq(municipes.id, ci.municipe_id))
    .where(and(eq(ci.id, id), inScope(ctx, scope)));
  const [row] = forUpdate ? await q.for('update', { of: ci }) : await q;
  return row ?? null;
}

export async function show(ctx: Ctx, id: string): Promise<CadastroIndividual> {
  const c = await auditedRead(
    ctx,
    (tx) => loadCadastro(tx, ctx, scopeOf(ctx), id),
    (c) =>
      c && {
        resource: RESOURCE,
        action: 'show',
        record_id: c.id,
        municipe_ids: [c.municipe_id],
        // The answer carries identification, documents and the sociodemographic answers of the citizen.
        details: { partes: ['identificacao', 'sociodemografica', 'familia'] },
      },
  );
  if (!c) throw notFound();
  return c;
}

/** The names of the filters a list or search used (never their values): what its audit row says. */
const filtrosUsados = (f: Record<string, unknown>) =>
  Object.keys(f)
    .filter((k) => k !== 'page' && k !== 'per_page' && f[k] !== undefined)
    .sort();

export async function list(
  ctx: Ctx,
  f: CadastroIndividualFilters,
): Promise<PageResult<CadastroIndividualListItem>> {
  const scope = scopeOf(ctx);
  const conds: Array<SQL | undefined> = [inScope(ctx, scope)];
  conds.push(f.situacao === 'saida' ? isNotNull(ci.saida_em) : isNull(ci.saida_em));
  if (f.nome) conds.push(containsText([municipes.nome, municipes.nome_social], f.nome));
  if (f.q) conds.push(or(startsWith(municipes.cpf_numero, f.q), startsWith(municipes.codigo_cns, f.q)));
  if (f.unidade_saude_id) conds.push(eq(municipes.unidade_saude_referencia_id, f.unidade_saude_id));
  if (f.equipe_id) conds.push(eq(municipes.equipe_id, f.equipe_id));
  if (f.profissional_id) conds.push(eq(municipes.profissional_id, f.profissional_id));
  if (f.micro_area) conds.push(eq(municipes.micro_area, f.micro_area));
  const dia = sql`(${ci.data_cadastro} at time zone 'America/Sao_Paulo')::date`;
  if (f.data_cadastro_inicio) conds.push(sql`${dia} >= ${f.data_cadastro_inicio}::date`);
  if (f.data_cadastro_fim) conds.push(sql`${dia} <= ${f.data_cadastro_fim}::date`);
  const where = and(...conds);

  const read = async (tx: DbOrTx) => {
    const page = await paginate(f, {
      count: () =>
        totalOf(
          tx.select({ total: countAll() }).from(ci).innerJoin(municipes, eq(municipes.id, ci.municipe_id)).where(where),
        ),
      rows: ({ limit, offset }) =>
        withHeaderNames(
          tx
            .select({
              c: {
                id: ci.id,
                municipe_id: ci.municipe_id,
                data_cadastro: ci.data_cadastro,
                saida_em: ci.saida_em,
                motivo: ci.motivo_saida_cadastro_id,
              },
              m: {
                nome: municipes.nome,
                nome_social: municipes.nome_social,
                data_nascimento: municipes.data_nascimento,
                data_obito: municipes.data_obito,
                cpf_numero: municipes.cpf_numero,
                codigo_cns: municipes.codigo_cns,
                unidade_saude_id: municipes.unidade_saude_referencia_id,
                equipe_id: municipes.equipe_id,
                profissional_id: municipes.profissional_id,
                micro_area: municipes.micro_area,
                fora_area: municipes.fora_area,
              },
              ...headerNames,
            })
            .from(ci)
            .innerJoin(municipes, eq(municipes.id, ci.municipe_id))
            .$dynamic(),
          headerColumns,
        )
          .where(where)
          .orderBy(byName(municipes.nome), asc(ci.id))
          .limit(limit)
          .offset(offset),
    });
    return mapPage(page, ({ c, m, unidade, equipe, profissional }) => ({
      id: c.id,
      municipe_id: c.municipe_id,
      nome: m.nome,
      nome_social: m.nome_social,
      data_nascimento: m.data_nascimento,
      idade: idadeEmAnos(m.data_nascimento, m.data_obito ?? undefined),
      cpf_numero: m.cpf_numero,
      codigo_cns: m.codigo_cns,
      unidade_saude_id: m.unidade_saude_id,
      unidade_saude_nome: unidade,
      equipe_id: m.equipe_id,
      equipe_nome: equipe,
      profissional_id: m.profissional_id,
      profissional_nome: profissional,
      micro_area: m.micro_area,
      fora_area: m.fora_area,
      data_cadastro: c.data_cadastro.toISOString(),
      situacao: situacaoDe(c.saida_em),
      motivo_saida_cadastro_id: c.motivo,
      saida_em: iso(c.saida_em),
    }));
  };
  return auditedRead(ctx, read, (page) => ({
    resource: RESOURCE,
    action: 'index',
    municipe_ids: page.rows.map((r) => r.municipe_id),
    details: { filtros: filtrosUsados(f) },
  }));
}

// ---- citizens for a new registration (the form's picker) ------------------------------------------------------

/** Deceased: an exit by death or a death date on the citizen (either may be recorded without the other). */
const falecido = (m: Pick<MunicipeRow, 'data_obito' | 'motivo_saida_cadastro_id'>) =>
  m.data_obito !== null || m.motivo_saida_cadastro_id === MOTIVO_SAIDA_OBITO;

const tipoDeBusca = (q: string) =>
  /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(q.trim()) ? 'data' : /^[\d\s.\-/]+$/.test(q.trim()) ? 'documento' : 'nome';

/**
 * The registry's search (the citizen module's own statement, search.ts), saying of each citizen found whether a new
 * registration may be made: deceased, or already registered (any team: one active registration per citizen). The
 * active registration's id is given only when the user may open it.
 */
export async function candidatosCadastro(
  ctx: Ctx,
  f: CandidatosCadastroFilters,
): Promise<PageResult<CandidatoCadastro>> {
  const scope = scopeOf(ctx);
  const busca = buscaSimples(f.q);
  const ativo = alias(ci, 'ativo');
  const page = (tx: DbOrTx, b: Busca) =>
    paginate(f, {
      count: () => totalOf(tx.select({ total: countAll() }).from(municipes).where(b.where)),
      rows: ({ limit, offset }) =>
        tx
          .select({
            m: {
              id: municipes.id,
              nome: municipes.nome,
              nome_social: municipes.nome_social,
              data_nascimento: municipes.data_nascimento,
              data_obito: municipes.data_obito,
              motivo_saida_cadastro_id: municipes.motivo_saida_cadastro_id,
              sexo_id: municipes.sexo_id,
              nome_mae: municipes.nome_mae,
              cpf_numero: municipes.cpf_numero,
              codigo_cns: municipes.codigo_cns,
            },
            ativo: ativo.id,
            visivel: sql<boolean>`coalesce(${inScope(ctx, scope) ?? sql`true`}, false)`,
          })
          .from(municipes)
          .leftJoin(ativo, and(eq(ativo.municipe_id, municipes.id), isNull(ativo.saida_em)))
          .where(b.where)
          .orderBy(...(b.rank ? [desc(b.rank)] : []), byName(municipes.nome), asc(municipes.id))
          .limit(limit)
          .offset(offset),
    });
  const read = async (tx: DbOrTx) => {
    let found = await page(tx, busca);
    if (found.total === 0 && busca.fallback) {
      // Nobody matches the words as typed: the words that match no one are retried tolerating misspellings, as the
      // registry does (search.ts, Busca).
      const [row] = await queryRows<{ sem: boolean[] }>(tx, semResultadoSql(busca.termos));
      const fuzzy = new Set(busca.termos.filter((_, i) => row?.sem[i]).map((t) => t.chave));
      if (fuzzy.size > 0) {
        await tx.execute(wordSimilaritySetup);
        found = await page(tx, busca.fallback(fuzzy));
      }
    }
    return mapPage(found, ({ m, ativo: cadastroId, visivel }) => ({
      ...identificacao(m),
      impedimento: falecido(m) ? ('obito' as const) : cadastroId ? ('cadastro_ativo' as const) : null,
      cadastro_id: cadastroId && visivel ? cadastroId : null,
    }));
  };
  return auditedRead(ctx, read, (p) => ({
    resource: RESOURCE,
    action: 'index',
    municipe_ids: p.rows.map((r) => r.id),
    details: { busca: tipoDeBusca(f.q) },
  }));
}

// ---- writing through to the citizen ----------------------------------------------------------------------

const cboPermitidos: ReadonlySet<string> = new Set(cboCadastroIndividualCodigos);

/**
 * Fills the header from the session (or the stored record, on update; a coordinator may designate another
 * professional), checks every rule that needs the database, and answers the citizen's new columns and whether a
 * coordinator designated the professional. Throws 422 with every field error at once.
 */
async function resolveCitizenColumns(
  tx: DbOrTx,
  ctx: Ctx,
  scope: Scope,
  v: CadastroIndividualValues,
  m: MunicipeRow,
  atual: CadastroRow | null,
) {
  const errors = new FieldErrors();
  const n = normalizarCadastroIndividual(v);
  const header = await resolveHeader(tx, ctx, scope, v, errors, {
    ocupacao: cboPermitidos,
    microArea: { field: 'micro_area', value: n.micro_area, foraArea: n.fora_area },
    atual:
      atual && m.unidade_saude_referencia_id && m.profissional_id
        ? { unidade_saude_id: m.unidade_saude_referencia_id, profissional_id: m.profissional_id }
        : null,
  });
  // Documents: an empty one keeps the citizen's (remove a document in the citizen registry, where its rules live).
  const cpf = v.cpf_numero ?? m.cpf_numero;
  const cns = v.codigo_cns ?? m.codigo_cns;
  const novos = { cpf_numero: cpf !== m.cpf_numero ? cpf : null, codigo_cns: cns !== m.codigo_cns ? cns : null };
  await documentosEmUso(tx, ctx, novos, m.id, errors);
  if (novos.codigo_cns && m.cartao_provisorio === novos.codigo_cns)
    errors.add('codigo_cns', msg.cnsIgualCartaoProvisorio);
  // The caregiver question is only for children 0–9, as in the citizen's sociodemographic block.
  if (v.responsaveis_criancas && v.responsaveis_criancas.length > 0) {
    const idade = idadeEmAnos(m.data_nascimento, m.data_obito ?? undefined);
    if (idade === null || idade > IDADE_MAXIMA_RESPONSAVEL_CRIANCA)
      errors.add('responsaveis_criancas', msg.somenteCriancas);
  }
  errors.throwIfAny();
  const cols = nullify({
    unidade_saude_referencia_id: header.unidade_saude_id,
    profissional_id: header.profissional_id,
    equipe_id: header.equipe_id,
    ocupacao_id: header.ocupacao_id,
    micro_area: n.micro_area,
    fora_area: n.fora_area,
    cpf_numero: cpf,
    codigo_cns: cns,
    nacionalidade_id: n.nacionalidade_id,
    pais_nascimento_id: n.pais_nascimento_id,
    data_naturalizacao: n.data_naturalizacao,
    portaria_naturalizacao: n.portaria_naturalizacao,
    data_entrada_brasil: n.data_entrada_brasil,
  });
  return { cols, designado: header.designado };
}

/** The registration's field names for the citizen's columns (the audit's `campos` speak the form's names). */
const campoDoCadastro = (coluna: string) => (coluna === 'unidade_saude_referencia_id' ? 'unidade_saude_id' : coluna);

/**
 * Updates the citizen's row (lock_version + 1) and audits the columns that changed, as the citizen registry does.
 * Answers the changed fields.
 */
async function writeCitizen(
  tx: DbOrTx,
  ctx: Ctx,
  m: MunicipeRow,
  cols: Partial<typeof municipes.$inferInsert>,
  origem: string,
): Promise<string[]> {
  const campos = changedFields(m, cols);
  if (campos.length === 0) return [];
  await tx
    .update(municipes)
    .set({ ...cols, ...nextVersion(municipes, ctx) })
    .where(eq(municipes.id, m.id));
  await audit(tx, ctx, {
    action: 'update',
    resource: 'municipes',
    record_id: m.id,
    municipe_ids: [m.id],
    details: { campos, origem },
  });
  return campos.map(campoDoCadastro);
}

/**
 * Writes deficiencies, sexual orientation and (when given) the children's caregivers into the citizen's
 * sociodemographic block (created when absent). An unanswered question is left out of the block; the block's other
 * questions are not touched (nor invented when the block is created). Answers the changed fields.
 */
async function writeSociodemografica(
  tx: DbOrTx,
  ctx: Ctx,
  municipeId: string,
  v: CadastroIndividualValues,
  origem: string,
): Promise<string[]> {
  const { responsaveis_criancas, ...respostas } = pick(normalizarCadastroIndividual(v), CAMPOS_SOCIO);
  // Absent keeps the citizen's answer (the form sends it only for children 0–9).
  const changes = responsaveis_criancas !== undefined ? { ...respostas, responsaveis_criancas } : respostas;
  const [current] = await tx
    .select()
    .from(municipeSociodemograficas)
    .where(eq(municipeSociodemograficas.municipe_id, municipeId))
    .for('update');
  const vazio = (x: unknown) => x === undefined || (Array.isArray(x) && x.length === 0);
  if (!current && Object.values(changes).every(vazio)) return [];
  const before = (current?.dados ?? {}) as Record<string, unknown>;
  const campos = changedFields({ ...socioDoCadastro(before), ...before }, nullify(changes));
  if (campos.length === 0) return [];
  const dados = JSON.parse(JSON.stringify({ ...before, ...changes })) as SociodemograficaValues; // drops undefined
  if (current) {
    await tx
      .update(municipeSociodemograficas)
      .set({ dados, ...nextVersion(municipeSociodemograficas, ctx) })
      .where(eq(municipeSociodemograficas.municipe_id, municipeId));
  } else {
    // The block's own form saved it first meanwhile: this save did not see it.
    const [created] = await tx
      .insert(municipeSociodemograficas)
      .values({ municipe_id: municipeId, dados, updated_by: autor(ctx) })
      .onConflictDoNothing({ target: municipeSociodemograficas.municipe_id })
      .returning({ id: municipeSociodemograficas.municipe_id });
    if (!created) throw staleEdit();
  }
  await audit(tx, ctx, {
    action: current ? 'update' : 'create',
    resource: 'municipes/sociodemograficas',
    record_id: municipeId,
    municipe_ids: [municipeId],
    details: { campos, origem },
  });
  return campos;
}

/** The registration's own columns as the body gives them: unanswered → null. */
const ownColumns = (v: CadastroIndividualValues) => nullify(pick(v, CAMPOS_DO_CADASTRO));

// ---- create, update, exit, delete ---------------------------------------------------------------------------

export async function create(ctx: Ctx, v: CadastroIndividualValues): Promise<CadastroIndividual> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const scope = scopeOf(ctx);
      const [m] = await tx.select().from(municipes).where(eq(municipes.id, v.municipe_id)).for('update');
      if (!m) throw unprocessable({ municipe_id: [msg.naoEValido] });
      // A deceased citizen is not registered again (issue 12): the registry's exit or death date says so.
      if (falecido(m)) throw unprocessable({ municipe_id: [msg.municipeComObito] });
      const [ativo] = await tx
        .select({ id: ci.id })
        .from(ci)
        .where(and(eq(ci.municipe_id, m.id), isNull(ci.saida_em)));
      if (ativo) throw conflict(msg.cadastroIndividualAtivoExistente);
      const { cols, designado } = await resolveCitizenColumns(tx, ctx, scope, v, m, null);
      const id = newId();
      await tx.insert(ci).values({
        id,
        municipe_id: m.id,
        ...ownColumns(v),
        data_cadastro: v.data_cadastro ? new Date(v.data_cadastro) : new Date(),
        updated_by: autor(ctx),
      });
      await writeCitizen(tx, ctx, m, cols, RESOURCE);
      await writeSociodemografica(tx, ctx, m.id, v, RESOURCE);
      await audit(tx, ctx, {
        action: 'create',
        resource: RESOURCE,
        record_id: id,
        municipe_ids: [m.id],
        details: { designado },
      });
      return (await loadCadastro(tx, ctx, scope, id))!;
    });
  } catch (e) {
    // Two saves at once for the same citizen: the partial unique index decides.
    if (uniqueViolation(e)) throw conflict(msg.cadastroIndividualAtivoExistente);
    throw e;
  }
}

/**
 * The registration to change, locked: 404 when absent or out of scope, 409 `afterExit` once it has left the register
 * (after the exit it is read-only, issue 6).
 */
async function changeable(tx: DbOrTx, ctx: Ctx, scope: Scope, id: string, afterExit: string) {
  const found = await findInScope(tx, ctx, scope, id, true);
  if (!found) throw notFound();
  if (found.c.saida_em) throw conflict(afterExit);
  return found;
}

export async function update(
  ctx: Ctx,
  id: string,
  input: CadastroIndividualValues & { lock_version: number },
): Promise<CadastroIndividual> {
  const { lock_version, ...v } = input;
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    const { c, m } = await changeable(tx, ctx, scope, id, msg.cadastroComSaida);
    checkVersion(c, lock_version);
    if (v.municipe_id !== c.municipe_id) throw unprocessable({ municipe_id: [msg.naoEValido] });
    const { cols, designado } = await resolveCitizenColumns(tx, ctx, scope, v, m, c);
    const own = { ...ownColumns(v), data_cadastro: v.data_cadastro ? new Date(v.data_cadastro) : c.data_cadastro };
    await updateVersioned(tx, ctx, ci, { key: eq(ci.id, id), lockVersion: lock_version }, own);
    const campos = [
      ...changedFields(c, own),
      ...(await writeCitizen(tx, ctx, m, cols, RESOURCE)),
      ...(await writeSociodemografica(tx, ctx, m.id, v, RESOURCE)),
    ];
    await audit(tx, ctx, {
      action: 'update',
      resource: RESOURCE,
      record_id: id,
      municipe_ids: [m.id],
      details: { campos, designado },
    });
    return (await loadCadastro(tx, ctx, scope, id))!;
  });
}

export async function saidaCadastro(ctx: Ctx, id: string, v: SaidaCadastroValues): Promise<CadastroIndividual> {
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    const { c, m } = await changeable(tx, ctx, scope, id, msg.cadastroComSaida);
    if (v.lock_version != null) checkVersion(c, v.lock_version);
    const obito = v.motivo_saida_cadastro_id === MOTIVO_SAIDA_OBITO;
    const data_obito = obito ? (v.data_obito ?? null) : null;
    const numero_do = obito ? (v.numero_do ?? null) : null;
    // spec: the death date is not before birth (not after today: the shared schema).
    if (data_obito && data_obito < m.data_nascimento) {
      throw unprocessable({ data_obito: [msg.maiorOuIgualQue(isoToBr(m.data_nascimento) ?? m.data_nascimento)] });
    }
    const exit = { motivo_saida_cadastro_id: v.motivo_saida_cadastro_id, data_obito, numero_do };
    await tx
      .update(ci)
      .set({ ...exit, saida_em: new Date(), ...nextVersion(ci, ctx) })
      .where(eq(ci.id, id));
    // The citizen's record shows the exit (issue 6).
    await writeCitizen(tx, ctx, m, exit, `${RESOURCE}:saida_cadastro`);
    await audit(tx, ctx, {
      action: 'saida_cadastro',
      resource: RESOURCE,
      record_id: id,
      municipe_ids: [m.id],
      details: { motivo_saida_cadastro_id: v.motivo_saida_cadastro_id },
    });
    return (await loadCadastro(tx, ctx, scope, id))!;
  });
}

/** Only an active registration may be removed: an exit is a fact already reported (e-SUS). */
export async function destroy(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { c } = await changeable(tx, ctx, scopeOf(ctx), id, msg.cadastroComSaidaNaoRemove);
    await tx.delete(ci).where(eq(ci.id, id));
    await audit(tx, ctx, {
      action: 'destroy',
      resource: RESOURCE,
      record_id: id,
      municipe_ids: [c.municipe_id],
    });
  });
}
