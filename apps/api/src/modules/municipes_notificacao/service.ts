import { msg } from '@saude/shared';
import {
  encerramentoIssues,
  notificacaoIssues,
  type Notificacao,
  type NotificacaoInputValues,
  type NotificacaoSituacaoInput,
  type NotificacaoValues,
  type SituacaoNotificacao,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { isoToBr } from '@saude/shared/validation/dates';
import { and, eq } from 'drizzle-orm';
import { audit } from '../../access/audit';
import { can, type Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import { lotacoes, municipes, notificacaoEventos, notificacoesCompulsorias, unidadesSaude } from '../../db/schema';
import { changedFields, nullify, withLotacoesAtivas } from '../../db/sql';
import { FieldErrors, forbidden, notFound } from '../../lib/errors';
import type { Dated } from '../../lib/answer';
import { newId } from '../../lib/ids';
import { autor, checkVersion, updateVersioned, type Versioned } from '../../lib/versioned';
import { escopoDe, findInScope, notificacaoNaoEncontrada, RESOURCE, unscopedLoad, type Escopo } from './queries';

export { detalhes, list, mapa, show } from './queries';

// Compulsory notifications (issue 18; docs/decisions.md "Compulsory notifications").
// - Any citizen may be notified, a deceased one too (a death is often what brings the case to surveillance); the
//   first-symptoms date must not be after the death, no date before the birth.
// - The notifying unit is the current one (any active unit for `:todos`); the professional is the user or someone
//   with an active assignment in that unit.
// - A case is created suspected, unless the user may close cases (`:situacao`); the status changes only through
//   POST …/situacao, and each change (and the creation) leaves a row in notificacao_eventos.
// - A closed case (confirmed or discarded) is edited only by `:situacao` holders.

const nc = notificacoesCompulsorias;

/** The citizen's dates the rules need; 404 when the citizen does not exist. */
async function municipeDe(tx: DbOrTx, id: string) {
  const [m] = await tx
    .select({ id: municipes.id, data_nascimento: municipes.data_nascimento, data_obito: municipes.data_obito })
    .from(municipes)
    .where(eq(municipes.id, id));
  if (!m) throw notFound();
  return m;
}

/** The notifying unit: the one sent (the current one, or any active unit for `:todos`), else the current one. */
async function resolveUnidade(tx: DbOrTx, ctx: Ctx, e: Escopo, enviada: string | undefined, errors: FieldErrors) {
  const atual = ctx.usuario!.unidadeId!;
  if (!enviada || enviada === atual) return atual;
  if (!e.todos) {
    errors.add('unidade_saude_id', msg.unidadeForaDoEscopo);
    return atual;
  }
  const [u] = await tx
    .select({ id: unidadesSaude.id })
    .from(unidadesSaude)
    .where(and(eq(unidadesSaude.id, enviada), eq(unidadesSaude.ativo, true)));
  if (!u) errors.add('unidade_saude_id', msg.naoEValido);
  return enviada;
}

/** The notifying professional: the user, or someone with an active assignment in the unit. */
async function resolveProfissional(
  tx: DbOrTx,
  ctx: Ctx,
  unidadeId: string,
  enviado: string | undefined,
  guardado: string | null,
  errors: FieldErrors,
) {
  const id = enviado ?? guardado ?? ctx.usuario!.profissionalId;
  // The one stored stays valid for whoever edits the notification later.
  if (id === ctx.usuario!.profissionalId || id === guardado) return id;
  const [l] = await withLotacoesAtivas(
    tx.select({ id: lotacoes.id }).from(lotacoes).$dynamic(),
    unidadeId,
    eq(lotacoes.profissional_id, id),
  ).limit(1);
  if (!l) errors.add('profissional_id', msg.profissionalForaDaUnidade);
  return id;
}

/** The notification's own answers as columns: what was not answered is null. */
const colunas = (v: NotificacaoValues) =>
  nullify({
    doenca_agravo_id: v.doenca_agravo_id,
    data_notificacao: v.data_notificacao,
    hora_notificacao: v.hora_notificacao,
    data_primeiros_sintomas: v.data_primeiros_sintomas,
    informacoes_complementares: v.informacoes_complementares,
    obito: v.obito,
    data_obito: v.data_obito,
    internado: v.internado,
    data_internacao: v.data_internacao,
    alta: v.alta,
    data_alta: v.data_alta,
    comorbidade_diabetes: v.comorbidade_diabetes,
    comorbidade_hipertensao: v.comorbidade_hipertensao,
    comorbidade_doenca_renal_cronica: v.comorbidade_doenca_renal_cronica,
    comorbidade_hepatopatia: v.comorbidade_hepatopatia,
    comorbidade_doenca_hematologica: v.comorbidade_doenca_hematologica,
    comorbidade_doenca_autoimune: v.comorbidade_doenca_autoimune,
    comorbidade_doenca_acido_peptica: v.comorbidade_doenca_acido_peptica,
    comorbidade_imunossupressao: v.comorbidade_imunossupressao,
    observacoes: v.observacoes,
  });

const podeEncerrar = (ctx: Ctx) => ctx.usuario !== null && can(ctx.usuario, 'municipes_notificacao:situacao');

/** One line of the status history, by the signed-in user. */
async function evento(
  tx: DbOrTx,
  ctx: Ctx,
  notificacaoId: string,
  anterior: SituacaoNotificacao | null,
  situacao: SituacaoNotificacao,
  data_encerramento: string | null,
) {
  await tx.insert(notificacaoEventos).values({
    id: newId(),
    notificacao_id: notificacaoId,
    situacao_anterior: anterior,
    situacao,
    data_encerramento,
    profissional_id: ctx.usuario!.profissionalId,
  });
}

const addIssues = (errors: FieldErrors, issues: Array<{ path: Array<string | number>; message: string }>) => {
  for (const i of issues) errors.add(String(i.path[0]), i.message);
};

export async function create(ctx: Ctx, municipeId: string, v: NotificacaoInputValues): Promise<Dated<Notificacao>> {
  return ctx.db.transaction(async (tx) => {
    const m = await municipeDe(tx, municipeId);
    const e = escopoDe(ctx);
    const errors = new FieldErrors();
    addIssues(errors, notificacaoIssues(v, m));
    const situacao = v.situacao ?? 'suspeito';
    if (situacao !== 'suspeito' && !podeEncerrar(ctx)) errors.add('situacao', msg.situacaoSemPermissao);
    const unidadeId = await resolveUnidade(tx, ctx, e, v.unidade_saude_id, errors);
    const profissionalId = await resolveProfissional(tx, ctx, unidadeId, v.profissional_id, null, errors);
    errors.throwIfAny();

    const id = newId();
    const who = autor(ctx);
    const data_encerramento = situacao === 'suspeito' ? null : (v.data_encerramento ?? null);
    await tx.insert(nc).values({
      ...colunas(v),
      id,
      municipe_id: municipeId,
      unidade_saude_id: unidadeId,
      profissional_id: profissionalId,
      situacao,
      data_encerramento,
      created_by: who,
      updated_by: who,
    });
    await evento(tx, ctx, id, null, situacao, data_encerramento);
    await audit(tx, ctx, { action: 'create', resource: RESOURCE, record_id: id, municipe_ids: [municipeId] });
    return (await unscopedLoad(tx, id))!;
  });
}

export async function update(
  ctx: Ctx,
  municipeId: string,
  id: string,
  { lock_version, ...v }: Versioned<NotificacaoValues>,
): Promise<Dated<Notificacao>> {
  return ctx.db.transaction(async (tx) => {
    const e = escopoDe(ctx);
    const atual = await findInScope(tx, e, municipeId, id, true);
    if (!atual) throw notificacaoNaoEncontrada();
    checkVersion(atual, lock_version);
    if (atual.situacao !== 'suspeito' && !podeEncerrar(ctx)) throw forbidden(msg.notificacaoEncerrada);
    const m = await municipeDe(tx, municipeId);
    const errors = new FieldErrors();
    addIssues(errors, notificacaoIssues(v, m));
    if (atual.data_encerramento && v.data_notificacao > atual.data_encerramento)
      errors.add(
        'data_notificacao',
        msg.posteriorAoEncerramento(isoToBr(atual.data_encerramento) ?? atual.data_encerramento),
      );
    const unidadeId =
      v.unidade_saude_id === undefined || v.unidade_saude_id === atual.unidade_saude_id
        ? atual.unidade_saude_id
        : await resolveUnidade(tx, ctx, e, v.unidade_saude_id, errors);
    const profissionalId = await resolveProfissional(
      tx,
      ctx,
      unidadeId,
      v.profissional_id,
      unidadeId === atual.unidade_saude_id ? atual.profissional_id : null,
      errors,
    );
    errors.throwIfAny();

    const novas = { ...colunas(v), unidade_saude_id: unidadeId, profissional_id: profissionalId };
    await updateVersioned(tx, ctx, nc, { key: eq(nc.id, id), lockVersion: lock_version }, novas);
    await audit(tx, ctx, {
      action: 'update',
      resource: RESOURCE,
      record_id: id,
      municipe_ids: [municipeId],
      details: { campos: changedFields(atual, novas) },
    });
    return (await unscopedLoad(tx, id))!;
  });
}

/** POST …/situacao: confirm, discard, reopen, or correct the closing date; one history line each. */
export async function mudarSituacao(
  ctx: Ctx,
  municipeId: string,
  id: string,
  body: NotificacaoSituacaoInput & { situacao: SituacaoNotificacao; lock_version: number },
): Promise<Dated<Notificacao>> {
  return ctx.db.transaction(async (tx) => {
    const atual = await findInScope(tx, escopoDe(ctx), municipeId, id, true);
    if (!atual) throw notificacaoNaoEncontrada();
    checkVersion(atual, body.lock_version);
    const errors = new FieldErrors();
    addIssues(errors, encerramentoIssues(body, atual.data_notificacao));
    const data_encerramento = body.situacao === 'suspeito' ? null : (body.data_encerramento ?? null);
    if (body.situacao === atual.situacao && data_encerramento === atual.data_encerramento)
      errors.add('situacao', msg.situacaoIgualAtual);
    errors.throwIfAny();

    await updateVersioned(
      tx,
      ctx,
      nc,
      { key: eq(nc.id, id), lockVersion: body.lock_version },
      { situacao: body.situacao, data_encerramento },
    );
    await evento(tx, ctx, id, atual.situacao, body.situacao, data_encerramento);
    await audit(tx, ctx, { action: 'situacao', resource: RESOURCE, record_id: id, municipe_ids: [municipeId] });
    return (await unscopedLoad(tx, id))!;
  });
}
