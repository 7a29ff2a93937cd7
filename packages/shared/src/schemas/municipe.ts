import { z } from 'zod';
import { estadoCivil } from '../codes/estado_civil';
import { etnia } from '../codes/etnia';
import { isCodigo } from '../codes/lookup';
import { motivoSaidaCadastro } from '../codes/motivo_saida_cadastro';
import { nacionalidade } from '../codes/nacionalidade';
import { pais } from '../codes/pais';
import { parentesco } from '../codes/parentesco';
import { racaCor } from '../codes/raca_cor';
import { sexo } from '../codes/sexo';
import { tipoLogradouro } from '../codes/tipo_logradouro';
import { tipoSanguineo } from '../codes/tipo_sanguineo';
import { msg } from '../messages';
import { ageParts, isoToBr, isValidIsoDate, latestAdultBirthDate, todayIso } from '../validation/dates';
import { onlyDigits } from '../validation/digits';
import { optionalText, zCep, zCns, zCpf, zEmail, zIsoDate, zPhone, zPisPasep, zRequired } from '../validation/zod';
import {
  codigo,
  codigoObrigatorio,
  inputBody,
  opt,
  optionalDate,
  optionalUf,
  optionalUuid,
  rulesOf,
  given,
  simNao,
  str,
  updateBody,
} from './comum';
import type { Issue, Loose } from './comum';
import { nullableNumber as n, nullableString as s, registroSchema } from './resposta';

// The citizen (munícipe) of spec §3, shared by the web form and the API (issue 5). JSON names are the spec's
// snake_case. Codes are the `codigo` of the e-SUS APS tables (packages/shared/src/codes). Design notes:
// docs/decisions.md. The two blocks with their own permissions are in municipe_blocos.ts, the searches in
// municipe_busca.ts; both are re-exported here.

export * from './municipe_blocos';
export * from './municipe_busca';

// ---- helpers -------------------------------------------------------------------------------------

/** Digits with or without a mask, at most `max` digits (voter card, zone, section…). */
const optionalDigits = (min: number, max: number) =>
  opt(
    zRequired()
      .refine((v) => /^[\d\s./-]+$/.test(v) && onlyDigits(v).length >= min && onlyDigits(v).length <= max, {
        error: msg.naoEValido,
      })
      .transform((v) => onlyDigits(v)),
  );

// ---- small code lists of this module (no e-SUS table exists for them) -------------------------------

/** Civil certificate types (CADSUS document types). */
export const tiposCertidao = [
  { codigo: 'nascimento', descricao: 'Nascimento' },
  { codigo: 'casamento', descricao: 'Casamento' },
  { codigo: 'separacao_divorcio', descricao: 'Separação ou divórcio' },
  { codigo: 'rani', descricao: 'Registro Administrativo de Nascimento Indígena (RANI)' },
] as const;
type TipoCertidao = (typeof tiposCertidao)[number]['codigo'];
const tipoCertidaoCodigos = tiposCertidao.map((t) => t.codigo) as [TipoCertidao, ...TipoCertidao[]];

/** Why a record number (prontuário) was inactivated (spec §3 inativacao_motivo_id). */
export const motivosInativacaoProntuario = [
  { codigo: 1, descricao: 'Número duplicado' },
  { codigo: 2, descricao: 'Transferência para outra unidade' },
  { codigo: 3, descricao: 'Óbito' },
  { codigo: 4, descricao: 'Erro de cadastro' },
  { codigo: 99, descricao: 'Outro' },
] as const;

/** e-SUS codes the rules look at. */
export const RACA_COR_INDIGENA = 5;
export const NACIONALIDADE_BRASILEIRA = 1;
export const MOTIVO_SAIDA_OBITO = 135;
export const SEXO_MASCULINO = 0;
/** Spec §5: children aged 0 to 9 get the caregiver question. */
export const IDADE_MAXIMA_RESPONSAVEL_CRIANCA = 9;

// ---- record numbers (spec §3 "Record numbering") -------------------------------------------------

export const prontuarioInputSchema = z.object({
  /** Present for a number already saved; absent for a new one. */
  id: optionalUuid().meta({ label: 'Prontuário' }),
  numero: zRequired({ max: 20 }).meta({ label: 'Número do prontuário' }),
  unidade_saude_id: z
    .uuid({
      error: (iss) => (iss.input == null || iss.input === '' ? msg.obrigatorio : msg.naoEValido),
    })
    .meta({ label: 'Unidade do prontuário' }),
  inativacao_motivo_id: codigo(motivosInativacaoProntuario).meta({ label: 'Motivo da inativação' }),
  inativacao_justificativa: optionalText({ max: 500 }).meta({ label: 'Justificativa da inativação' }),
});

