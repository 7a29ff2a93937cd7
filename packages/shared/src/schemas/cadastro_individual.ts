import { z } from 'zod';
import { cboCadastroIndividualCodigos } from '../codes/cbo_cadastro_individual';
import { deficienciaCidadao } from '../codes/deficiencia_cidadao';
import { isCodigo } from '../codes/lookup';
import { motivoSaidaCadastro } from '../codes/motivo_saida_cadastro';
import { nacionalidade } from '../codes/nacionalidade';
import { orientacaoSexual } from '../codes/orientacao_sexual';
import { pais } from '../codes/pais';
import { responsavelCrianca } from '../codes/responsavel_crianca';
import { msg } from '../messages';
import { isValidIsoDate, todayIso } from '../validation/dates';
import { onlyDigits } from '../validation/digits';
import { optionalText, zCns, zCpf, zIsoDate, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import {
  codigo,
  codigos,
  given,
  inputBody,
  lockVersion,
  opt,
  optionalDate,
  optionalUuid,
  simNao,
  simNaoOpcional,
  str,
  updateBody,
  zDataHora,
  cabecalhoEsusFields,
} from './comum';
import type { Issue, Loose } from './comum';
import {
  CAMPOS_IDENTIFICACAO_ESUS,
  identificacaoEsusFieldsSchema,
  MOTIVO_SAIDA_OBITO,
  municipeSchema,
  NACIONALIDADE_BRASILEIRA,
  RACA_COR_INDIGENA,
} from './municipe';

// The individual registration (cadastro individual) of spec §3, issue 6. It belongs to one citizen (municipe_id).
// One truth: the answers that are the citizen's own (documents, nationality, reference unit/team/professional,
// micro-area, deficiencies, sexual orientation) are written THROUGH to the citizen and read back from the citizen;
// the registration itself stores only what belongs to the form (refusal term, family head, registration date,
// food-insecurity screening) and its exit. Design notes: the header of
// apps/api/src/modules/atencao_primaria/cadastros_individuais/service.ts (to be copied into docs/decisions.md).

// ---- e-SUS codes the rules look at -------------------------------------------------------------------

export const NACIONALIDADE_NATURALIZADO = 2;
export const NACIONALIDADE_ESTRANGEIRO = 3;
export const PAIS_BRASIL = 31;
export { MOTIVO_SAIDA_OBITO, NACIONALIDADE_BRASILEIRA };

/** The two questions of the e-SUS food-insecurity screening (spec §5: three-month look-back), for the form's labels. */
export const perguntasInsegurancaAlimentar = {
  alimentos_acabaram_sem_dinheiro:
    'Nos últimos três meses, os alimentos acabaram antes que você tivesse dinheiro para comprar mais comida?',
  comeu_alguns_alimentos_sem_dinheiro:
    'Nos últimos três meses, você comeu apenas alguns alimentos que ainda tinha, porque o dinheiro acabou?',
} as const;

// ---- input -----------------------------------------------------------------------------------------

/**
 * The registration's own answers, stored on its row as they are (issue 13's null convention: a question nobody answered
 * is absent or null in the body, undefined after parsing and null in the row and in the answer). data_cadastro is its
 * own too, but changes shape (ISO text → timestamp).
 */
const respostasDoCadastroSchema = z.object({
  /** The citizen refused to be registered: only what e-SUS requires for a refusal is required. */
  termo_recusa: simNao().meta({ label: 'Termo de recusa' }),
  proprio_responsavel_familiar: simNao().meta({ label: 'É o próprio responsável familiar' }),
  // e-SUS food-insecurity screening, three-month look-back (spec §5): yes, no or not answered.
  alimentos_acabaram_sem_dinheiro: simNaoOpcional().meta({
    label: 'Os alimentos acabaram sem dinheiro para comprar mais',
  }),
  comeu_alguns_alimentos_sem_dinheiro: simNaoOpcional().meta({
    label: 'Comeu apenas alguns alimentos porque o dinheiro acabou',
  }),
});
export const CAMPOS_DO_CADASTRO = Object.keys(respostasDoCadastroSchema.shape) as Array<
  keyof typeof respostasDoCadastroSchema.shape
>;

/** The fields of another schema with this form's labels (the citizen registry's own schema keeps its own). */
const comRotulos = <T extends Record<string, z.ZodType>>(shape: T, labels: Record<keyof T, string>): T =>
  Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, f.meta({ label: labels[k as keyof T] })])) as T;

