import { msg } from '@saude/shared';
import {
  isEspecialidade,
  normalizarAtendimento,
  type Atendimento,
  type AtendimentoContexto,
  type AtendimentoValues,
  type CancelarAtendimentoInput,
} from '@saude/shared/schemas/atendimento';
import {
  pendenciasCadastro,
  validacaoRecepcaoMsg,
  type ModoValidacaoRecepcao,
} from '@saude/shared/schemas/validacao_recepcao';
import { isoToBr, zonedDateTimeParts } from '@saude/shared/validation/dates';
import { and, asc, eq, sql } from 'drizzle-orm';
import { audit, auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { atendimentos, lotacoes, municipes, pacientesSemIdentificacao, profissionais } from '../../../db/schema';
import { changedFields, nullify, withLotacoesAtivas } from '../../../db/sql';
import { conflict, FieldErrors, forbidden, notFound } from '../../../lib/errors';
import type { Dated } from '../../../lib/answer';
import { newId } from '../../../lib/ids';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { autor, checkVersion, nextVersion, updateVersioned, type Versioned } from '../../../lib/versioned';
import { obitoDe } from '../../municipes';
import { chamadaCedo, segundosRestantes, tempoChamadas, vincularAoAtendimento } from '../../filas';
import { unidadeDeUrgencia, validacaoDaUnidade } from '../comum';
import { findInScope, titulares, unscopedLoad, type Tipo } from './queries';

export { list, show } from './queries';

// Care visits of an urgent-care unit, of now and retroactive (issue 16; docs/decisions.md "Urgent-care reception").
// - Only an urgent-care unit keeps them (unidadeDeUrgencia: 403 elsewhere); another unit's visit answers 404, and so
//   does a visit of the other kind (each kind has its own resource and list).
// - The patient is a citizen or an unidentified patient of the unit not yet identified; it never changes on edit.
// - The user registers under one of their CBOs in the unit (filled when exactly one); the specialty is pre-filled
//   when exactly one of theirs is a care specialty of the unit.
// - A visit is never deleted: cancelling keeps the row with who, when and why. Each write leaves an audit row, which
//   is also the visit's history.

type Values = Omit<AtendimentoValues, 'municipe_id' | 'paciente_sem_identificacao_id'> &
  Partial<Pick<AtendimentoValues, 'municipe_id' | 'paciente_sem_identificacao_id'>>;

const a = atendimentos;
const psi = pacientesSemIdentificacao;

/** The user's CBOs in the current unit (the session's assignments), in assignment order. */
const ocupacoesDe = (ctx: Ctx) => [...new Set((ctx.usuario?.lotacoes ?? []).map((l) => l.ocupacao_codigo))];
/** The care specialty the user works under, when exactly one of theirs is one. */
const especialidadeDe = (ocupacoes: string[]) => {
  const delas = ocupacoes.filter(isEspecialidade);
  return delas.length === 1 ? delas[0]! : null;
};

/** São Paulo calendar date of an instant, 'yyyy-MM-dd'. */
const diaLocal = (d: Date) => zonedDateTimeParts(d)?.date ?? '';

/** Arrival and form moments: the ones sent, or now (the form never before the arrival). */
function momentos(v: Values, atual?: { data_chegada: Date; data_ficha: Date }) {
  const agora = new Date();
  const data_chegada = v.data_chegada ? new Date(v.data_chegada) : (atual?.data_chegada ?? agora);
  const data_ficha = v.data_ficha
    ? new Date(v.data_ficha)
    : (atual?.data_ficha ?? new Date(Math.max(agora.getTime(), data_chegada.getTime())));
  return { data_chegada, data_ficha };
}

/** The citizen's columns the reception's registration check reads (validacao_recepcao.ts). */
const cadastroRecepcao = {
  cpf_numero: municipes.cpf_numero,
  codigo_cns: municipes.codigo_cns,
  nome_mae: municipes.nome_mae,
  mae_desconhecida: municipes.mae_desconhecida,
  telefone_residencial: municipes.telefone_residencial,
  telefone_celular: municipes.telefone_celular,
  telefone_contato: municipes.telefone_contato,
  residencia_logradouro: municipes.residencia_logradouro,
  residencia_numero: municipes.residencia_numero,
  residencia_bairro: municipes.residencia_bairro,
  residencia_municipio_ibge: municipes.residencia_municipio_ibge,
};

/**
 * The patient: a citizen who exists (born by the arrival; a death registered refuses a visit of now; under the unit's
 * complete check, a record that lacks what the reception needs refuses it too), or a patient without identification
 * of this unit not yet tied to a citizen. Adds field errors.
 */
async function checkPaciente(
  tx: DbOrTx,
  unidadeId: string,
  tipo: Tipo,
  p: { municipe_id?: string | null; paciente_sem_identificacao_id?: string | null },
  data_chegada: Date,
  errors: FieldErrors,
) {
  if (p.municipe_id) {
    const [m] = await tx
      .select({ data_nascimento: municipes.data_nascimento, obito: obitoDe(municipes), ...cadastroRecepcao })
      .from(municipes)
      .where(eq(municipes.id, p.municipe_id));
    if (!m) errors.add('municipe_id', msg.naoEValido);
    else {
      if (diaLocal(data_chegada) < m.data_nascimento)
        errors.add('data_chegada', msg.atendimentoAntesDoNascimento(isoToBr(m.data_nascimento) ?? m.data_nascimento));
      // A visit written down before the death may still be entered late.
      if (m.obito && !tipo.retroativo) errors.add('municipe_id', msg.atendimentoMunicipeComObito);
      // The record is completed with the patient at the desk: a late entry (the patient gone) is not refused.
      else if (!tipo.retroativo && (await validacaoDaUnidade(tx, unidadeId)) === 'completa') {
        const faltas = pendenciasCadastro(m);
        if (faltas.length > 0) errors.add('municipe_id', validacaoRecepcaoMsg.incompleto(faltas));
      }
    }
  } else if (p.paciente_sem_identificacao_id) {
    const [pac] = await tx
      .select({ municipe_id: psi.municipe_id })
      .from(psi)
      .where(and(eq(psi.id, p.paciente_sem_identificacao_id), eq(psi.unidade_saude_id, unidadeId)));
    if (!pac) errors.add('paciente_sem_identificacao_id', msg.naoEValido);
    else if (pac.municipe_id) errors.add('paciente_sem_identificacao_id', msg.atendimentoPacienteIdentificado);
  }
}

/** The CBO the visit is registered under: the one sent (one of the user's), or the user's only one. */
function resolveOcupacao(ctx: Ctx, enviada: string | undefined, atual: string | null, errors: FieldErrors) {
  const minhas = ocupacoesDe(ctx);
  if (enviada) {
    // The one already stored stays valid for whoever edits the visit.
    if (enviada !== atual && !minhas.includes(enviada)) errors.add('ocupacao_id', msg.naoEValido);
    return enviada;
  }
  if (atual) return atual;
  if (minhas.length === 1) return minhas[0]!;
  errors.add('ocupacao_id', msg.obrigatorio);
  return '';
}

/** The visit's own answers as columns: what was not answered (or the form no longer shows) is null. */
const colunas = (n: Values) =>
  nullify({
    senha: n.senha,
    acolhimento: n.acolhimento,
    sindrome_gripal: n.sindrome_gripal,
    convenio: n.convenio,
    tipo_chegada_id: n.tipo_chegada_id,
    placa_veiculo: n.placa_veiculo,
    violencia: n.violencia,
    acidente_trabalho: n.acidente_trabalho,
    possui_acompanhante: n.possui_acompanhante,
    acompanhante_nome: n.acompanhante_nome,
    rg: n.rg,
    parentesco_id: n.parentesco_id,
    telefone: n.telefone,
    justificativa_retroativo: n.justificativa_retroativo,
  });

export async function create(ctx: Ctx, tipo: Tipo, v: AtendimentoValues): Promise<Dated<Atendimento>> {
  return ctx.db.transaction(async (tx) => {
    const unidadeId = await unidadeDeUrgencia(ctx, tx);
    if (ocupacoesDe(ctx).length === 0) throw forbidden(msg.atendimentoSemOcupacao);
    const n = normalizarAtendimento(v, { retroativo: tipo.retroativo });
    const errors = new FieldErrors();
    const { data_chegada, data_ficha } = momentos(n);
    if (data_ficha < data_chegada) errors.add('data_ficha', msg.fichaAntesDaChegada);
    await checkPaciente(tx, unidadeId, tipo, n, data_chegada, errors);
    const ocupacao_id = resolveOcupacao(ctx, n.ocupacao_id, null, errors);
    errors.throwIfAny();

    const id = newId();
    const who = autor(ctx);
    await tx.insert(a).values({
      ...colunas(n),
      id,
      unidade_saude_id: unidadeId,
      profissional_id: ctx.usuario!.profissionalId,
      ocupacao_id,
      especialidade: n.especialidade ?? especialidadeDe(ocupacoesDe(ctx)),
      municipe_id: n.municipe_id ?? null,
      paciente_sem_identificacao_id: n.paciente_sem_identificacao_id ?? null,
      data_chegada,
      data_ficha,
      retroativo: tipo.retroativo,
      situacao: 'aguardando',
      created_by: who,
      updated_by: who,
    });
    await senhaDoAtendimento(tx, ctx, unidadeId, id, n.senha);
    await audit(tx, ctx, {
      action: 'create',
      resource: tipo.resource,
      record_id: id,
      municipe_ids: titulares([{ municipe_id: n.municipe_id ?? null }]),
      details: { sem_identificacao: !!n.paciente_sem_identificacao_id },
    });
    return (await unscopedLoad(tx, id))!;
  });
}

export async function update(
  ctx: Ctx,
  tipo: Tipo,
  id: string,
  { lock_version, ...v }: Versioned<Values>,
): Promise<Dated<Atendimento>> {
  return ctx.db.transaction(async (tx) => {
    const unidadeId = await unidadeDeUrgencia(ctx, tx);
    const atual = await findInScope(tx, unidadeId, tipo, id, true);
    checkVersion(atual, lock_version);
    if (atual.situacao === 'cancelado' || atual.situacao === 'concluido')
      throw conflict(msg.atendimentoEncerradoNaoAltera);
    const n = normalizarAtendimento(v, { retroativo: tipo.retroativo });
    const errors = new FieldErrors();
    const { data_chegada, data_ficha } = momentos(n, atual);
    if (data_ficha < data_chegada) errors.add('data_ficha', msg.fichaAntesDaChegada);
    // The patient stays; only the citizen's birth is checked against a new arrival (no death check: already here).
    if (atual.municipe_id) {
      const [m] = await tx
        .select({ data_nascimento: municipes.data_nascimento })
        .from(municipes)
        .where(eq(municipes.id, atual.municipe_id));
      if (m && diaLocal(data_chegada) < m.data_nascimento)
        errors.add('data_chegada', msg.atendimentoAntesDoNascimento(isoToBr(m.data_nascimento) ?? m.data_nascimento));
    }
    const ocupacao_id = resolveOcupacao(ctx, n.ocupacao_id, atual.ocupacao_id, errors);
    errors.throwIfAny();
    const cols = { ...colunas(n), ocupacao_id, especialidade: n.especialidade ?? null, data_chegada, data_ficha };
    await updateVersioned(tx, ctx, a, { key: eq(a.id, id), lockVersion: lock_version }, cols);
    await senhaDoAtendimento(tx, ctx, unidadeId, id, n.senha);
    await audit(tx, ctx, {
      action: 'update',
      resource: tipo.resource,
      record_id: id,
      municipe_ids: titulares([atual]),
      // Which fields changed, never their values.
      details: { campos: changedFields(atual, cols) },
    });
    return (await unscopedLoad(tx, id))!;
  });
}

/**
 * The arrival's ticket (issue 17): in a unit that manages queues, a code of one of today's tickets links and concludes
 * it; one another arrival took is refused on `senha` (the whole save rolls back).
 */
async function senhaDoAtendimento(tx: DbOrTx, ctx: Ctx, unidadeId: string, id: string, senha: string | undefined) {
  const errors = new FieldErrors();
  await vincularAoAtendimento(tx, ctx, unidadeId, id, senha, errors);
  errors.throwIfAny();
}

type Linha = typeof a.$inferSelect;

/**
 * A move of the visit's status in the unit's scope (404 otherwise): `passo` refuses it (409) or answers what it writes,
 * under a new version; the audit row names the action (who and when: the history) and the visit's citizen.
 */
function mover(
  ctx: Ctx,
  tipo: Tipo,
  id: string,
  action: string,
  passo: (atual: Linha, tx: DbOrTx, unidadeId: string) => Promise<Partial<typeof a.$inferInsert>>,
): Promise<Dated<Atendimento>> {
  return ctx.db.transaction(async (tx) => {
    const unidadeId = await unidadeDeUrgencia(ctx, tx);
    const atual = await findInScope(tx, unidadeId, tipo, id, true);
    if (!atual) throw notFound();
    const set = await passo(atual, tx, unidadeId);
    await tx
      .update(a)
      .set({ ...set, ...nextVersion(a, ctx) })
      .where(eq(a.id, id));
    await audit(tx, ctx, { action, resource: tipo.resource, record_id: id, municipe_ids: titulares([atual]) });
    return (await unscopedLoad(tx, id))!;
  });
}

/** Calls the patient (to the triage or the doctor): who and when are kept; a closed visit is refused. */
export const chamar = (ctx: Ctx, tipo: Tipo, id: string) =>
  mover(ctx, tipo, id, 'chamar', async (atual, tx, unidadeId) => {
    if (atual.situacao === 'cancelado') throw conflict(msg.atendimentoCanceladoNaoChama);
    if (atual.situacao === 'concluido') throw conflict(msg.atendimentoConcluidoNaoChama);
    if (atual.situacao === 'em_atendimento') throw conflict(msg.atendimentoEmAndamento);
    const agora = new Date();
    // A repeated call waits the unit's tempo_chamadas (spec §7), as a ticket's does.
    if (atual.situacao === 'chamado') {
      const restante = segundosRestantes(atual.chamado_em, await tempoChamadas(tx, unidadeId), agora);
      if (restante > 0) throw chamadaCedo(restante);
    }
    return { situacao: 'chamado', chamado_em: agora, chamado_por: autor(ctx) };
  });

/**
 * The care itself (issue 39; docs/decisions.md "Urgent-care statuses"): `iniciar` when the professional starts seeing
 * the patient (called or not: someone may walk straight in) → em_atendimento; `concluir` when the care ends →
 * concluido, after which the visit is closed to edits and calls.
 */
const mudarSituacao = (ctx: Ctx, tipo: Tipo, id: string, passo: 'iniciar' | 'concluir') =>
  mover(ctx, tipo, id, passo, async (atual) => {
    if (atual.situacao === 'cancelado' || atual.situacao === 'concluido')
      throw conflict(msg.atendimentoEncerradoNaoAltera);
    if (passo === 'iniciar' && atual.situacao === 'em_atendimento') throw conflict(msg.atendimentoEmAndamento);
    return { situacao: passo === 'iniciar' ? 'em_atendimento' : 'concluido' };
  });

export const iniciar = (ctx: Ctx, tipo: Tipo, id: string) => mudarSituacao(ctx, tipo, id, 'iniciar');
export const concluir = (ctx: Ctx, tipo: Tipo, id: string) => mudarSituacao(ctx, tipo, id, 'concluir');

/**
 * Spec §4: cancelling asks for a justification; the visit stays, shown as cancelled. The justification is free text
 * (it may name health conditions): the trail says that it was cancelled, not why.
 */
export const cancelar = (ctx: Ctx, tipo: Tipo, id: string, input: CancelarAtendimentoInput) =>
  mover(ctx, tipo, id, 'cancelar', async (atual) => {
    if (atual.situacao === 'cancelado') throw conflict(msg.atendimentoJaCancelado);
    if (atual.situacao === 'concluido') throw conflict(msg.atendimentoConcluidoNaoCancela);
    return {
      situacao: 'cancelado',
      cancelado_em: new Date(),
      cancelado_por: autor(ctx),
      justificativa_cancelamento: input.justificativa.trim(),
    };
  });

/** GET /contexto: the user's CBOs in the unit, the defaults, the unit's professionals and the patient asked for. */
export async function contexto(
  ctx: Ctx,
  tipo: Tipo,
  q: { municipe_id?: string | undefined; paciente_sem_identificacao_id?: string | undefined },
): Promise<AtendimentoContexto> {
  return auditedRead(
    ctx,
    async (db) => {
      const unidadeId = await unidadeDeUrgencia(ctx, db);
      const ocupacoes = ocupacoesDe(ctx);
      const profissionaisDaUnidade = await withLotacoesAtivas(
        db.select({ id: profissionais.id, nome: profissionais.nome }).from(lotacoes).$dynamic(),
        unidadeId,
      )
        .groupBy(profissionais.id, profissionais.nome)
        .orderBy(sql`${profissionais.nome} collate "und-x-icu"`, asc(profissionais.id));
      return {
        ocupacoes: ocupacoes.map((codigo) => ({ codigo, descricao: ocupacaoNome(codigo) })),
        ocupacao_id: ocupacoes.length === 1 ? ocupacoes[0]! : null,
        especialidade: especialidadeDe(ocupacoes),
        profissionais: profissionaisDaUnidade,
        ...(await pacienteDoContexto(db, unidadeId, q)),
      };
    },
    (c) => ({
      resource: tipo.resource,
      action: 'show',
      municipe_ids: c.paciente?.municipe_id ? [c.paciente.municipe_id] : [],
      details: { partes: ['contexto'] },
      always: !!c.paciente,
    }),
  );
}

/** The patient asked for and the unit's registration check: what the citizen's record lacks (issue 39). */
async function pacienteDoContexto(
  db: DbOrTx,
  unidadeId: string,
  q: { municipe_id?: string | undefined; paciente_sem_identificacao_id?: string | undefined },
): Promise<Pick<AtendimentoContexto, 'paciente' | 'validacao_cadastro'>> {
  const modo: ModoValidacaoRecepcao = await validacaoDaUnidade(db, unidadeId);
  if (q.municipe_id) {
    const [m] = await db
      .select({
        nome: municipes.nome,
        data_nascimento: municipes.data_nascimento,
        sexo_id: municipes.sexo_id,
        obito: obitoDe(municipes),
        ...cadastroRecepcao,
      })
      .from(municipes)
      .where(eq(municipes.id, q.municipe_id));
    if (!m) throw notFound();
    const pendencias = modo === 'sem_validacao' ? [] : pendenciasCadastro(m);
    return { paciente: pacienteDoMunicipe(q.municipe_id, m), validacao_cadastro: { modo, pendencias } };
  }
  return { paciente: await pacienteSemIdentificacao(db, unidadeId, q), validacao_cadastro: { modo, pendencias: [] } };
}

function pacienteDoMunicipe(
  id: string,
  m: {
    nome: string;
    data_nascimento: string;
    codigo_cns: string | null;
    cpf_numero: string | null;
    sexo_id: number;
    obito: boolean;
  },
): AtendimentoContexto['paciente'] {
  return {
    municipe_id: id,
    paciente_sem_identificacao_id: null,
    paciente_nome: m.nome,
    sem_identificacao: false,
    data_nascimento: m.data_nascimento,
    codigo_cns: m.codigo_cns,
    cpf_numero: m.cpf_numero,
    sexo_id: m.sexo_id,
    obito: m.obito,
    identificado: false,
  };
}

async function pacienteSemIdentificacao(
  db: DbOrTx,
  unidadeId: string,
  q: { paciente_sem_identificacao_id?: string | undefined },
): Promise<AtendimentoContexto['paciente']> {
  if (q.paciente_sem_identificacao_id) {
    const [p] = await db
      .select({ nome: psi.nome, municipe_id: psi.municipe_id, sexo_id: psi.sexo_id })
      .from(psi)
      .where(and(eq(psi.id, q.paciente_sem_identificacao_id), eq(psi.unidade_saude_id, unidadeId)));
    if (!p) throw notFound();
    return {
      municipe_id: null,
      paciente_sem_identificacao_id: q.paciente_sem_identificacao_id,
      paciente_nome: p.nome,
      sem_identificacao: true,
      data_nascimento: null,
      codigo_cns: null,
      cpf_numero: null,
      sexo_id: p.sexo_id,
      obito: false,
      identificado: p.municipe_id !== null,
    };
  }
  return null;
}
