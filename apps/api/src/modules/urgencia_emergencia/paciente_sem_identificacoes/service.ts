import { msg } from '@saude/shared';
import {
  normalizarPaciente,
  pacienteSemIdentificacaoFieldsSchema,
  type IdentificarPaciente,
  type PacienteSemIdentificacao,
  type PacienteSemIdentificacaoValues,
} from '@saude/shared/schemas/paciente_sem_identificacao';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { atendimentos, municipes, municipios, pacientesSemIdentificacao } from '../../../db/schema';
import { changedFields, exists, nullify } from '../../../db/sql';
import { recordTrail } from '../../../access/audit-trail';
import { conflict, FieldErrors, notFound, unprocessable } from '../../../lib/errors';
import type { Dated } from '../../../lib/answer';
import { newId } from '../../../lib/ids';
import { autor, checkVersion, nextVersion, updateVersioned, type Versioned } from '../../../lib/versioned';
import { obitoDe } from '../../municipes';
import { unidadeDeUrgencia } from '../comum';
import { findInUnit, RESOURCE, titulares, unscopedLoadPaciente } from './queries';

export { list, proximoPseudonimo, show } from './queries';

// Patients without identification (issue 16; docs/decisions.md "Patients without identification"). They belong to
// the urgent-care unit that registered them (another unit's answer 404). Identifying one ties it to a citizen and, in
// the same transaction, moves its care visits to that citizen (atendimentos.municipe_id), keeping the patient id on
// them so a manager can undo the tie. A patient with care visits is never deleted (they are facts already recorded).

const trail = recordTrail(RESOURCE);
const p_ = pacientesSemIdentificacao;
const a_ = atendimentos;

type Header = { unidade_saude_id: string; profissional_id: string; ocupacao_id: string };

/**
 * The e-SUS header from the session, never from the client alone (issue 14): the current urgent-care unit, the user
 * (or, on update, the record's professional) and an occupation of the user's assignments in the unit — the one sent,
 * or the first. Another unit or professional sent is refused on its field.
 */
function resolveHeader(
  ctx: Ctx,
  unidadeId: string,
  v: PacienteSemIdentificacaoValues,
  errors: FieldErrors,
  atual?: { profissional_id: string; ocupacao_id: string },
): Header {
  if (v.unidade_saude_id && v.unidade_saude_id !== unidadeId) errors.add('unidade_saude_id', msg.naoEValido);
  const profissional = atual?.profissional_id ?? ctx.usuario!.profissionalId;
  if (v.profissional_id && v.profissional_id !== profissional) errors.add('profissional_id', msg.naoEValido);
  const minhas = ctx.usuario!.lotacoes.map((l) => l.ocupacao_codigo);
  // The record's occupation stays when its author is someone else (a colleague correcting it).
  const permitidas = atual && atual.profissional_id !== ctx.usuario!.profissionalId ? [atual.ocupacao_id] : minhas;
  let ocupacao = v.ocupacao_id ?? (atual && permitidas.includes(atual.ocupacao_id) ? atual.ocupacao_id : permitidas[0]);
  if (!ocupacao) errors.add('ocupacao_id', msg.obrigatorio);
  else if (!permitidas.includes(ocupacao)) {
    errors.add('ocupacao_id', msg.naoEValido);
    ocupacao = undefined;
  }
  return { unidade_saude_id: unidadeId, profissional_id: profissional, ocupacao_id: ocupacao ?? '' };
}

/** References the database must hold: the birthplace. */
async function checkReferences(tx: DbOrTx, v: PacienteSemIdentificacaoValues, errors: FieldErrors) {
  if (v.municipio_nascimento_ibge) {
    const [existe] = await tx
      .select({ codigo: municipios.codigo_ibge })
      .from(municipios)
      .where(eq(municipios.codigo_ibge, v.municipio_nascimento_ibge));
    if (!existe) errors.add('municipio_nascimento_ibge', msg.naoEValido);
  }
}

/** The patient's own answers (the header goes apart). */
const CAMPOS = Object.keys(pacienteSemIdentificacaoFieldsSchema.shape).filter(
  (k) => !['unidade_saude_id', 'profissional_id', 'ocupacao_id'].includes(k),
) as Array<Exclude<keyof PacienteSemIdentificacaoValues, 'unidade_saude_id' | 'profissional_id' | 'ocupacao_id'>>;

/**
 * The patient's own columns as stored: the answers normalized, and every answer absent from the body null (a PUT
 * replaces the record: an emptied field is left out of the body and must be cleared).
 */
function colunas(v: PacienteSemIdentificacaoValues) {
  const n = normalizarPaciente(v);
  const c = nullify(Object.fromEntries(CAMPOS.map((k) => [k, n[k]])) as Pick<typeof n, (typeof CAMPOS)[number]>);
  return { ...c, peso_aproximado: c.peso_aproximado === null ? null : String(c.peso_aproximado) };
}

