import { z } from 'zod';
import { cboVisitaDomiciliarCodigos } from '../codes/cbo_visita_domiciliar';
import { desfechoVisita } from '../codes/desfecho_visita';
import { motivoVisita } from '../codes/motivo_visita';
import { tipoImovel } from '../codes/tipo_imovel';
import { turno } from '../codes/turno';
import { isCodigo, type CodeRow } from '../codes/lookup';
import { msg } from '../messages';
import { optionalText, zNumber, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import {
  codigo,
  codigos,
  FAIXAS_SINAIS_VITAIS,
  SINAIS_VITAIS,
  given,
  inputBody,
  microArea,
  opt,
  optionalUuid,
  simNao,
  simNaoOpcional,
  sinaisVitaisFields,
  sinaisVitaisIssues,
  str,
  zDataHora,
  enderecoImovelFields,
  CAMPOS_ENDERECO_IMOVEL,
  ocupacaoPermitida,
} from './comum';
import type { Issue, Loose } from './comum';
import {
  nullableNumber as n,
  nullableString as s,
  ocupacaoSchema,
  sinaisVitaisSchema,
  responsavelSchema,
  enderecoImovelSchema,
} from './resposta';

// The home visit (ficha de visita domiciliar e territorial) of spec §3, issue 8. Field names are the spec's; codes are
// the e-SUS `codigo`. Rules: LEDI "Visita Domiciliar e Territorial" (docs/decisions.md "Home visits").

// ---- codes the rules look at ---------------------------------------------------------------------------

export const DESFECHO_REALIZADA = 1;
const DESFECHO_RECUSADA = 2;
const DESFECHO_AUSENTE = 3;
/** Refused or absent: e-SUS asks for no reasons and no measurements. */
export const desfechoSemDados = (d: unknown) => Number(d) === DESFECHO_RECUSADA || Number(d) === DESFECHO_AUSENTE;

/** Property types that are not where people live (commerce, vacant lot, strategic point, school, day care, church, CASAI). */
const TIPOS_IMOVEL_SEM_MORADOR: readonly number[] = [2, 3, 4, 5, 6, 12, 13];
export const imovelSemMorador = (t: unknown) => TIPOS_IMOVEL_SEM_MORADOR.includes(Number(t));
/** Reasons allowed at those properties (LEDI motivosVisita). */
export const MOTIVOS_IMOVEL_SEM_MORADOR: readonly number[] = [1, 34, 35, 36, 37, 27, 31, 28];
/** Pregnant and postpartum: not for a male citizen. */
export const MOTIVOS_SOMENTE_FEMININO: readonly number[] = [5, 6];

/** Reason groups as e-SUS shows them, in order, with their spec field names. */
export const gruposMotivoVisita = [
  { grupo: 'TIPO_VISITA', campo: 'tipo_visita', titulo: 'Tipo de visita' },
  { grupo: 'BUSCA_ATIVA', campo: 'busca_ativa', titulo: 'Busca ativa' },
  { grupo: 'ACOMPANHAMENTO', campo: 'acompanhamento', titulo: 'Acompanhamento' },
  {
    grupo: 'CONTROLE_AMBIENTAL_E_VETORIAL',
    campo: 'controle_ambiental_vetorial',
    titulo: 'Controle ambiental e vetorial',
  },
  { grupo: 'OUTROS', campo: 'outros', titulo: 'Outros' },
] as const;
type CampoGrupoMotivo = (typeof gruposMotivoVisita)[number]['campo'];

/** Each reason, in table order, with its group's field (looked up once: every visit of a history groups its reasons). */
const motivosComCampo = motivoVisita.flatMap((m) => {
  const g = gruposMotivoVisita.find((x) => x.grupo === m.grupo);
  return g ? [{ codigo: m.codigo, campo: g.campo as CampoGrupoMotivo }] : [];
});

/** The reasons of each group, for the form's checkbox groups and the API's grouped answer. */
export function motivosPorGrupo(ids: readonly number[]): Record<CampoGrupoMotivo, number[]> {
  const out = Object.fromEntries(gruposMotivoVisita.map((g) => [g.campo, [] as number[]])) as Record<
    CampoGrupoMotivo,
    number[]
  >;
  if (ids.length === 0) return out;
  for (const m of motivosComCampo) if (ids.includes(m.codigo)) out[m.campo].push(m.codigo);
  return out;
}

/** Shift of a time of day in São Paulo: morning until 11:59, afternoon until 17:59, then night (e-SUS Turno). */
export function turnoDaHora(hora: number): 1 | 2 | 3 {
  return hora < 12 ? 1 : hora < 18 ? 2 : 3;
}

export const JUSTIFICATIVA_CANCELAMENTO_MIN = 5;
export const JUSTIFICATIVA_CANCELAMENTO_MAX = 500;

// ---- input -----------------------------------------------------------------------------------------

const medida = (k: 'peso' | 'altura') => {
  const f = FAIXAS_SINAIS_VITAIS[k];
  return opt(zNumber({ between: [f.min, f.max], decimals: f.casas }));
};

/**
 * A code the form must answer: null, '' or absent → 'Não pode ficar em branco'; a code not in the table → 'não é
 * válido'. Never coerced (z.coerce turns null into 0, and 0 is a code of some tables: issue 12).
 */
export function codigoObrigatorio<T extends CodeRow>(table: readonly T[]) {
  return z.preprocess(
    (v) =>
      v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? Number(v) : v,
    z
      .number({ error: (iss) => (iss.input === undefined ? msg.obrigatorio : msg.naoEValido) })
      .refine((v) => isCodigo(table, v), { error: msg.naoEValido }),
  ) as unknown as z.ZodType<number, number | string | null | undefined>;
}

/** Where a visit without a family happened, typed (CEP lookup) when the property is not a registered household. */
const CAMPOS_ENDERECO_VISITA = CAMPOS_ENDERECO_IMOVEL.filter((c) => c !== 'sem_numero');
/** The address fields a typed address must fill (the number unless `sem_numero`). */
const ENDERECO_OBRIGATORIO = ['cep', 'uf', 'municipio_ibge', 'tipo_logradouro', 'logradouro', 'bairro'] as const;

export const visitaDomiciliarFieldsSchema = z.object({
  /** Generated by the client (uuid): a retried save answers the visit already saved instead of a second one. */
  id: z
    .uuid({ error: (iss) => (iss.input == null || iss.input === '' ? msg.obrigatorio : msg.naoEValido) })
    .meta({ label: 'Identificador da visita' }),
  /** The family visited; absent for a visit to a property without a family. */
  familia_id: optionalUuid().meta({ label: 'Família' }),
  /** The member visited; absent for a visit to the family or the home as a whole. */
  municipe_id: optionalUuid().meta({ label: 'Munícipe' }),
  /** A visit without a family: the registered household (of the user's team) where it happened. */
  domicilio_id: optionalUuid().meta({ label: 'Domicílio' }),
  /** The current unit when absent. */
  unidade_saude_id: optionalUuid().meta({ label: 'Unidade de saúde' }),
  /**
   * The agent whose visit it is: the user when absent. Only a user without a team (a coordinator) names another, an
   * agent assigned to the unit (issue 39).
   */
  profissional_id: optionalUuid().meta({ label: 'Profissional' }),
  /** Specialty (CBO) of the visiting agent; the API fills it when exactly one of the user's is compatible. */
  ocupacao_id: ocupacaoPermitida(cboVisitaDomiciliarCodigos).meta({ label: 'Especialidade (CBO)' }),
  /** Date and hour of the visit (ISO with offset); defaults to now, editable, never in the future. */
  data_visita: opt(zDataHora()).meta({ label: 'Data da visita' }),
  /** Shift; derived from the hour when absent. */
  turno_atendimentos: codigo(turno).meta({ label: 'Turno' }),
  micro_area: microArea().meta({ label: 'Micro-área' }),
  fora_area: simNao().meta({ label: 'Fora de área' }),
  /** Property type; the linked home's when absent. Without a home it must be answered (no default). */
  tipo_imovel_id: codigo(tipoImovel).meta({ label: 'Tipo de imóvel' }),
  numero_prontuario: opt(zRequired({ max: 30 }).regex(/^[\p{L}\d]+$/u, { error: msg.naoEValido })).meta({
    label: 'Nº do prontuário',
  }),
  visita_compartilhada: simNaoOpcional().meta({ label: 'Visita compartilhada' }),
  motivo_visita_ids: codigos(motivoVisita).meta({ label: 'Motivos da visita' }),
  desfecho_id: codigoObrigatorio(desfechoVisita).meta({ label: 'Desfecho' }),
  /** cm, 20–250, one decimal. */
  altura: medida('altura').meta({ label: 'Altura' }),
  /** kg, 0,5–500, three decimals. */
  peso: medida('peso').meta({ label: 'Peso' }),
  ...sinaisVitaisFields,
  // The address of a visit without a family at a property that is not a registered household.
  ...enderecoImovelFields,
});

const MEDIDAS = ['altura', 'peso', ...SINAIS_VITAIS] as const;

/** LEDI and spec rules that relate fields (pure; form and API). The API adds the member's sex and the family's state. */
export function visitaDomiciliarIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  const motivos = Array.isArray(v.motivo_visita_ids) ? v.motivo_visita_ids.map(Number) : [];
  if (v.fora_area !== true && !str(v.micro_area)) issues.push({ path: ['micro_area'], message: msg.obrigatorio });
  if (!given(v.tipo_imovel_id)) issues.push({ path: ['tipo_imovel_id'], message: msg.obrigatorio });
  issues.push(...enderecoIssues(v));
  if (desfechoSemDados(v.desfecho_id)) {
    if (motivos.length > 0) issues.push({ path: ['motivo_visita_ids'], message: msg.naoPreencherDesfecho });
    for (const f of MEDIDAS) if (given(v[f])) issues.push({ path: [f], message: msg.naoPreencherDesfecho });
    return issues;
  }
  if (Number(v.desfecho_id) === DESFECHO_REALIZADA && motivos.length === 0) {
    issues.push({ path: ['motivo_visita_ids'], message: msg.obrigatorio });
  }
  if (imovelSemMorador(v.tipo_imovel_id)) {
    if (motivos.some((m) => !MOTIVOS_IMOVEL_SEM_MORADOR.includes(m)))
      issues.push({ path: ['motivo_visita_ids'], message: msg.motivoImovelSemMorador });
    for (const f of MEDIDAS) if (given(v[f])) issues.push({ path: [f], message: msg.naoPreencherImovel });
    if (given(v.municipe_id)) issues.push({ path: ['municipe_id'], message: msg.naoPreencherImovel });
    if (given(v.numero_prontuario)) issues.push({ path: ['numero_prontuario'], message: msg.naoPreencherImovel });
  } else if (!given(v.municipe_id)) {
    // Measurements are a person's: only in a visit to a member.
    for (const f of MEDIDAS) if (given(v[f])) issues.push({ path: [f], message: msg.medidasSomenteMembro });
  }
  issues.push(...sinaisVitaisIssues(v));
  return issues;
}

