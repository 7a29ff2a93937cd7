import { z } from 'zod';
import { parentesco } from '../codes/parentesco';
import { msg } from '../messages';
import { optionalText, zPhone, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import { chegadaPorVeiculo, isEspecialidade, situacoesAtendimento, tiposChegada } from './atendimento_tabelas';
import {
  codigo,
  codigoObrigatorio,
  given,
  inputBody,
  opt,
  optionalDate,
  optionalUuid,
  updateBody,
  simNaoOpcional,
  str,
  textoFiltro,
  zDataHora,
} from './comum';
import type { Issue, Loose } from './comum';
import { cabecalhoOcupacaoSchema, nullableNumber as n, nullableString as s, registroSchema } from './resposta';
import { opcaoSchema } from './opcoes_filtro';

// The urgent-care visit (atendimento) of spec §3, also retroactive (issue 16). Field names are the spec's and the
// columns' (apps/api/src/db/schema/urgencia.ts). Design: docs/decisions.md, "Urgent-care reception".

export * from './atendimento_tabelas';

export const JUSTIFICATIVA_MIN = 10;
export const JUSTIFICATIVA_MAX = 500;

/** A vehicle plate: the old 'ABC-1234' or the Mercosul 'ABC1D23', stored upper case without the hyphen. */
const placa = () =>
  zRequired({ max: 8 })
    .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[A-Z]{3}\d[A-Z0-9]\d{2}$/, { error: msg.naoEValido }));

// ---- input -------------------------------------------------------------------------------------------------

const COMPANHIA = ['acompanhante_nome', 'rg', 'parentesco_id', 'telefone'] as const;

export const atendimentoFieldsSchema = z.object({
  /** The patient: a citizen, or a patient without identification (exactly one of the two, on create). */
  municipe_id: optionalUuid().meta({ label: 'Munícipe' }),
  paciente_sem_identificacao_id: optionalUuid().meta({ label: 'Paciente sem identificação' }),
  /** The CBO the user registers under; the API fills it when exactly one of the user's is in the unit. */
  ocupacao_id: opt(zRequired().regex(/^\d{6}$/, { error: msg.naoEValido })).meta({ label: 'Ocupação (CBO)' }),
  /** The care specialty (CBO) the patient is sent to (especialidadesUrgencia). */
  especialidade: opt(zRequired().refine(isEspecialidade, { error: msg.naoEValido })).meta({ label: 'Especialidade' }),
  /** Queue ticket as printed on it: stored upper case ('n005' is the ticket N005, listed as N005). */
  senha: opt(
    zRequired({ max: 10 })
      .regex(/^[\p{L}\d -]+$/u, { error: msg.naoEValido })
      .transform((v) => v.toLocaleUpperCase('pt-BR')),
  ).meta({ label: 'Senha' }),
  /** Arrival and form date and hour (ISO with offset); now when absent, never in the future. */
  data_chegada: opt(zDataHora()).meta({ label: 'Data de chegada' }),
  data_ficha: opt(zDataHora()).meta({ label: 'Data da ficha' }),
  acolhimento: simNaoOpcional().meta({ label: 'Acolhimento' }),
  sindrome_gripal: simNaoOpcional().meta({ label: 'Síndrome gripal' }),
  convenio: optionalText({ max: 60 }).meta({ label: 'Convênio' }),
  tipo_chegada_id: codigoObrigatorio(tiposChegada).meta({ label: 'Tipo de chegada' }),
  /** Only for an arrival by vehicle (chegadaPorVeiculo); cleared otherwise. */
  placa_veiculo: opt(placa()).meta({ label: 'Placa do veículo' }),
  violencia: simNaoOpcional().meta({ label: 'Violência' }),
  acidente_trabalho: simNaoOpcional().meta({ label: 'Acidente de trabalho' }),
  possui_acompanhante: simNaoOpcional().meta({ label: 'Possui acompanhante' }),
  // The companion: only when possui_acompanhante; cleared otherwise.
  acompanhante_nome: optionalText({ max: 70 }).meta({ label: 'Nome do acompanhante' }),
  rg: opt(zRequired({ max: 20 }).regex(/^[\p{L}\d.\-/ ]+$/u, { error: msg.naoEValido })).meta({
    label: 'RG do acompanhante',
  }),
  parentesco_id: codigo(parentesco).meta({ label: 'Parentesco' }),
  telefone: opt(zPhone()).meta({ label: 'Telefone do acompanhante' }),
  /** Why a retroactive visit is entered late; required there, absent on a visit of now. */
  justificativa_retroativo: optionalText({ max: JUSTIFICATIVA_MAX }).meta({ label: 'Motivo do registro retroativo' }),
});

