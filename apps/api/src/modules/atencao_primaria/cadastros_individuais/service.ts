import { msg } from '@saude/shared';
import { cboCadastroIndividualCodigos } from '@saude/shared/codes/cbo_cadastro_individual';
import {
  MOTIVO_SAIDA_OBITO,
  normalizarCadastroIndividual,
  type CadastroIndividual,
  type CadastroIndividualFilters,
  type CadastroIndividualListItem,
  type CadastroIndividualValues,
  type SaidaCadastroValues,
  type SituacaoCadastro,
} from '@saude/shared/schemas/cadastro_individual';
import {
  IDADE_MAXIMA_RESPONSAVEL_CRIANCA,
  idadeEmAnos,
  sociodemograficaFieldsSchema,
  type SociodemograficaValues,
} from '@saude/shared/schemas/municipe';
import { isoToBr } from '@saude/shared/validation/dates';
import { and, asc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { audit } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { cadastrosIndividuais, municipes, municipeSociodemograficas } from '../../../db/schema';
import {
  byName,
  changedFields,
  containsText,
  countAll,
  headerNames,
  iso,
  startsWith,
  totalOf,
  uniqueViolation,
  withHeaderNames,
} from '../../../db/sql';
import { conflict, FieldErrors, notFound, staleEdit, unprocessable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { mapPage, paginate } from '../../../lib/paginate';
import { autor, checkVersion, nextVersion, updateVersioned } from '../../../lib/versioned';
import { documentosEmUso } from '../../municipes/rules';
import { inScopeEquipe, scopeOf, resolveHeader, type Scope } from '../scope';

// Individual registrations (issue 6). Design (docs/decisions.md, "Individual registrations"):
// - One truth: the registration row keeps only its own answers (termo_recusa, proprio_responsavel_familiar,
//   data_cadastro, food-insecurity screening) and its exit. The header (unit → municipes.unidade_saude_referencia_id,
//   professional, team, occupation, micro-area, fora_area), documents, nationality fields are the citizen's columns;
//   deficiencies and sexual orientation are the citizen's sociodemographic block. Saves write them through to the
//   citizen in the same transaction (audited as citizen updates); reads join them back. A change made in the citizen
//   registry therefore shows here and the other way round.
// - The exit is the registration's event (kept on the row, with saida_em) and copied to the citizen's exit fields.
// - Scope: the user's assignments (lotações) in the current unit. An assignment without a team (managers, reception,
//   surveillance) sees every registration; otherwise only registrations whose citizen belongs to one of the user's
//   teams in this unit. Out of scope answers 404 'Cadastro não encontrado', like absent.

const RESOURCE = 'atencao_primaria/cadastros_individuais';
const ci = cadastrosIndividuais;

// A citizen with a registration is not deleted (the registry answers 409 naming it, never a foreign-key 500).

// ---- scope -----------------------------------------------------------------------------------------------

const inScope = (scope: Scope): SQL | undefined => inScopeEquipe(scope, municipes.equipe_id);
/** The e-SUS header's columns (their names come with withHeaderNames). */
const headerColumns = {
  unidade: municipes.unidade_saude_referencia_id,
  equipe: municipes.equipe_id,
  profissional: municipes.profissional_id,
};

// ---- reading -----------------------------------------------------------------------------------------------

const situacaoDe = (saida: Date | null): SituacaoCadastro => (saida ? 'saida' : 'ativo');

/** The registration with the citizen's fields, WITHOUT scope: callers check scope first. */
async function unscopedLoadCadastro(db: DbOrTx, id: string): Promise<CadastroIndividual | null> {
  const [row] = await withHeaderNames(
    db
      .select({
        c: ci,
        m: municipes,
        ...headerNames,
        socio: municipeSociodemograficas.dados,
      })
      .from(ci)
      .innerJoin(municipes, eq(municipes.id, ci.municipe_id))
      .$dynamic(),
    headerColumns,
  )
    .leftJoin(municipeSociodemograficas, eq(municipeSociodemograficas.municipe_id, municipes.id))
    .where(eq(ci.id, id));
  if (!row) return null;
  const { c, m } = row;
  const socio = (row.socio ?? {}) as Partial<SociodemograficaValues>;
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
    termo_recusa: c.termo_recusa,
    proprio_responsavel_familiar: c.proprio_responsavel_familiar,
    data_cadastro: c.data_cadastro.toISOString(),
    alimentos_acabaram_sem_dinheiro: c.alimentos_acabaram_sem_dinheiro,
    comeu_alguns_alimentos_sem_dinheiro: c.comeu_alguns_alimentos_sem_dinheiro,
    possui_deficiencia: socio.possui_deficiencia ?? false,
    deficiencias: socio.deficiencias ?? [],
    informa_orientacao_sexual: socio.informa_orientacao_sexual ?? false,
    orientacao_sexual_id: socio.orientacao_sexual_id ?? null,
    responsaveis_criancas: socio.responsaveis_criancas ?? [],
    motivo_saida_cadastro_id: c.motivo_saida_cadastro_id,
    data_obito: c.data_obito,
    numero_do: c.numero_do,
    saida_em: iso(c.saida_em),
    municipe: {
      id: m.id,
      nome: m.nome,
      nome_social: m.nome_social,
      data_nascimento: m.data_nascimento,
      idade: idadeEmAnos(m.data_nascimento, m.data_obito ?? undefined),
      sexo_id: m.sexo_id,
      nome_mae: m.nome_mae,
      cpf_numero: m.cpf_numero,
      codigo_cns: m.codigo_cns,
      cartao_provisorio: m.cartao_provisorio,
      telefones: { residencial: m.telefone_residencial, celular: m.telefone_celular, contato: m.telefone_contato },
      lock_version: m.lock_version,
    },
  };
}

/** The registration row if it exists and is in the user's scope (locked for update when asked). */
async function findInScope(tx: DbOrTx, scope: Scope, id: string, forUpdate = false) {
  const q = tx
    .select({ c: ci, m: municipes })
    .from(ci)
    .innerJoin(municipes, eq(municipes.id, ci.municipe_id))
    .where(and(eq(ci.id, id), inScope(scope)));
  const [row] = forUpdate ? await q.for('update', { of: ci }) : await q;
  return row ?? null;
}

export async function getCadastro(ctx: Ctx, id: string): Promise<CadastroIndividual> {
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    if (!(await findInScope(tx, scope, id))) throw notFound();
    // Architecture: reading sociodemographic answers (deficiencies, sexual orientation) leaves an audit row.
    await audit(tx, ctx, { action: 'leitura', resource: RESOURCE, record_id: id });
    return (await unscopedLoadCadastro(tx, id))!;
  });
}