export async function create(ctx: Ctx, v: PacienteSemIdentificacaoValues): Promise<Dated<PacienteSemIdentificacao>> {
  const unidadeId = await unidadeDeUrgencia(ctx);
  return ctx.db.transaction(async (tx) => {
    const errors = new FieldErrors();
    const header = resolveHeader(ctx, unidadeId, v, errors);
    await checkReferences(tx, v, errors);
    errors.throwIfAny();
    const id = newId();
    const who = autor(ctx);
    await tx.insert(p_).values({ id, ...header, ...colunas(v), created_by: who, updated_by: who });
    await trail(tx, ctx, 'create', id);
    return (await unscopedLoadPaciente(tx, id))!;
  });
}

export async function update(
  ctx: Ctx,
  id: string,
  { lock_version, ...v }: Versioned<PacienteSemIdentificacaoValues>,
): Promise<Dated<PacienteSemIdentificacao>> {
  const unidadeId = await unidadeDeUrgencia(ctx);
  return ctx.db.transaction(async (tx) => {
    const atual = await findInUnit(tx, unidadeId, id, true);
    checkVersion(atual, lock_version);
    const errors = new FieldErrors();
    const header = resolveHeader(ctx, unidadeId, v, errors, atual);
    await checkReferences(tx, v, errors);
    errors.throwIfAny();
    const cols = { ...header, ...colunas(v) };
    await updateVersioned(tx, ctx, p_, { key: eq(p_.id, id), lockVersion: lock_version }, cols);
    // The trail names what changed, never the values.
    await trail(tx, ctx, 'update', id, {
      municipe_ids: titulares(atual),
      details: { campos: changedFields(atual, cols) },
    });
    return (await unscopedLoadPaciente(tx, id))!;
  });
}

export async function destroy(ctx: Ctx, id: string): Promise<void> {
  const unidadeId = await unidadeDeUrgencia(ctx);
  await ctx.db.transaction(async (tx) => {
    const atual = await findInUnit(tx, unidadeId, id, true);
    if (!atual) throw notFound();
    // Care visits are facts already recorded: their patient stays.
    if (await exists(tx, a_, eq(a_.paciente_sem_identificacao_id, id))) throw conflict(msg.pacienteComAtendimentos);
    await tx.delete(p_).where(eq(p_.id, id));
    await trail(tx, ctx, 'destroy', id, { municipe_ids: titulares(atual) });
  });
}

/**
 * Ties the patient to the citizen they turned out to be, and moves the patient's care visits to that citizen, in one
 * transaction. Refused: an already identified patient (409), an unknown or deceased citizen (422 on municipe_id).
 */
export async function identificar(
  ctx: Ctx,
  id: string,
  { municipe_id }: { municipe_id: IdentificarPaciente['municipe_id'] },
): Promise<Dated<PacienteSemIdentificacao>> {
  const unidadeId = await unidadeDeUrgencia(ctx);
  return ctx.db.transaction(async (tx) => {
    const atual = await findInUnit(tx, unidadeId, id, true);
    if (!atual) throw notFound();
    if (atual.municipe_id) throw conflict(msg.pacienteJaIdentificado);
    const [cidadao] = await tx
      .select({ obito: obitoDe(municipes) })
      .from(municipes)
      .where(eq(municipes.id, municipe_id));
    if (!cidadao) throw unprocessable({ municipe_id: [msg.naoEValido] });
    if (cidadao.obito) throw unprocessable({ municipe_id: [msg.pacienteMunicipeComObito] });
    await tx
      .update(p_)
      .set({ municipe_id, identificado_em: new Date(), identificado_por: autor(ctx), ...nextVersion(p_, ctx) })
      .where(eq(p_.id, id));
    const movidos = await tx
      .update(a_)
      .set({ municipe_id, ...nextVersion(a_, ctx) })
      .where(eq(a_.paciente_sem_identificacao_id, id))
      .returning({ id: a_.id });
    await trail(tx, ctx, 'identificar', id, {
      municipe_ids: [municipe_id],
      details: { atendimentos: movidos.length },
    });
    return (await unscopedLoadPaciente(tx, id))!;
  });
}

/** Undoes the tie (managers): the patient and its care visits are nobody's again, in one transaction. */
export async function desfazerIdentificacao(ctx: Ctx, id: string): Promise<Dated<PacienteSemIdentificacao>> {
  const unidadeId = await unidadeDeUrgencia(ctx);
  return ctx.db.transaction(async (tx) => {
    const atual = await findInUnit(tx, unidadeId, id, true);
    if (!atual) throw notFound();
    if (!atual.municipe_id) throw conflict(msg.pacienteNaoIdentificado);
    await tx
      .update(p_)
      .set({ municipe_id: null, identificado_em: null, identificado_por: null, ...nextVersion(p_, ctx) })
      .where(eq(p_.id, id));
    // Only the visits the identification moved: those that still carry both the patient and that citizen.
    const devolvidos = await tx
      .update(a_)
      .set({ municipe_id: null, ...nextVersion(a_, ctx) })
      .where(and(eq(a_.paciente_sem_identificacao_id, id), eq(a_.municipe_id, atual.municipe_id)))
      .returning({ id: a_.id });
    await trail(tx, ctx, 'desfazer_identificacao', id, {
      municipe_ids: [atual.municipe_id],
      details: { atendimentos: devolvidos.length },
    });
    return (await unscopedLoadPaciente(tx, id))!;
  });
}