/**
 * The citizen's columns the registration writes through (same names on municipes, except unidade_saude_id, which is
 * the citizen's unidade_saude_referencia_id). An empty document keeps the citizen's (see the service).
 */
export const camposDoMunicipeSchema = z.object({
  // Header of the e-SUS form: the reference unit and the responsible professional (the user, or the record's; only a
  // coordinator may name another, issue 14).
  ...cabecalhoEsusFields(cboCadastroIndividualCodigos),
  micro_area: opt(zRequired().regex(/^\d{2}$/, { error: msg.naoEValido })).meta({ label: 'Micro-área' }),
  fora_area: simNao().meta({ label: 'Fora de área' }),
  // The citizen's documents, identity as e-SUS asks it (issue 39) and nationality.
  cpf_numero: opt(zCpf()).meta({ label: 'CPF' }),
  codigo_cns: opt(zCns()).meta({ label: 'CNS' }),
  ...comRotulos(
    {
      ...identificacaoEsusFieldsSchema.shape,
      // Left out keeps the citizen's answer (the API merges them), never read as "known". Same key order.
      mae_desconhecida: simNaoOpcional(),
      pai_desconhecido: simNaoOpcional(),
    },
    {
      raca_cor_id: 'Raça/cor',
      etnia_id: 'Etnia',
      nome_mae: 'Nome da mãe',
      mae_desconhecida: 'Mãe desconhecida',
      nome_pai: 'Nome do pai',
      pai_desconhecido: 'Pai desconhecido',
      municipio_nascimento_ibge: 'Município de nascimento',
    },
  ),
  nacionalidade_id: codigo(nacionalidade).meta({ label: 'Nacionalidade' }),
  pais_nascimento_id: codigo(pais).meta({ label: 'País de nascimento' }),
  data_naturalizacao: optionalDate().meta({ label: 'Data de naturalização' }),
  portaria_naturalizacao: optionalText({ max: 16 }).meta({ label: 'Portaria de naturalização' }),
  data_entrada_brasil: optionalDate().meta({ label: 'Data de entrada no Brasil' }),
});

/**
 * Answers written through to the citizen's sociodemographic block (one truth with GET
 * /municipes/{id}/sociodemografica). An unanswered yes/no question is left out of the block.
 */
export const sociodemograficaDoCadastroSchema = z.object({
  possui_deficiencia: simNaoOpcional().meta({ label: 'Tem alguma deficiência' }),
  deficiencias: codigos(deficienciaCidadao).meta({ label: 'Deficiências' }),
  informa_orientacao_sexual: simNaoOpcional().meta({ label: 'Deseja informar orientação sexual' }),
  orientacao_sexual_id: codigo(orientacaoSexual).meta({ label: 'Orientação sexual' }),
  /**
   * 'Com quem a criança fica?' (children 0–9 only; the API refuses it for older citizens). Absent keeps the
   * citizen's current answer; given, it is written through to the sociodemographic block like deficiencias.
   */
  responsaveis_criancas: z
    .array(
      z.coerce
        .number({ error: msg.naoEValido })
        .refine((v) => isCodigo(responsavelCrianca, v), { error: msg.naoEValido }),
      { error: msg.naoEValido },
    )
    .max(responsavelCrianca.length, { error: msg.naoEValido })
    .nullish()
    .transform((v) => (v == null ? undefined : [...new Set(v)]))
    .meta({ label: 'Com quem a criança fica?' }),
});

/** Every field the form sends, without the rules that relate fields (cadastroIndividualIssues). */
export const cadastroIndividualFieldsSchema = z.object({
  /** The citizen this registration belongs to (found or created with the citizen registry first). */
  municipe_id: z
    .uuid({ error: (iss) => (iss.input == null || iss.input === '' ? msg.obrigatorio : msg.naoEValido) })
    .meta({
      label: 'Munícipe',
    }),
  ...camposDoMunicipeSchema.shape,
  ...respostasDoCadastroSchema.shape,
  /** ISO timestamp; the API defaults to now. Editable, never in the future. */
  data_cadastro: opt(zDataHora()).meta({ label: 'Data do cadastro' }),
  ...sociodemograficaDoCadastroSchema.shape,
});

