import { msg } from '@saude/shared';
import { cboCadastroIndividualCodigos } from '@saude/shared/codes/cbo_cadastro_individual';
import {
  CAMPOS_DO_CADASTRO,
  MOTIVO_SAIDA_OBITO,
  normalizarCadastroIndividual,
  type CadastroIndividual,
  type CadastroIndividualValues,
  type SaidaCadastroValues,
} from '@saude/shared/schemas/cadastro_individual';
import {
  identificacaoEsusFieldsSchema,
  identificacaoEsusIssues,
  IDADE_MAXIMA_RESPONSAVEL_CRIANCA,
  idadeEmAnos,
  type SociodemograficaValues,
} from '@saude/shared/schemas/municipe';
import { isoToBr } from '@saude/shared/validation/dates';
import { and, eq, isNull } from 'drizzle-orm';
import { audit } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { cadastrosIndividuais, municipes, municipeSociodemograficas } from '../../../db/schema';
import { changedFields, nullify, uniqueViolation } from '../../../db/sql';
import type { Dated } from '../../../lib/answer';
import { conflict, FieldErrors, notFound, staleEdit, unprocessable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { recordTrail } from '../../../access/audit-trail';
import { autor, checkVersion, nextVersion, updateVersioned, type Versioned } from '../../../lib/versioned';
import { documentosEmUso } from '../../municipes';
import { resolveHeader, scopeOf, type Scope } from '../scope';
import { CAMPOS_SOCIO, falecido, findInScope, loadCadastro, pick, RESOURCE, socioDoCadastro } from './queries';

export { candidatosCadastro, list, show } from './queries';

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

const trail = recordTrail(RESOURCE);
const ci = cadastrosIndividuais;
type CadastroRow = typeof ci.$inferSelect;
type MunicipeRow = typeof municipes.$inferSelect;

// ---- writing through to the citizen ----------------------------------------------------------------------

const cboPermitidos: ReadonlySet<string> = new Set(cboCadastroIndividualCodigos);
const CAMPOS_IDENTIDADE = Object.keys(identificacaoEsusFieldsSchema.shape) as Array<
  keyof typeof identificacaoEsusFieldsSchema.shape
>;
/** The answers the body gave (undefined: left out, the citizen's stays). */
const semAusentes = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;

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
  // The identity e-SUS requires (issue 39): what the body leaves out is the citizen's, and the whole must be complete,
  // so a registration saved here is never refused at the export for it (a refusal's record carries it too).
  const identidade = { ...pick(m, CAMPOS_IDENTIDADE), ...semAusentes(pick(n, CAMPOS_IDENTIDADE)) };
  const nacionalidade = n.nacionalidade_id ?? m.nacionalidade_id;
  for (const i of identificacaoEsusIssues({ ...identidade, nacionalidade_id: nacionalidade }))
    errors.add(String(i.path[0]), i.message);
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
    // The identity e-SUS requires (issue 39), written through like the nationality.
    ...pick(identidade, CAMPOS_IDENTIDADE),
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

export async function create(ctx: Ctx, v: CadastroIndividualValues): Promise<Dated<CadastroIndividual>> {
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
      await trail(tx, ctx, 'create', id, {
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

export async function update(ctx: Ctx, id: string, { lock_version, ...v }: Versioned<CadastroIndividualValues>) {
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
    await trail(tx, ctx, 'update', id, {
      municipe_ids: [m.id],
      details: { campos, designado },
    });
    return (await loadCadastro(tx, ctx, scope, id))!;
  });
}

export async function saidaCadastro(ctx: Ctx, id: string, v: SaidaCadastroValues): Promise<Dated<CadastroIndividual>> {
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
    await trail(tx, ctx, 'saida_cadastro', id, {
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
    await trail(tx, ctx, 'destroy', id, {
      municipe_ids: [c.municipe_id],
    });
  });
}