export async function listCadastros(
  ctx: Ctx,
  f: CadastroIndividualFilters,
): Promise<{ rows: CadastroIndividualListItem[]; total: number }> {
  const scope = scopeOf(ctx);
  const conds: Array<SQL | undefined> = [inScope(scope)];
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

  const page = await paginate(f, {
    count: () =>
      totalOf(
        ctx.db
          .select({ total: countAll() })
          .from(ci)
          .innerJoin(municipes, eq(municipes.id, ci.municipe_id))
          .where(where),
      ),
    rows: ({ limit, offset }) =>
      withHeaderNames(
        ctx.db
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
}

// ---- writing through to the citizen ----------------------------------------------------------------------

type MunicipeRow = typeof municipes.$inferSelect;

/**
 * Fills the header from the user's (or the named professional's) team assignment, checks every rule that needs the
 * database, and answers the citizen's new columns. Throws 422 with every field error at once.
 */
async function resolveCitizenColumns(tx: DbOrTx, ctx: Ctx, scope: Scope, v: CadastroIndividualValues, m: MunicipeRow) {
  const errors = new FieldErrors();
  const n = normalizarCadastroIndividual(v);
  const header = await resolveHeader(tx, ctx, scope, v, errors, {
    ocupacao: cboPermitidos,
    microArea: { field: 'micro_area', value: n.micro_area, foraArea: n.fora_area },
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
  return {
    unidade_saude_referencia_id: header.unidade_saude_id,
    profissional_id: header.profissional_id,
    equipe_id: header.equipe_id,
    ocupacao_id: header.ocupacao_id,
    micro_area: n.micro_area ?? null,
    fora_area: n.fora_area,
    cpf_numero: cpf ?? null,
    codigo_cns: cns ?? null,
    nacionalidade_id: n.nacionalidade_id ?? null,
    pais_nascimento_id: n.pais_nascimento_id ?? null,
    data_naturalizacao: n.data_naturalizacao ?? null,
    portaria_naturalizacao: n.portaria_naturalizacao ?? null,
    data_entrada_brasil: n.data_entrada_brasil ?? null,
  };
}

const cboPermitidos: ReadonlySet<string> = new Set(cboCadastroIndividualCodigos);

/** Updates the citizen's row (lock_version + 1) and audits the columns that changed, as the citizen registry does. */
async function writeCitizen(
  tx: DbOrTx,
  ctx: Ctx,
  m: MunicipeRow,
  cols: Partial<typeof municipes.$inferInsert>,
  origem: string,
) {
  const campos = changedFields(m, cols);
  if (campos.length === 0) return;
  await tx
    .update(municipes)
    .set({ ...cols, ...nextVersion(municipes, ctx) })
    .where(eq(municipes.id, m.id));
  await audit(tx, ctx, { action: 'update', resource: 'municipes', record_id: m.id, details: { campos, origem } });
}

/** Writes deficiencies, sexual orientation and (when given) the children's caregivers into the citizen's sociodemographic block (created when absent). */
async function writeSociodemografica(
  tx: DbOrTx,
  ctx: Ctx,
  municipeId: string,
  v: CadastroIndividualValues,
  origem: string,
) {
  const n = normalizarCadastroIndividual(v);
  const [current] = await tx
    .select()
    .from(municipeSociodemograficas)
    .where(eq(municipeSociodemograficas.municipe_id, municipeId))
    .for('update');
  const before = (current?.dados ?? sociodemograficaFieldsSchema.parse({})) as SociodemograficaValues;
  const changes = {
    possui_deficiencia: n.possui_deficiencia,
    deficiencias: n.deficiencias,
    informa_orientacao_sexual: n.informa_orientacao_sexual,
    orientacao_sexual_id: n.orientacao_sexual_id,
    // Absent keeps the citizen's answer (the form sends it only for children 0–9).
    ...(n.responsaveis_criancas !== undefined ? { responsaveis_criancas: n.responsaveis_criancas } : {}),
  };
  const campos = changedFields(before, changes);
  if (campos.length === 0) return;
  const dados = JSON.parse(JSON.stringify({ ...before, ...changes })) as SociodemograficaValues; // drops undefined keys
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
    details: { campos, origem },
  });
}

const ownColumns = (v: CadastroIndividualValues) => ({
  termo_recusa: v.termo_recusa,
  proprio_responsavel_familiar: v.proprio_responsavel_familiar,
  alimentos_acabaram_sem_dinheiro: v.alimentos_acabaram_sem_dinheiro,
  comeu_alguns_alimentos_sem_dinheiro: v.comeu_alguns_alimentos_sem_dinheiro,
});

// ---- create, update, exit, delete ---------------------------------------------------------------------------

export async function createCadastro(ctx: Ctx, v: CadastroIndividualValues): Promise<CadastroIndividual> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const scope = scopeOf(ctx);
      const [m] = await tx.select().from(municipes).where(eq(municipes.id, v.municipe_id)).for('update');
      if (!m) throw unprocessable({ municipe_id: [msg.naoEValido] });
      const [ativo] = await tx
        .select({ id: ci.id })
        .from(ci)
        .where(and(eq(ci.municipe_id, m.id), isNull(ci.saida_em)));
      if (ativo) throw conflict(msg.cadastroIndividualAtivoExistente);
      const cols = await resolveCitizenColumns(tx, ctx, scope, v, m);
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
      await audit(tx, ctx, { action: 'create', resource: RESOURCE, record_id: id, details: { municipe_id: m.id } });
      return (await unscopedLoadCadastro(tx, id))!;
    });
  } catch (e) {
    // Two saves at once for the same citizen: the partial unique index decides.
    if (uniqueViolation(e)) throw conflict(msg.cadastroIndividualAtivoExistente);
    throw e;
  }
}