/**
 * Rules of spec §5 for this form that relate fields. Pure: the form and the API run the same ones; the API runs them
 * again on the citizen's values merged in (a document the body left empty is the citizen's).
 */
export function cadastroIndividualIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  const recusa = v.termo_recusa === true;
  const nac = Number(v.nacionalidade_id);
  if (!recusa) {
    if (!given(v.nacionalidade_id)) issues.push({ path: ['nacionalidade_id'], message: msg.obrigatorio });
    // e-SUS: CNS or CPF identifies the citizen; a refusal carries neither necessarily.
    if (!str(v.cpf_numero) && !str(v.codigo_cns)) {
      issues.push({ path: ['codigo_cns'], message: msg.cnsObrigatorioSemCpf });
      issues.push({ path: ['cpf_numero'], message: msg.cpfObrigatorioSemCns });
    }
    if (nac === NACIONALIDADE_ESTRANGEIRO) {
      if (!given(v.pais_nascimento_id)) issues.push({ path: ['pais_nascimento_id'], message: msg.obrigatorio });
      if (!str(v.data_entrada_brasil)) issues.push({ path: ['data_entrada_brasil'], message: msg.obrigatorio });
    }
    if (nac === NACIONALIDADE_NATURALIZADO) {
      if (!str(v.data_naturalizacao)) issues.push({ path: ['data_naturalizacao'], message: msg.obrigatorio });
      if (!str(v.portaria_naturalizacao)) issues.push({ path: ['portaria_naturalizacao'], message: msg.obrigatorio });
    }
    if (v.possui_deficiencia === true && !(Array.isArray(v.deficiencias) && v.deficiencias.length > 0)) {
      issues.push({ path: ['deficiencias'], message: msg.obrigatorio });
    }
    if (v.informa_orientacao_sexual === true && !given(v.orientacao_sexual_id)) {
      issues.push({ path: ['orientacao_sexual_id'], message: msg.obrigatorio });
    }
  }
  // A foreigner's country of birth is never Brazil, refusal or not.
  if (nac === NACIONALIDADE_ESTRANGEIRO && Number(v.pais_nascimento_id) === PAIS_BRASIL) {
    issues.push({ path: ['pais_nascimento_id'], message: msg.paisNaoPodeSerBrasil });
  }
  // e-SUS: the micro-area is part of the header, also for a refusal, unless the citizen lives outside the area.
  if (v.fora_area !== true && !str(v.micro_area)) issues.push({ path: ['micro_area'], message: msg.obrigatorio });
  return issues;
}

/** Clears answers that do not apply (nationality details, unanswered detail questions, micro-area outside the area). */
export function normalizarCadastroIndividual<T extends z.output<typeof cadastroIndividualFieldsSchema>>(v: T): T {
  const nac = v.nacionalidade_id;
  return {
    ...v,
    micro_area: v.fora_area ? undefined : v.micro_area,
    // e-SUS: the ethnicity is an indigenous person's; a parent known unknown has no name; the birthplace is a Brazilian's.
    etnia_id: v.raca_cor_id === RACA_COR_INDIGENA ? v.etnia_id : undefined,
    nome_mae: v.mae_desconhecida ? undefined : v.nome_mae,
    nome_pai: v.pai_desconhecido ? undefined : v.nome_pai,
    municipio_nascimento_ibge: nac === NACIONALIDADE_BRASILEIRA ? v.municipio_nascimento_ibge : undefined,
    pais_nascimento_id: nac === NACIONALIDADE_BRASILEIRA ? PAIS_BRASIL : v.pais_nascimento_id,
    data_naturalizacao: nac === NACIONALIDADE_NATURALIZADO ? v.data_naturalizacao : undefined,
    portaria_naturalizacao: nac === NACIONALIDADE_NATURALIZADO ? v.portaria_naturalizacao : undefined,
    data_entrada_brasil: nac === NACIONALIDADE_ESTRANGEIRO ? v.data_entrada_brasil : undefined,
    deficiencias: v.possui_deficiencia ? v.deficiencias : [],
    orientacao_sexual_id: v.informa_orientacao_sexual ? v.orientacao_sexual_id : undefined,
  };
}

/** POST body. */
export const cadastroIndividualInputSchema = inputBody(cadastroIndividualFieldsSchema, cadastroIndividualIssues);
export type CadastroIndividualInput = z.input<typeof cadastroIndividualInputSchema>;
export type CadastroIndividualValues = z.output<typeof cadastroIndividualFieldsSchema>;

