import { z } from 'zod';
import { corCabelo, corOlhos } from '../caracteristicas_fisicas';
import { deficienciaCidadao } from '../codes/deficiencia_cidadao';
import { nacionalidade } from '../codes/nacionalidade';
import { pais } from '../codes/pais';
import { racaCor } from '../codes/raca_cor';
import { sexo } from '../codes/sexo';
import { msg } from '../messages';
import { isValidIsoDate, todayIso } from '../validation/dates';
import { optionalText, zIsoDate, zNumber, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import {
  codigo,
  codigos,
  given,
  inputBody,
  opt,
  optionalUuid,
  requiredUuid,
  simNao,
  simNaoOpcional,
  str,
  updateBody,
  filtroSimNao,
} from './comum';
import type { Issue, Loose } from './comum';
import { cabecalhoOcupacaoSchema, nullableNumber as n, nullableString as s, registroSchema } from './resposta';
import { NACIONALIDADE_BRASILEIRA, NACIONALIDADE_ESTRANGEIRO, PAIS_BRASIL } from './cadastro_individual';
import { idadeEmAnos } from './municipe';

// The patient without identification of spec §3 (issue 16): someone who arrived unconscious or without documents,
// registered by what can be seen, given care visits like a citizen, and later identified — tied to a citizen, their
// visits moving to that citizen; a manager can undo the tie. docs/decisions.md "Patients without identification".
//
// Age: the estimated birth date is the truth when given, and `idade_estimada` is derived from it (an age sent with it
// must agree, else 'não confere com a data de nascimento estimada'); an age alone is kept as it is, no date invented.
// Mother: her name, or the flag that nobody could tell it — never both. Every question nobody answered stays null.

export { corCabelo, corOlhos };

/** Sane ranges of what can be estimated by looking (the form's limits and the API's). */
export const FAIXAS_PACIENTE = {
  idade_estimada: { min: 0, max: 130 },
  /** Centimetres: a newborn to the tallest adult. */
  altura_aproximada: { min: 20, max: 250 },
  /** Kilograms, one decimal. */
  peso_aproximado: { min: 0.5, max: 500 },
} as const;

/** The pseudonym the form offers when nobody knows the name: 'Desconhecido(a) 12'. */
export const pseudonimo = (n: number) => `Desconhecido(a) ${n}`;

const faixa = (k: keyof typeof FAIXAS_PACIENTE, extra: { integer?: boolean; decimals?: number }) => {
  const f = FAIXAS_PACIENTE[k];
  return opt(zNumber({ between: [f.min, f.max], ...extra }));
};

/** The patient's fields, each with its label (rotulos.ts: the form, the audit and its screen read them). */
export const pacienteSemIdentificacaoFieldsSchema = z.object({
  // The e-SUS header: the current urgent-care unit, the user and their occupation (CBO) there, filled by the API.
  unidade_saude_id: optionalUuid().meta({ label: 'Unidade de saúde' }),
  profissional_id: optionalUuid().meta({ label: 'Profissional' }),
  ocupacao_id: opt(zRequired().regex(/^\d{6}$/, { error: msg.naoEValido })).meta({ label: 'Ocupação (CBO)' }),
  /** A name someone told, or a pseudonym. */
  nome: zRequired({ max: 70 }).meta({ label: 'Nome ou pseudônimo' }),
  /** Never in the future (zIsoDate's default range: 130 years back to today). */
  data_nascimento_estimada: opt(zIsoDate({ defaultRange: true })).meta({ label: 'Data de nascimento estimada' }),
  idade_estimada: faixa('idade_estimada', { integer: true }).meta({ label: 'Idade estimada' }),
  possui_deficiencia: simNaoOpcional().meta({ label: 'Tem alguma deficiência?' }),
  deficiencia_ids: codigos(deficienciaCidadao).meta({ label: 'Deficiências' }),
  sexo_id: codigo(sexo).meta({ label: 'Sexo' }),
  raca_cor_id: codigo(racaCor).meta({ label: 'Raça/cor' }),
  cor_cabelo_id: codigo(corCabelo).meta({ label: 'Cor do cabelo' }),
  cor_olhos_id: codigo(corOlhos).meta({ label: 'Cor dos olhos' }),
  altura_aproximada: faixa('altura_aproximada', { integer: true }).meta({ label: 'Altura aproximada' }),
  peso_aproximado: faixa('peso_aproximado', { decimals: 1 }).meta({ label: 'Peso aproximado' }),
  outras_caracteristicas: optionalText({ max: 500 }).meta({ label: 'Outras características' }),
  nome_mae: optionalText({ max: 70 }).meta({ label: 'Nome da mãe' }),
  nome_mae_sem_informacao: simNao().meta({ label: 'Sem informação da mãe' }),
  nacionalidade_id: codigo(nacionalidade).meta({ label: 'Nacionalidade' }),
  /** Brazilians' birthplace (IBGE code, 7 digits). */
  municipio_nascimento_ibge: opt(zRequired().regex(/^\d{7}$/, { error: msg.naoEValido })).meta({
    label: 'Município de nascimento',
  }),
  /** Foreigners' (and the naturalized') country of birth; never Brazil for a foreigner. */
  pais_nascimento_id: codigo(pais).meta({ label: 'País de nascimento' }),
});

/** Rules that relate fields (pure; the form and the API run the same ones). */
function pacienteSemIdentificacaoIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  const data = str(v.data_nascimento_estimada);
  if (data && isValidIsoDate(data) && data <= todayIso() && given(v.idade_estimada)) {
    const idade = Number(String(v.idade_estimada).replace(',', '.'));
    if (Number.isFinite(idade) && idade !== idadeEmAnos(data))
      issues.push({ path: ['idade_estimada'], message: msg.idadeNaoConfere });
  }
  if (v.nome_mae_sem_informacao === true && str(v.nome_mae))
    issues.push({ path: ['nome_mae'], message: msg.naoPreencherSemInformacao });
  if (v.possui_deficiencia === true && !(Array.isArray(v.deficiencia_ids) && v.deficiencia_ids.length > 0))
    issues.push({ path: ['deficiencia_ids'], message: msg.obrigatorio });
  if (v.possui_deficiencia !== true && Array.isArray(v.deficiencia_ids) && v.deficiencia_ids.length > 0)
    issues.push({ path: ['deficiencia_ids'], message: msg.naoPreencherSemDeficiencia });
  const nac = Number(v.nacionalidade_id);
  if (given(v.municipio_nascimento_ibge) && given(v.nacionalidade_id) && nac !== NACIONALIDADE_BRASILEIRA)
    issues.push({ path: ['municipio_nascimento_ibge'], message: msg.somenteBrasileiros });
  if (nac === NACIONALIDADE_ESTRANGEIRO && Number(v.pais_nascimento_id) === PAIS_BRASIL)
    issues.push({ path: ['pais_nascimento_id'], message: msg.paisNaoPodeSerBrasil });
  return issues;
}