/**
 * The place of the visit: a family's visit happens at the family's home, so it takes no address; a visit without a
 * family needs one, a registered household (`domicilio_id`) or a typed address, not both.
 */
function enderecoIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  const digitado = [...CAMPOS_ENDERECO_VISITA].filter((f) => str(v[f]));
  if (given(v.familia_id) || given(v.domicilio_id)) {
    for (const f of digitado) issues.push({ path: [f], message: msg.naoPreencherComImovel });
    if (given(v.familia_id) && given(v.domicilio_id))
      issues.push({ path: ['domicilio_id'], message: msg.naoPreencherComImovel });
    return issues;
  }
  for (const f of ENDERECO_OBRIGATORIO) if (!str(v[f])) issues.push({ path: [f], message: msg.obrigatorio });
  if (v.sem_numero !== true && !str(v.numero)) issues.push({ path: ['numero'], message: msg.obrigatorio });
  return issues;
}

export type VisitaDomiciliarValues = z.output<typeof visitaDomiciliarFieldsSchema>;

/** POST body. */
export const visitaDomiciliarInputSchema = inputBody(visitaDomiciliarFieldsSchema, visitaDomiciliarIssues);
export type VisitaDomiciliarInput = z.input<typeof visitaDomiciliarInputSchema>;

/** POST /visitas_domiciliares/{id}/cancelar. */
export const cancelarVisitaSchema = z.object({
  justificativa: zRequired({ min: JUSTIFICATIVA_CANCELAMENTO_MIN, max: JUSTIFICATIVA_CANCELAMENTO_MAX }),
});
export type CancelarVisitaInput = z.input<typeof cancelarVisitaSchema>;