// ---- the citizen -------------------------------------------------------------------------------

const telefonesSchema = z
  .object(
    {
      residencial: opt(zPhone()).meta({ label: 'Telefone residencial' }),
      celular: opt(zPhone()).meta({ label: 'Telefone celular' }),
      contato: opt(zPhone()).meta({ label: 'Telefone de contato' }),
    },
    { error: msg.naoEValido },
  )
  .nullish()
  .transform((v) => v ?? { residencial: undefined, celular: undefined, contato: undefined });

/** Every field of the citizen of spec §3, without the rules that relate fields (see municipeInputSchema). */
export const municipeFieldsSchema = z.object({
  // identification
  cpf_numero: opt(zCpf()).meta({ label: 'CPF' }),
  codigo_cns: opt(zCns()).meta({ label: 'CNS' }),
  cartao_provisorio: optionalDigits(1, 20).meta({ label: 'Cartão provisório' }),
  cartao_municipal: optionalText({ max: 30 }).meta({ label: 'Cartão municipal' }),
  numero_registro: optionalText({ max: 30 }).meta({ label: 'Número de registro' }),
  numero_prontuario_familiar: optionalText({ max: 20 }).meta({ label: 'Prontuário familiar' }),
  prontuarios: z
    .array(prontuarioInputSchema, { error: msg.naoEValido })
    .max(50, { error: msg.naoEValido })
    .nullish()
    .transform((v) => v ?? [])
    .meta({ label: 'Prontuários' }),
  nome: zRequired({ min: 3, max: 70 }).meta({ label: 'Nome' }),
  nome_social: optionalText({ max: 70 }).meta({ label: 'Nome social' }),
  data_nascimento: zIsoDate({ defaultRange: true }).meta({ label: 'Data de nascimento' }),
  sexo_id: codigoObrigatorio(sexo).meta({ label: 'Sexo' }),
  estado_civil_id: codigo(estadoCivil).meta({ label: 'Estado civil' }),
  raca_cor_id: codigo(racaCor).meta({ label: 'Raça/cor' }),
  etnia_id: codigo(etnia).meta({ label: 'Etnia' }),
  nome_mae: optionalText({ max: 70 }).meta({ label: 'Nome da mãe' }),
  mae_desconhecida: simNao().meta({ label: 'Mãe desconhecida' }),
  nome_pai: optionalText({ max: 70 }).meta({ label: 'Nome do pai' }),
  pai_desconhecido: simNao().meta({ label: 'Pai desconhecido' }),
  responsavel_nome: optionalText({ max: 70 }).meta({ label: 'Nome do responsável' }),
  /** The guardian is an adult: born at most on spec §5's minimum adult birth date (today − 18 years). */
  responsavel_data_nascimento: opt(
    zIsoDate({ defaultRange: true }).refine((v) => v <= latestAdultBirthDate(), { error: msg.responsavelMenorDeIdade }),
  ).meta({ label: 'Data de nascimento do responsável' }),
  // nationality and birthplace
  nacionalidade_id: codigo(nacionalidade).meta({ label: 'Nacionalidade' }),
  municipio_nascimento_ibge: opt(zRequired().regex(/^\d{7}$/, { error: msg.naoEValido })).meta({
    label: 'Município de nascimento',
  }),
  pais_nascimento_id: codigo(pais).meta({ label: 'País de nascimento' }),
  data_entrada_brasil: optionalDate().meta({ label: 'Data de entrada no Brasil' }),
  data_naturalizacao: optionalDate().meta({ label: 'Data da naturalização' }),
  portaria_naturalizacao: optionalText({ max: 16 }).meta({ label: 'Portaria de naturalização' }),
  // contacts
  telefones: telefonesSchema.meta({ label: 'Telefones' }),
  email: opt(zEmail({ max: 100 })).meta({ label: 'E-mail' }),
  // residence
  residencia_cep: opt(zCep()).meta({ label: 'CEP' }),
  residencia_uf: optionalUf().meta({ label: 'UF' }),
  residencia_municipio_ibge: opt(zRequired().regex(/^\d{7}$/, { error: msg.naoEValido })).meta({ label: 'Município' }),
  residencia_tipo_logradouro: opt(
    zRequired().refine((v) => isCodigo(tipoLogradouro, v), { error: msg.naoEValido }),
  ).meta({ label: 'Tipo de logradouro' }),
  residencia_logradouro: optionalText({ max: 72 }).meta({ label: 'Logradouro' }),
  residencia_numero: optionalText({ max: 10 }).meta({ label: 'Número' }),
  residencia_complemento: optionalText({ max: 30 }).meta({ label: 'Complemento' }),
  residencia_bairro: optionalText({ max: 72 }).meta({ label: 'Bairro' }),
  residencia_ponto_referencia: optionalText({ max: 40 }).meta({ label: 'Ponto de referência' }),
  // reference unit, team and territory
  unidade_saude_referencia_id: optionalUuid().meta({ label: 'Unidade de referência' }),
  profissional_id: optionalUuid().meta({ label: 'Profissional de referência' }),
  equipe_id: optionalUuid().meta({ label: 'Equipe' }),
  /** CBO 2002 code of the reference professional's occupation (checked by the API against the CBO table). */
  ocupacao_id: opt(zRequired().regex(/^[0-9A-Z]{6}$/, { error: msg.naoEValido })).meta({
    label: 'CBO do profissional',
  }),
  micro_area: opt(zRequired().regex(/^\d{2}$/, { error: msg.naoEValido })).meta({ label: 'Microárea' }),
  fora_area: simNao().meta({ label: 'Fora de área' }),
  // exit from the register (spec §3, §4)
  motivo_saida_cadastro_id: codigo(motivoSaidaCadastro).meta({ label: 'Motivo da saída' }),
  /** Not after today (its lower bound, the birth date, is a cross-field rule). */
  data_obito: opt(zIsoDate({ max: () => todayIso() })).meta({ label: 'Data do óbito' }),
  numero_do: optionalDigits(1, 20).meta({ label: 'Número da declaração de óbito' }),
  // others
  parentesco_id: codigo(parentesco).meta({ label: 'Parentesco com o responsável familiar' }),
  doador_sangue: simNao().meta({ label: 'Doador de sangue' }),
  tipo_sanguineo_id: codigo(tipoSanguineo).meta({ label: 'Tipo sanguíneo' }),
  // documents
  rg_numero: optionalText({ max: 20 }).meta({ label: 'Número da identidade' }),
  rg_data_emissao: optionalDate().meta({ label: 'Data de emissão da identidade' }),
  rg_uf: optionalUf().meta({ label: 'UF da identidade' }),
  rg_orgao_emissor: optionalText({ max: 20 }).meta({ label: 'Órgão emissor' }),
  nis: opt(zPisPasep()).meta({ label: 'NIS (PIS/PASEP)' }),
  titulo_eleitor: optionalDigits(12, 13).meta({ label: 'Título de eleitor' }),
  titulo_zona: optionalDigits(1, 4).meta({ label: 'Zona' }),
  titulo_secao: optionalDigits(1, 4).meta({ label: 'Seção' }),
  certidao_tipo: opt(z.enum(tipoCertidaoCodigos, { error: msg.naoEValido })).meta({ label: 'Tipo de certidão' }),
  certidao_cartorio: optionalText({ max: 100 }).meta({ label: 'Cartório' }),
  certidao_livro: optionalText({ max: 8 }).meta({ label: 'Livro' }),
  certidao_folha: optionalText({ max: 4 }).meta({ label: 'Folha' }),
  certidao_termo: optionalText({ max: 8 }).meta({ label: 'Termo' }),
  certidao_data_emissao: optionalDate().meta({ label: 'Data de emissão da certidão' }),
  certidao_matricula: optionalDigits(32, 32).meta({ label: 'Matrícula' }),
});