export type PacienteSemIdentificacaoValues = z.output<typeof pacienteSemIdentificacaoFieldsSchema>;

/**
 * What is stored: the age derived from the estimated birth date; Brazil as a Brazilian's country; no birthplace for
 * a foreigner; no deficiencies unless there is one.
 */
export function normalizarPaciente<T extends PacienteSemIdentificacaoValues>(v: T): T {
  const brasileiro = v.nacionalidade_id === NACIONALIDADE_BRASILEIRA;
  return {
    ...v,
    idade_estimada: v.data_nascimento_estimada
      ? (idadeEmAnos(v.data_nascimento_estimada) ?? undefined)
      : v.idade_estimada,
    pais_nascimento_id: brasileiro ? PAIS_BRASIL : v.pais_nascimento_id,
    municipio_nascimento_ibge: v.nacionalidade_id === undefined || brasileiro ? v.municipio_nascimento_ibge : undefined,
    deficiencia_ids: v.possui_deficiencia ? v.deficiencia_ids : [],
    nome_mae: v.nome_mae_sem_informacao ? undefined : v.nome_mae,
  };
}

export const pacienteSemIdentificacaoInputSchema = inputBody(
  pacienteSemIdentificacaoFieldsSchema,
  pacienteSemIdentificacaoIssues,
);
export type PacienteSemIdentificacaoInput = z.input<typeof pacienteSemIdentificacaoInputSchema>;