// ---- what the API answers --------------------------------------------------------------------------------

const situacoesVisita = ['ativa', 'cancelada'] as const;

/** GET /visitas_domiciliares/{id} and the rows of the history. */
export const visitaDomiciliarSchema = z.object({
  id: z.uuid(),
  familia_id: s(),
  domicilio_id: s(),
  municipe_id: s(),
  municipe_nome: s(),
  unidade_saude_id: z.string(),
  unidade_saude_nome: s(),
  profissional_id: z.string(),
  profissional_nome: s(),
  equipe_id: s(),
  ...ocupacaoSchema,
  data_visita: z.string(),
  turno_atendimentos: z.number(),
  micro_area: s(),
  fora_area: z.boolean(),
  tipo_imovel_id: z.number(),
  numero_prontuario: s(),
  visita_compartilhada: z.boolean().nullable(),
  motivo_visita_ids: z.array(z.number()),
  // The reasons grouped as e-SUS groups them (spec field names).
  tipo_visita: z.array(z.number()),
  busca_ativa: z.array(z.number()),
  acompanhamento: z.array(z.number()),
  controle_ambiental_vetorial: z.array(z.number()),
  outros: z.array(z.number()),
  desfecho_id: z.number(),
  altura: n(),
  peso: n(),
  ...sinaisVitaisSchema,
  ...enderecoImovelSchema,
  /** Where it happened, in one line: the family's home, the household chosen, or the address typed. */
  endereco: s(),
  situacao: z.enum(situacoesVisita),
  cancelada_em: s(),
  cancelada_por_nome: s(),
  justificativa_cancelamento: s(),
  created_at: z.string(),
  /** The signed-in user may cancel it: still active, and theirs (or they are a manager of the unit). */
  pode_cancelar: z.boolean(),
});
export type VisitaDomiciliar = z.infer<typeof visitaDomiciliarSchema>;