export async function updateCadastro(
  ctx: Ctx,
  id: string,
  input: CadastroIndividualValues & { lock_version: number },
): Promise<CadastroIndividual> {
  const { lock_version, ...v } = input;
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    const found = await findInScope(tx, scope, id, true);
    if (!found) throw notFound();
    const { c, m } = found;
    // After the exit the registration is read-only (issue 6).
    if (c.saida_em) throw conflict(msg.cadastroComSaida);
    checkVersion(c, lock_version);
    if (v.municipe_id !== c.municipe_id) throw unprocessable({ municipe_id: [msg.naoEValido] });
    const cols = await resolveCitizenColumns(tx, ctx, scope, v, m);
    const own = { ...ownColumns(v), data_cadastro: v.data_cadastro ? new Date(v.data_cadastro) : c.data_cadastro };
    await updateVersioned(tx, ctx, ci, { key: eq(ci.id, id), lockVersion: lock_version }, own);
    await writeCitizen(tx, ctx, m, cols, RESOURCE);
    await writeSociodemografica(tx, ctx, m.id, v, RESOURCE);
    const campos = changedFields(c, own);
    await audit(tx, ctx, { action: 'update', resource: RESOURCE, record_id: id, details: { campos } });
    return (await unscopedLoadCadastro(tx, id))!;
  });
}

export async function saidaCadastro(ctx: Ctx, id: string, v: SaidaCadastroValues): Promise<CadastroIndividual> {
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    const found = await findInScope(tx, scope, id, true);
    if (!found) throw notFound();
    const { c, m } = found;
    if (c.saida_em) throw conflict(msg.cadastroComSaida);
    if (v.lock_version != null) checkVersion(c, v.lock_version);
    const obito = v.motivo_saida_cadastro_id === MOTIVO_SAIDA_OBITO;
    const data_obito = obito ? (v.data_obito ?? null) : null;
    const numero_do = obito ? (v.numero_do ?? null) : null;
    // spec: the death date is not before birth (not after today: the shared schema's date range).
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
      details: { motivo_saida_cadastro_id: v.motivo_saida_cadastro_id },
    });
    return (await unscopedLoadCadastro(tx, id))!;
  });
}

/** Only an active registration may be removed: an exit is a fact already reported (e-SUS). */
export async function deleteCadastro(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    const found = await findInScope(tx, scope, id, true);
    if (!found) throw notFound();
    if (found.c.saida_em) throw conflict(msg.cadastroComSaidaNaoRemove);
    await tx.delete(ci).where(eq(ci.id, id));
    await audit(tx, ctx, {
      action: 'destroy',
      resource: RESOURCE,
      record_id: id,
      details: { municipe_id: found.c.municipe_id },
    });
  });
}