/** An indigenous person without an ethnicity (e-SUS asks the ethnicity of indigenous people only). */
const semEtnia = (v: Loose) => Number(v.raca_cor_id) === RACA_COR_INDIGENA && !given(v.etnia_id);

/**
 * What the e-SUS APS individual record requires of the citizen's identity beyond name, birth and sex (LEDI
 * identificacaoUsuarioCidadao; the export's check, exportacao_esus/validacao.ts): race/colour (and the ethnicity of an
 * indigenous person), the mother's and the father's names or that they are unknown ("desconhece", the only unknown
 * LEDI allows here), the nationality, and a Brazilian's birthplace municipality. Asked by the individual registration
 * at entry (issue 39), so a record is never refused at the monthly export for them.
 */
export function identificacaoEsusIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  const add = (campo: string, message: string = msg.obrigatorio) => issues.push({ path: [campo], message });
  if (!given(v.raca_cor_id)) add('raca_cor_id');
  else if (semEtnia(v)) add('etnia_id');
  for (const [nome, desconhecido] of [
    ['nome_mae', 'mae_desconhecida'],
    ['nome_pai', 'pai_desconhecido'],
  ] as const) {
    const n = str(v[nome]);
    if (v[desconhecido] === true) continue;
    if (!n) add(nome);
    else if (n.length < 3) add(nome, msg.min(3));
  }
  if (!given(v.nacionalidade_id)) add('nacionalidade_id');
  else if (Number(v.nacionalidade_id) === NACIONALIDADE_BRASILEIRA && !str(v.municipio_nascimento_ibge))
    add('municipio_nascimento_ibge');
  return issues;
}