export type AtendimentoValues = z.output<typeof atendimentoFieldsSchema>;

const instante = (v: unknown): number | null => {
  if (typeof v !== 'string' || v.trim() === '') return null;
  const t = new Date(v).getTime();
  return Number.isNaN(t) ? null : t;
};

/**
 * Rules that relate fields (pure; form and API). `retroativo`: the late-entry form (arrival required, a reason).
 * `novo`: a create, which names the patient.
 */
function atendimentoIssues(v: Loose, { retroativo = false, novo = true } = {}): Issue[] {
  const issues: Issue[] = [];
  if (novo) {
    const m = given(v.municipe_id);
    const p = given(v.paciente_sem_identificacao_id);
    if (!m && !p) issues.push({ path: ['municipe_id'], message: msg.obrigatorio });
    if (m && p) issues.push({ path: ['paciente_sem_identificacao_id'], message: msg.municipeOuPaciente });
  }
  const chegada = instante(v.data_chegada);
  const ficha = instante(v.data_ficha);
  if (chegada !== null && ficha !== null && ficha < chegada)
    issues.push({ path: ['data_ficha'], message: msg.fichaAntesDaChegada });
  if (retroativo) {
    if (!given(v.data_chegada)) issues.push({ path: ['data_chegada'], message: msg.obrigatorio });
    const j = str(v.justificativa_retroativo);
    if (!j) issues.push({ path: ['justificativa_retroativo'], message: msg.obrigatorio });
    else if (j.length < JUSTIFICATIVA_MIN)
      issues.push({ path: ['justificativa_retroativo'], message: msg.min(JUSTIFICATIVA_MIN) });
  }
  if (v.possui_acompanhante === true && !str(v.acompanhante_nome))
    issues.push({ path: ['acompanhante_nome'], message: msg.obrigatorio });
  return issues;
}

/**
 * Clears what the form no longer shows, before it is sent and before the API stores it: the plate when the arrival
 * is not by vehicle, the companion when there is none, the late-entry reason on a visit of now.
 */
export function normalizarAtendimento<T extends Loose>(v: T, { retroativo = false } = {}): T {
  const out: Loose = { ...v };
  if (!chegadaPorVeiculo(v.tipo_chegada_id)) out.placa_veiculo = undefined;
  if (v.possui_acompanhante !== true) for (const c of COMPANHIA) out[c] = undefined;
  if (!retroativo) out.justificativa_retroativo = undefined;
  return out as T;
}

const semPaciente = atendimentoFieldsSchema.omit({ municipe_id: true, paciente_sem_identificacao_id: true });

/** POST /atendimentos. */
export const atendimentoInputSchema = inputBody(atendimentoFieldsSchema, (v) => atendimentoIssues(v));
export type AtendimentoInput = z.input<typeof atendimentoInputSchema>;
/** PUT /atendimentos/{id}: the patient stays (identifying one moves the visit, not an edit). */
export const atendimentoUpdateSchema = updateBody(semPaciente, (v) => atendimentoIssues(v, { novo: false }));
export type AtendimentoUpdate = z.input<typeof atendimentoUpdateSchema>;

/** POST /atendimentos_retroativos: the same fields, the arrival in the past and the reason required. */
export const atendimentoRetroativoInputSchema = inputBody(atendimentoFieldsSchema, (v) =>
  atendimentoIssues(v, { retroativo: true }),
);
export const atendimentoRetroativoUpdateSchema = updateBody(semPaciente, (v) =>
  atendimentoIssues(v, { retroativo: true, novo: false }),
);

/** POST /{id}/cancelar (spec §4: cancelling asks for a justification). */
export const cancelarAtendimentoSchema = z.object({
  justificativa: zRequired({ min: JUSTIFICATIVA_MIN, max: JUSTIFICATIVA_MAX }),
});
export type CancelarAtendimentoInput = z.input<typeof cancelarAtendimentoSchema>;

// ---- what the API answers --------------------------------------------------------------------------------

const eventosAtendimento = ['criado', 'alterado', 'chamado', 'iniciado', 'concluido', 'cancelado'] as const;

/** One line of the visit's history: what happened, when, by whom (and why, for a cancelling). */
const eventoAtendimentoSchema = z.object({
  evento: z.enum(eventosAtendimento),
  em: z.string(),
  por_nome: s(),
  detalhe: s(),
});
export type EventoAtendimento = z.infer<typeof eventoAtendimentoSchema>;