/** PUT body: as read, with the lock_version it was read at (stale → 409). municipe_id cannot change (422 otherwise). */
export const cadastroIndividualUpdateSchema = updateBody(cadastroIndividualFieldsSchema, cadastroIndividualIssues);
export type CadastroIndividualUpdate = z.input<typeof cadastroIndividualUpdateSchema>;

// ---- exit from the register (spec §3, §4) ---------------------------------------------------------------

export const saidaCadastroFieldsSchema = z.object({
  motivo_saida_cadastro_id: z.unknown().transform((v, ctx): number => {
    if (v === undefined || v === null || v === '') {
      ctx.addIssue({ code: 'custom', message: msg.obrigatorio, input: v });
      return z.NEVER;
    }
    const n = Number(v);
    if (!isCodigo(motivoSaidaCadastro, n)) {
      ctx.addIssue({ code: 'custom', message: msg.naoEValido, input: v });
      return z.NEVER;
    }
    return n;
  }),
  /** Death only: not before birth (checked by the API), not after today in São Paulo ('deve ser menor ou igual que'). */
  data_obito: opt(zIsoDate({ max: () => todayIso() })),
  /** Death only: number of the death certificate (Declaração de Óbito). */
  numero_do: opt(
    zRequired()
      .refine((v) => /^[\d\s./-]+$/.test(v) && onlyDigits(v).length >= 1 && onlyDigits(v).length <= 20, {
        error: msg.naoEValido,
      })
      .transform(onlyDigits),
  ),
  /** Optional: when given and stale, 409. */
  lock_version: lockVersion().nullish(),
});

export function saidaCadastroIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  if (Number(v.motivo_saida_cadastro_id) === MOTIVO_SAIDA_OBITO) {
    if (!str(v.data_obito)) issues.push({ path: ['data_obito'], message: msg.obrigatorio });
    if (!given(v.numero_do)) issues.push({ path: ['numero_do'], message: msg.obrigatorio });
  }
  return issues;
}

export const saidaCadastroSchema = inputBody(saidaCadastroFieldsSchema, saidaCadastroIssues);
export type SaidaCadastroInput = z.input<typeof saidaCadastroSchema>;
export type SaidaCadastroValues = z.output<typeof saidaCadastroFieldsSchema>;

// ---- what the API answers --------------------------------------------------------------------------------

const s = () => z.string().nullable();
const n = () => z.number().nullable();
const b = () => z.boolean().nullable();

const situacoesCadastro = ['ativo', 'saida'] as const;
export type SituacaoCadastro = (typeof situacoesCadastro)[number];

/** Who the citizen is, as the registration's detail and its candidate search show them. */
const identificacaoMunicipe = {
  id: z.uuid(),
  nome: z.string(),
  nome_social: s(),
  data_nascimento: z.string(),
  idade: n(),
  sexo_id: z.number(),
  nome_mae: s(),
  cpf_numero: s(),
  codigo_cns: s(),
};

/** The citizen's identification as the registration's detail page shows it (read from the citizen). */
const cadastroIndividualMunicipeSchema = z.object({
  ...identificacaoMunicipe,
  cartao_provisorio: s(),
  telefones: z.object({ residencial: s(), celular: s(), contato: s() }),
  lock_version: z.int(),
});