/** The citizen's fields that identificacaoEsusIssues reads (a pick mask: the input and the answer schemas use it). */
export const CAMPOS_IDENTIFICACAO_ESUS = {
  raca_cor_id: true,
  etnia_id: true,
  nome_mae: true,
  mae_desconhecida: true,
  nome_pai: true,
  pai_desconhecido: true,
  municipio_nascimento_ibge: true,
} as const;

/** Those fields as the citizen registry validates each. */
export const identificacaoEsusFieldsSchema = municipeFieldsSchema.pick(CAMPOS_IDENTIFICACAO_ESUS);

const sameName = (a: string, b: string) =>
  a.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ') ===
  b.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

/**
 * The citizen rules of spec §5 that relate fields (issue 5). Pure: the form and the API run the same ones. Reads the
 * values loosely because it also runs when some field has already failed, so the form shows every problem at once.
 */
function municipeIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  const cpf = str(v.cpf_numero);
  const cns = str(v.codigo_cns);
  const provisorio = str(v.cartao_provisorio);
  if (provisorio && cns && onlyDigits(provisorio) === onlyDigits(cns)) {
    issues.push({ path: ['cartao_provisorio'], message: msg.cartaoProvisorioIgualCns });
    issues.push({ path: ['codigo_cns'], message: msg.cnsIgualCartaoProvisorio });
  }
  if (!provisorio && !cns) {
    issues.push({ path: ['codigo_cns'], message: msg.obrigatorio });
    if (!cpf) issues.push({ path: ['cpf_numero'], message: msg.obrigatorio });
  }
  const tel = (typeof v.telefones === 'object' && v.telefones !== null ? v.telefones : {}) as Loose;
  if (!str(tel.residencial) && !str(tel.celular) && !str(tel.contato)) {
    issues.push({ path: ['telefones', 'residencial'], message: msg.obrigatorio });
  }
  const nome = str(v.nome);
  const responsavel = str(v.responsavel_nome);
  if (nome && responsavel && sameName(nome, responsavel)) {
    issues.push({ path: ['responsavel_nome'], message: msg.responsavelIgualMunicipe });
  }
  const nascimento =
    typeof v.data_nascimento === 'string' && isValidIsoDate(v.data_nascimento) ? v.data_nascimento : undefined;
  const obito = typeof v.data_obito === 'string' && isValidIsoDate(v.data_obito) ? v.data_obito : undefined;
  if (nascimento && obito && obito < nascimento) {
    issues.push({ path: ['data_obito'], message: msg.maiorOuIgualQue(isoToBr(nascimento) ?? nascimento) });
  }
  if (Number(v.motivo_saida_cadastro_id) === MOTIVO_SAIDA_OBITO && !str(v.data_obito)) {
    issues.push({ path: ['data_obito'], message: msg.obrigatorio });
  }
  // e-SUS: the ethnicity is asked of indigenous people only (the API clears it for anyone else).
  if (semEtnia(v)) issues.push({ path: ['etnia_id'], message: msg.obrigatorio });
  if (Array.isArray(v.prontuarios)) {
    v.prontuarios.forEach((p: unknown, i) => {
      const pr = (typeof p === 'object' && p !== null ? p : {}) as Loose;
      const motivo = pr.inativacao_motivo_id;
      if (motivo !== undefined && motivo !== null && motivo !== '' && !str(pr.inativacao_justificativa)) {
        issues.push({ path: ['prontuarios', i, 'inativacao_justificativa'], message: msg.obrigatorio });
      }
    });
    const seen = new Map<string, number>();
    v.prontuarios.forEach((p: unknown, i) => {
      const pr = (typeof p === 'object' && p !== null ? p : {}) as Loose;
      const key = `${String(pr.unidade_saude_id)}|${str(pr.numero) ?? ''}`;
      if (!str(pr.numero)) return;
      if (seen.has(key)) issues.push({ path: ['prontuarios', i, 'numero'], message: msg.prontuarioEmUso });
      else seen.set(key, i);
    });
  }
  return issues;
}