/** The patient of a visit as shown: the citizen's name, or the unidentified patient's name or pseudonym. */
const pacienteSchema = {
  municipe_id: s(),
  paciente_sem_identificacao_id: s(),
  paciente_nome: z.string(),
  /** A patient registered without identification (still, or since identified). */
  sem_identificacao: z.boolean(),
  data_nascimento: s(),
  codigo_cns: s(),
  cpf_numero: s(),
  /** The patient's sex (e-SUS code), for "chamado"/"chamada"; null when unknown. */
  sexo_id: n(),
};

/** GET /atendimentos/{id} (also create, update, chamar, cancelar). */
export const atendimentoSchema = z.object({
  ...registroSchema,
  ...cabecalhoOcupacaoSchema,
  especialidade: s(),
  especialidade_nome: s(),
  ...pacienteSchema,
  senha: s(),
  data_chegada: z.string(),
  data_ficha: z.string(),
  acolhimento: z.boolean().nullable(),
  sindrome_gripal: z.boolean().nullable(),
  convenio: s(),
  tipo_chegada_id: n(),
  placa_veiculo: s(),
  violencia: z.boolean().nullable(),
  acidente_trabalho: z.boolean().nullable(),
  possui_acompanhante: z.boolean().nullable(),
  acompanhante_nome: s(),
  rg: s(),
  parentesco_id: n(),
  telefone: s(),
  retroativo: z.boolean(),
  justificativa_retroativo: s(),
  situacao: z.enum(situacoesAtendimento),
  chamado_em: s(),
  chamado_por_nome: s(),
  cancelado_em: s(),
  cancelado_por_nome: s(),
  justificativa_cancelamento: s(),
  /** Oldest first. */
  historico: z.array(eventoAtendimentoSchema),
});
export type Atendimento = z.infer<typeof atendimentoSchema>;

export const atendimentoListItemSchema = z.object({
  id: z.uuid(),
  ...pacienteSchema,
  senha: s(),
  data_chegada: z.string(),
  tipo_chegada_id: n(),
  especialidade: s(),
  especialidade_nome: s(),
  situacao: z.enum(situacoesAtendimento),
  chamado_em: s(),
  profissional_id: z.string(),
  profissional_nome: s(),
  possui_acompanhante: z.boolean().nullable(),
});
export type AtendimentoListItem = z.infer<typeof atendimentoListItemSchema>;

/**
 * GET list filters. The period is the arrival's São Paulo date; the reception list shows today when no period (nor
 * patient) is given, the retroactive list every one (newest first).
 */
export const atendimentoFiltersSchema = paginationSchema.extend({
  data_inicio: optionalDate(),
  /** Not before data_inicio (the API answers 422 on data_fim). */
  data_fim: optionalDate(),
  situacao: opt(z.enum(situacoesAtendimento, { error: msg.naoEValido })),
  profissional_id: optionalUuid(),
  municipe_id: optionalUuid(),
  paciente_sem_identificacao_id: optionalUuid(),
  /** The patient by name (the citizen's or the unidentified patient's), or by the start of the CPF or CNS. */
  paciente: opt(textoFiltro(100)),
});
export type AtendimentoFilters = z.infer<typeof atendimentoFiltersSchema>;

/**
 * GET /atendimentos/contexto: what the arrival form needs before it opens. `ocupacao_id` and `especialidade` are set
 * when exactly one of the user's CBOs in the unit fits; `paciente` is the citizen (or unidentified patient) asked for.
 */
export const atendimentoContextoSchema = z.object({
  ocupacoes: z.array(z.object({ codigo: z.string(), descricao: z.string() })),
  ocupacao_id: s(),
  especialidade: s(),
  /** The professionals of the unit, for the list's filter. */
  profissionais: z.array(opcaoSchema),
  paciente: z
    .object({
      ...pacienteSchema,
      /** A death is registered: no arrival of now. */
      obito: z.boolean(),
      /** An unidentified patient already tied to a citizen: register the visit on the citizen. */
      identificado: z.boolean(),
    })
    .nullable(),
  /**
   * The unit's registration check (issue 39, validacao_recepcao.ts) and, for a citizen, what their record lacks
   * (empty under sem_validacao).
   */
  validacao_cadastro: z.object({
    modo: z.enum(['sem_validacao', 'aviso', 'completa']),
    pendencias: z.array(z.string()),
  }),
});
export type AtendimentoContexto = z.infer<typeof atendimentoContextoSchema>;

export const atendimentoContextoFiltersSchema = z.object({
  municipe_id: optionalUuid(),
  paciente_sem_identificacao_id: optionalUuid(),
});