/** GET /api/v1/atencao_primaria/cadastros_individuais/{id}. Citizen-owned fields are the citizen's current values. */
export const cadastroIndividualSchema = z.object({
  id: z.uuid(),
  municipe_id: z.uuid(),
  lock_version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
  situacao: z.enum(situacoesCadastro),
  // header (the citizen's)
  unidade_saude_id: s(),
  unidade_saude_nome: s(),
  profissional_id: s(),
  profissional_nome: s(),
  equipe_id: s(),
  equipe_nome: s(),
  ocupacao_id: s(),
  ocupacao_nome: s(),
  micro_area: s(),
  fora_area: z.boolean(),
  // documents, identity and nationality (the citizen's)
  cpf_numero: s(),
  codigo_cns: s(),
  ...municipeSchema.pick({ ...CAMPOS_IDENTIFICACAO_ESUS, municipio_nascimento_nome: true }).shape,
  nacionalidade_id: n(),
  pais_nascimento_id: n(),
  data_naturalizacao: s(),
  portaria_naturalizacao: s(),
  data_entrada_brasil: s(),
  // the registration's own (null: not answered)
  termo_recusa: z.boolean(),
  proprio_responsavel_familiar: z.boolean(),
  data_cadastro: z.string(),
  alimentos_acabaram_sem_dinheiro: b(),
  comeu_alguns_alimentos_sem_dinheiro: b(),
  // sociodemographic block (the citizen's; null: not answered)
  possui_deficiencia: b(),
  deficiencias: z.array(z.number()),
  informa_orientacao_sexual: b(),
  orientacao_sexual_id: n(),
  responsaveis_criancas: z.array(z.number()),
  // exit (the registration's; the citizen gets a copy)
  motivo_saida_cadastro_id: n(),
  data_obito: s(),
  numero_do: s(),
  saida_em: s(),
  /** The family the citizen is an active member of, when in the user's scope, and its household: the detail's links. */
  familia_id: s(),
  domicilio_id: s(),
  municipe: cadastroIndividualMunicipeSchema,
});
export type CadastroIndividual = z.infer<typeof cadastroIndividualSchema>;

/** A row of the list. */
export const cadastroIndividualListItemSchema = z.object({
  id: z.uuid(),
  municipe_id: z.uuid(),
  nome: z.string(),
  nome_social: s(),
  data_nascimento: z.string(),
  idade: n(),
  cpf_numero: s(),
  codigo_cns: s(),
  unidade_saude_id: s(),
  unidade_saude_nome: s(),
  equipe_id: s(),
  equipe_nome: s(),
  profissional_id: s(),
  profissional_nome: s(),
  micro_area: s(),
  fora_area: z.boolean(),
  data_cadastro: z.string(),
  situacao: z.enum(situacoesCadastro),
  motivo_saida_cadastro_id: n(),
  saida_em: s(),
});
export type CadastroIndividualListItem = z.infer<typeof cadastroIndividualListItemSchema>;

const filtroData = () => opt(zRequired().refine(isValidIsoDate, { error: msg.dateFormat }));

/** GET list filters. situacao defaults to 'ativo' (a registration with an exit leaves the active list). */
export const cadastroIndividualFiltersSchema = paginationSchema.extend({
  /** Part of the name or social name (accents and case do not matter). */
  nome: optionalText({ max: 70 }),
  /** CPF or CNS, with or without mask (or their first digits). */
  q: opt(
    zRequired()
      .refine((v) => /^[\d\s./-]+$/.test(v) && onlyDigits(v).length <= 15, { error: msg.naoEValido })
      .transform(onlyDigits),
  ),
  unidade_saude_id: optionalUuid(),
  equipe_id: optionalUuid(),
  profissional_id: optionalUuid(),
  micro_area: opt(zRequired().regex(/^\d{2}$/, { error: msg.naoEValido })),
  situacao: z.enum(situacoesCadastro, { error: msg.naoEValido }).default('ativo'),
  /** 'yyyy-MM-dd', inclusive, in São Paulo time. */
  data_cadastro_inicio: filtroData(),
  data_cadastro_fim: filtroData(),
});
export type CadastroIndividualFilters = z.infer<typeof cadastroIndividualFiltersSchema>;

// ---- citizens for a new registration (the form's picker, issue 12) ---------------------------------------------

/** Why a citizen cannot get a new registration: deceased, or an active registration already exists. */
const impedimentosCadastro = ['obito', 'cadastro_ativo'] as const;
export type ImpedimentoCadastro = (typeof impedimentosCadastro)[number];

/** GET /api/v1/atencao_primaria/cadastros_individuais/municipes?q=: the registry's one search box (name, CPF/CNS,
 * dd/mm/aaaa), at least 3 characters. */
export const candidatosCadastroFiltersSchema = paginationSchema.extend({
  q: zRequired({ max: 100 }),
});
export type CandidatosCadastroFilters = z.infer<typeof candidatosCadastroFiltersSchema>;

export const candidatoCadastroSchema = z.object({
  ...identificacaoMunicipe,
  /** null: may be registered. */
  impedimento: z.enum(impedimentosCadastro).nullable(),
  /** The active registration, when the user may open it (in their scope). */
  cadastro_id: s(),
});
export type CandidatoCadastro = z.infer<typeof candidatoCadastroSchema>;