const simNaoQuery = () => z.stringbool({ error: msg.naoEValido }).optional();

/** GET /visitas_domiciliares?familia_id=…&municipe_id=… (history, newest first). */
export const visitaDomiciliarFiltersSchema = paginationSchema.extend({
  familia_id: optionalUuid(),
  municipe_id: optionalUuid(),
  /** Only visits without a family (properties, citizens without a family). */
  sem_familia: simNaoQuery(),
  /** Only the signed-in user's own visits. */
  minhas: simNaoQuery(),
});
export type VisitaDomiciliarFilters = z.infer<typeof visitaDomiciliarFiltersSchema>;

/** A family as the visit screens name it: its head, record number and one-line address. */
const familiaDaVisita = { id: z.uuid(), ...responsavelSchema, numero_prontuario: s(), endereco: s() };

/** A row of the family list for visits (GET /visitas_domiciliares/familias). */
export const familiaParaVisitaSchema = z.object({
  ...familiaDaVisita,
  micro_area: s(),
  numero_membros: z.int(),
  mudou: z.boolean(),
  /** The family's micro-area is one of the user's team's. */
  minha_micro_area: z.boolean(),
  ultima_visita: s(),
  /** The newest change to the family, its home or any member's record (issue 25: the device reads it again). */
  alterado_em: z.string(),
});
export type FamiliaParaVisita = z.infer<typeof familiaParaVisitaSchema>;

export const familiasParaVisitaFiltersSchema = paginationSchema.extend({
  responsavel: optionalText({ max: 70 }),
  endereco: optionalText({ max: 100 }),
  numero_prontuario: optionalText({ max: 30 }),
  micro_area: microArea(),
});
export type FamiliasParaVisitaFilters = z.infer<typeof familiasParaVisitaFiltersSchema>;

/** GET /visitas_domiciliares/familias/{familiaId}: the family visit detail. */
export const familiaVisitaDetalheSchema = z.object({
  ...familiaDaVisita,
  domicilio_id: s(),
  tipo_imovel_id: n(),
  micro_area: s(),
  fora_area: z.boolean(),
  mudou: z.boolean(),
  ultima_visita: s(),
  membros: z.array(
    z.object({
      municipe_id: z.uuid(),
      nome: z.string(),
      nome_social: s(),
      data_nascimento: z.string(),
      /** 'x anos, y meses e z dias' (spec §5 age text). */
      idade: z.string(),
      sexo_id: z.number(),
      parentesco_id: z.number(),
      /** A death is registered: shown as "Óbito", never offered a visit, not counted among the active members. */
      obito: z.boolean(),
      /** The member's record number in the current unit, to prefill the form. */
      numero_prontuario: s(),
      ultima_visita: s(),
    }),
  ),
});
export type FamiliaVisitaDetalhe = z.infer<typeof familiaVisitaDetalheSchema>;

/**
 * GET /visitas_domiciliares/contexto: what the form needs before it opens. `pode_lancar` is false for a user who is
 * not an agent (others see the history only); `ocupacao_id` is set when exactly one of the user's specialties is
 * compatible with the form.
 */
export const visitaContextoSchema = z.object({
  pode_lancar: z.boolean(),
  /** A user without a team records the visit in an agent's name: the form asks which agent (issue 39). */
  escolhe_profissional: z.boolean(),
  motivo_bloqueio: s(),
  ocupacoes: z.array(z.object({ codigo: z.string(), descricao: z.string() })),
  ocupacao_id: s(),
  micro_area: s(),
  fora_area: z.boolean(),
  /** The home's; null without a home (the user answers it). */
  tipo_imovel_id: n(),
  numero_prontuario: s(),
  /** Asked for a citizen alone: the active family they belong to (the visit is then that family's). */
  familia_id: s(),
  /** A property asked for (domicilio_id) when it is in scope: the visit is recorded there, at its address. */
  domicilio_id: s(),
  /** A citizen without a family: their residence, to prefill the visit's address; a property: its address. */
  endereco: z.object(enderecoImovelSchema).omit({ sem_numero: true }).extend({ municipio_nome: s() }).nullable(),
});
export type VisitaContexto = z.infer<typeof visitaContextoSchema>;

export const visitaContextoFiltersSchema = z.object({
  familia_id: optionalUuid(),
  municipe_id: optionalUuid(),
  /** A registered property without a family (the ACE's list, issue 44): the visit's place. */
  domicilio_id: optionalUuid(),
});