export const pacienteSemIdentificacaoUpdateSchema = updateBody(
  pacienteSemIdentificacaoFieldsSchema,
  pacienteSemIdentificacaoIssues,
);
export type PacienteSemIdentificacaoUpdate = z.input<typeof pacienteSemIdentificacaoUpdateSchema>;

/** POST /{id}/identificar: the citizen this patient turned out to be. */
export const identificarPacienteSchema = z.object({ municipe_id: requiredUuid() });
export type IdentificarPaciente = z.input<typeof identificarPacienteSchema>;

// ---- what the API answers --------------------------------------------------------------------------------

/** A care visit of the patient, as the patient's page lists it (read-only; the visits module owns them). */
export const atendimentoDoPacienteSchema = z.object({
  id: z.uuid(),
  data_chegada: z.string(),
  situacao: z.string(),
  retroativo: z.boolean(),
  senha: s(),
  especialidade: s(),
  profissional_nome: s(),
});

/** Who the patient turned out to be, and who said so when (all null while not identified). */
const identificacaoSchema = {
  municipe_id: s(),
  municipe_nome: s(),
  identificado_em: s(),
  identificado_por: s(),
  identificado_por_nome: s(),
};

/** GET /api/v1/urgencia_emergencia/paciente_sem_identificacoes/{id} (also what every write answers). */
export const pacienteSemIdentificacaoSchema = z.object({
  ...registroSchema,
  ...cabecalhoOcupacaoSchema,
  nome: z.string(),
  data_nascimento_estimada: s(),
  idade_estimada: n(),
  possui_deficiencia: z.boolean().nullable(),
  deficiencia_ids: z.array(z.number()),
  sexo_id: n(),
  raca_cor_id: n(),
  cor_cabelo_id: n(),
  cor_olhos_id: n(),
  altura_aproximada: n(),
  peso_aproximado: n(),
  outras_caracteristicas: s(),
  nome_mae: s(),
  nome_mae_sem_informacao: z.boolean(),
  nacionalidade_id: n(),
  municipio_nascimento_ibge: s(),
  municipio_nascimento_nome: s(),
  pais_nascimento_id: n(),
  ...identificacaoSchema,
  /** Newest first. */
  atendimentos: z.array(atendimentoDoPacienteSchema),
});
export type PacienteSemIdentificacao = z.infer<typeof pacienteSemIdentificacaoSchema>;

export const pacienteSemIdentificacaoListItemSchema = pacienteSemIdentificacaoSchema
  .pick({ id: true, nome: true, idade_estimada: true, sexo_id: true, created_at: true, profissional_nome: true })
  .extend({ numero_atendimentos: z.int(), ...identificacaoSchema });
export type PacienteSemIdentificacaoListItem = z.infer<typeof pacienteSemIdentificacaoListItemSchema>;

/** GET list filters: part of the name, identified or not, the registration period (São Paulo dates). */
export const pacienteSemIdentificacaoFiltersSchema = paginationSchema.extend({
  nome: optionalText({ max: 70 }),
  /** Absent: both. */
  identificado: filtroSimNao(),
  data_inicio: opt(zIsoDate()),
  data_fim: opt(zIsoDate()),
});
export type PacienteSemIdentificacaoFilters = z.infer<typeof pacienteSemIdentificacaoFiltersSchema>;

/** GET /pseudonimo: the next 'Desconhecido(a) n' of the unit. */
export const pseudonimoSchema = z.object({ nome: z.string() });