/**
 * Unit flag `cpf_cns` (issue 39): in a unit that demands it, a citizen is saved only with a CPF or a CNS. The general
 * rule above already asks for them when there is no provisional card; the flag takes away the provisional card's
 * stand-in. Exempt (docs/decisions.md "Unit flags"): a deceased citizen (no document can be obtained any more) and a
 * baby in its first month (the CNS is issued after birth; the provisional card covers the wait).
 */
export function cpfCnsIssues(v: Loose, hoje: string = todayIso()): Issue[] {
  if (str(v.cpf_numero) || str(v.codigo_cns) || !str(v.cartao_provisorio)) return [];
  if (str(v.data_obito) || Number(v.motivo_saida_cadastro_id) === MOTIVO_SAIDA_OBITO) return [];
  const idade = typeof v.data_nascimento === 'string' ? ageParts(v.data_nascimento, hoje) : null;
  if (idade && idade.anos === 0 && idade.meses === 0) return [];
  return [
    { path: ['cpf_numero'], message: msg.cpfObrigatorioSemCns },
    { path: ['codigo_cns'], message: msg.cnsObrigatorioSemCpf },
  ];
}

/** What the form sends and the API accepts for a citizen (POST adds confirmar_duplicados, PUT adds lock_version). */
export const municipeInputSchema = inputBody(municipeFieldsSchema, municipeIssues);
export type MunicipeValues = z.output<typeof municipeInputSchema>;

/** POST body: the citizen, plus the confirmation that the likely duplicates shown were checked (409 otherwise). */
export const municipeCreateSchema = z.intersection(
  municipeFieldsSchema.extend({
    confirmar_duplicados: simNao(),
  }),
  rulesOf(municipeIssues),
);
export type MunicipeCreate = z.input<typeof municipeCreateSchema>;

/** PUT body: the citizen as read, with the lock_version it was read at (a stale one answers 409). */
export const municipeUpdateSchema = updateBody(municipeFieldsSchema, municipeIssues);
export type MunicipeUpdate = z.input<typeof municipeUpdateSchema>;

// ---- what the API answers ------------------------------------------------------------------------

const prontuarioSchema = z.object({
  id: z.uuid(),
  numero: z.string(),
  unidade_saude_id: z.uuid(),
  unidade_nome: z.string(),
  inativacao_motivo_id: n(),
  inativacao_justificativa: s(),
  /** ISO timestamp of the inactivation; null while active. */
  inativado_em: s(),
});
export type Prontuario = z.infer<typeof prontuarioSchema>;

/** A citizen as GET /api/v1/municipes/{id} answers it: every input field (null when empty) plus display fields. */
export const municipeSchema = z.object({
  ...registroSchema,
  cpf_numero: s(),
  codigo_cns: s(),
  cartao_provisorio: s(),
  cartao_municipal: s(),
  numero_registro: s(),
  numero_prontuario_familiar: s(),
  prontuarios: z.array(prontuarioSchema),
  nome: z.string(),
  nome_social: s(),
  data_nascimento: z.string(),
  sexo_id: z.number(),
  estado_civil_id: n(),
  raca_cor_id: n(),
  etnia_id: n(),
  nome_mae: s(),
  mae_desconhecida: z.boolean(),
  nome_pai: s(),
  pai_desconhecido: z.boolean(),
  responsavel_nome: s(),
  responsavel_data_nascimento: s(),
  nacionalidade_id: n(),
  municipio_nascimento_ibge: s(),
  pais_nascimento_id: n(),
  data_entrada_brasil: s(),
  data_naturalizacao: s(),
  portaria_naturalizacao: s(),
  telefones: z.object({ residencial: s(), celular: s(), contato: s() }),
  email: s(),
  residencia_cep: s(),
  residencia_uf: s(),
  residencia_municipio_ibge: s(),
  residencia_tipo_logradouro: s(),
  residencia_logradouro: s(),
  residencia_numero: s(),
  residencia_complemento: s(),
  residencia_bairro: s(),
  residencia_ponto_referencia: s(),
  unidade_saude_referencia_id: s(),
  profissional_id: s(),
  equipe_id: s(),
  ocupacao_id: s(),
  micro_area: s(),
  fora_area: z.boolean(),
  motivo_saida_cadastro_id: n(),
  data_obito: s(),
  numero_do: s(),
  parentesco_id: n(),
  doador_sangue: z.boolean(),
  tipo_sanguineo_id: n(),
  rg_numero: s(),
  rg_data_emissao: s(),
  rg_uf: s(),
  rg_orgao_emissor: s(),
  nis: s(),
  titulo_eleitor: s(),
  titulo_zona: s(),
  titulo_secao: s(),
  certidao_tipo: z.enum(tipoCertidaoCodigos).nullable(),
  certidao_cartorio: s(),
  certidao_livro: s(),
  certidao_folha: s(),
  certidao_termo: s(),
  certidao_data_emissao: s(),
  certidao_matricula: s(),
  /** A merged record (issue 45): the citizen it was merged into; the web opens that one. */
  unificado_em_id: s().optional(),
  // display
  /** Completed years today (or at death); the web writes it out with formatAge(data_nascimento). */
  idade: n(),
  unidade_referencia_nome: s(),
  equipe_nome: s(),
  profissional_nome: s(),
  residencia_municipio_nome: s(),
  municipio_nascimento_nome: s(),
});
export type Municipe = z.infer<typeof municipeSchema>;

/** A row of the list and of the advanced search. */
export const municipeListItemSchema = municipeSchema
  .pick({
    ...{ id: true, nome: true, nome_social: true, data_nascimento: true, idade: true, nome_mae: true },
    ...{ cpf_numero: true, codigo_cns: true, unidade_saude_referencia_id: true, unidade_referencia_nome: true },
    data_obito: true,
  })
  /** Deceased: a death date or an exit by death (the list shows "Óbito"). */
  .extend({ obito: z.boolean() });
export type MunicipeListItem = z.infer<typeof municipeListItemSchema>;

// ---- per-citizen access (spec §3, §6, §7) ------------------------------------------------------------

export const acoesCadastro = ['create', 'update', 'show'] as const;
export type AcaoCadastro = (typeof acoesCadastro)[number];
export const permissaoCadastroSchema = z.object({
  sociodemograficas: z.array(z.enum(acoesCadastro)),
  condicoes_saude: z.array(z.enum(acoesCadastro)),
});
export type PermissaoCadastro = z.infer<typeof permissaoCadastroSchema>;

// ---- display helpers -----------------------------------------------------------------------------

/** Completed years at `atIso` (default today); null when the dates do not make sense. */
export function idadeEmAnos(nascimentoIso: string, atIso: string = todayIso()): number | null {
  return ageParts(nascimentoIso, atIso)?.anos ?? null;
}

/** Deceased: a death date, or an exit from the register by death (issue 12: shown as "Óbito"). */
export const estaFalecido = (m: { data_obito: string | null; motivo_saida_cadastro_id: number | null }) =>
  m.data_obito !== null || m.motivo_saida_cadastro_id === MOTIVO_SAIDA_OBITO;

/** '12345678909' → '***.456.789-**' (the masking gov.br uses for a CPF shown to someone who needs only to recognise it). */
export function mascararCpf(cpf: string | null | undefined): string | null {
  const d = onlyDigits(cpf);
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : null;
}

/** '898001160360000' → '*** **** **** 0000'. */
export function mascararCns(cns: string | null | undefined): string | null {
  const d = onlyDigits(cns);
  return d.length === 15 ? `*** **** **** ${d.slice(11)}` : null;
}

/** 'Maria da Conceição Souza' → 'M. C. S.': a name shown to a user who may not open the citizen's record. */
export function iniciaisNome(nome: string): string {
  const particulas = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);
  return nome
    .trim()
    .split(/\s+/)
    .filter((p) => !particulas.has(p.toLowerCase()))
    .map((p) => `${p[0]!.toUpperCase()}.`)
    .join(' ');
}
