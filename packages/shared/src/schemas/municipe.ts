import { z } from 'zod';
import { acessoHigiene } from '../codes/acesso_higiene';
import { consideracaoPeso } from '../codes/consideracao_peso';
import { cursoMaisElevado } from '../codes/curso_mais_elevado';
import { deficienciaCidadao } from '../codes/deficiencia_cidadao';
import { doencaCardiaca } from '../codes/doenca_cardiaca';
import { doencaRespiratoria } from '../codes/doenca_respiratoria';
import { estadoCivil } from '../codes/estado_civil';
import { etnia } from '../codes/etnia';
import { identidadeGenero } from '../codes/identidade_genero';
import { isCodigo, type CodeRow } from '../codes/lookup';
import { motivoSaidaCadastro } from '../codes/motivo_saida_cadastro';
import { nacionalidade } from '../codes/nacionalidade';
import { orientacaoSexual } from '../codes/orientacao_sexual';
import { origemAlimentacao } from '../codes/origem_alimentacao';
import { pais } from '../codes/pais';
import { parentesco } from '../codes/parentesco';
import { povoComunidadeTradicional } from '../codes/povo_comunidade_tradicional';
import { problemaRins } from '../codes/problema_rins';
import { quantasVezesAlimentacao } from '../codes/quantas_vezes_alimentacao';
import { racaCor } from '../codes/raca_cor';
import { responsavelCrianca } from '../codes/responsavel_crianca';
import { sexo } from '../codes/sexo';
import { situacaoMercadoTrabalho } from '../codes/situacao_mercado_trabalho';
import { tempoSituacaoRua } from '../codes/tempo_situacao_rua';
import { tipoLogradouro } from '../codes/tipo_logradouro';
import { tipoSanguineo } from '../codes/tipo_sanguineo';
import { ufs } from '../ufs';
import { msg } from '../messages';
import { ageParts, brToIso, isoToBr, isValidIsoDate, todayIso } from '../validation/dates';
import { onlyDigits } from '../validation/digits';
import {
  optionalField,
  optionalText,
  zCep,
  zCns,
  zCpf,
  zEmail,
  zIsoDate,
  zPhone,
  zPisPasep,
  zRequired,
} from '../validation/zod';
import { paginationSchema } from './auth';

// The citizen (munícipe) of spec §3, shared by the web form and the API (issue 5). JSON names are the spec's
// snake_case. Codes are the `codigo` of the e-SUS APS tables (packages/shared/src/codes). Design notes:
// docs/decisions.md.

// ---- helpers -------------------------------------------------------------------------------------

/** optionalField, also optional as an object key of z.input (the form may leave the key out). */
const opt = <T extends z.ZodType>(schema: T) => optionalField(schema).optional();

/** An optional code of `table`: '', null → undefined; '12' or 12 → 12; a code not in the table → 'não é válido'. */
function codigo<T extends CodeRow>(table: readonly T[]) {
  return opt(z.coerce.number({ error: msg.naoEValido }).refine((v) => isCodigo(table, v), { error: msg.naoEValido }));
}

/** A list of codes of `table` (checkbox groups); null → []. Unique, each in the table. */
function codigos<T extends CodeRow>(table: readonly T[]) {
  return z
    .array(
      z.coerce.number({ error: msg.naoEValido }).refine((v) => isCodigo(table, v), { error: msg.naoEValido }),
      { error: msg.naoEValido },
    )
    .max(table.length, { error: msg.naoEValido })
    .nullish()
    .transform((v) => [...new Set(v ?? [])]);
}

/** Yes/no questions: null/undefined → false, so the record never holds a third state by accident. */
const simNao = () =>
  z
    .boolean({ error: msg.naoEValido })
    .nullish()
    .transform((v) => v ?? false);

/** A uuid of another record, optional. */
const optionalUuid = () => opt(z.uuid({ error: msg.naoEValido }));

/** Digits with or without a mask, at most `max` digits (voter card, zone, section…). */
const optionalDigits = (min: number, max: number) =>
  opt(
    zRequired()
      .refine((v) => /^[\d\s./-]+$/.test(v) && onlyDigits(v).length >= min && onlyDigits(v).length <= max, {
        error: msg.naoEValido,
      })
      .transform((v) => onlyDigits(v)),
  );

/** Optional date 'yyyy-MM-dd' within the default range of spec §5 (130 years back to today). */
const optionalDate = () => opt(zIsoDate({ defaultRange: true }));

const siglasUf = ufs.map((u) => u.sigla) as [string, ...string[]];
const optionalUf = () =>
  opt(
    zRequired()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(siglasUf, { error: msg.naoEValido })),
  );

// ---- small code lists of this module (no e-SUS table exists for them) -------------------------------

/** Civil certificate types (CADSUS document types). */
export const tiposCertidao = [
  { codigo: 'nascimento', descricao: 'Nascimento' },
  { codigo: 'casamento', descricao: 'Casamento' },
  { codigo: 'separacao_divorcio', descricao: 'Separação ou divórcio' },
  { codigo: 'rani', descricao: 'Registro Administrativo de Nascimento Indígena (RANI)' },
] as const;
export type TipoCertidao = (typeof tiposCertidao)[number]['codigo'];
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
export const MOTIVO_SAIDA_OBITO = 135;
/** Spec §5: children aged 0 to 9 get the caregiver question. */
export const IDADE_MAXIMA_RESPONSAVEL_CRIANCA = 9;

// ---- record numbers (spec §3 "Record numbering") -------------------------------------------------

export const prontuarioInputSchema = z.object({
  /** Present for a number already saved; absent for a new one. */
  id: optionalUuid(),
  numero: zRequired({ max: 20 }),
  unidade_saude_id: z.uuid({
    error: (iss) => (iss.input == null || iss.input === '' ? msg.obrigatorio : msg.naoEValido),
  }),
  inativacao_motivo_id: codigo(motivosInativacaoProntuario),
  inativacao_justificativa: optionalText({ max: 500 }),
});
export type ProntuarioInput = z.input<typeof prontuarioInputSchema>;

// ---- the citizen -------------------------------------------------------------------------------

const telefonesSchema = z
  .object(
    {
      residencial: opt(zPhone()),
      celular: opt(zPhone()),
      contato: opt(zPhone()),
    },
    { error: msg.naoEValido },
  )
  .nullish()
  .transform((v) => v ?? { residencial: undefined, celular: undefined, contato: undefined });

/** Every field of the citizen of spec §3, without the rules that relate fields (see municipeInputSchema). */
export const municipeFieldsSchema = z.object({
  // identification
  cpf_numero: opt(zCpf()),
  codigo_cns: opt(zCns()),
  cartao_provisorio: optionalDigits(1, 20),
  cartao_municipal: optionalText({ max: 30 }),
  numero_registro: optionalText({ max: 30 }),
  numero_prontuario_familiar: optionalText({ max: 20 }),
  prontuarios: z
    .array(prontuarioInputSchema, { error: msg.naoEValido })
    .max(50, { error: msg.naoEValido })
    .nullish()
    .transform((v) => v ?? []),
  nome: zRequired({ min: 3, max: 70 }),
  nome_social: optionalText({ max: 70 }),
  data_nascimento: zIsoDate({ defaultRange: true }),
  sexo_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: (iss) => (iss.input == null ? msg.obrigatorio : msg.naoEValido) })
      .refine((v) => isCodigo(sexo, v), { error: msg.naoEValido }),
  ),
  estado_civil_id: codigo(estadoCivil),
  raca_cor_id: codigo(racaCor),
  etnia_id: codigo(etnia),
  nome_mae: optionalText({ max: 70 }),
  mae_desconhecida: simNao(),
  nome_pai: optionalText({ max: 70 }),
  pai_desconhecido: simNao(),
  responsavel_nome: optionalText({ max: 70 }),
  responsavel_data_nascimento: optionalDate(),
  // nationality and birthplace
  nacionalidade_id: codigo(nacionalidade),
  municipio_nascimento_ibge: opt(zRequired().regex(/^\d{7}$/, { error: msg.naoEValido })),
  pais_nascimento_id: codigo(pais),
  data_entrada_brasil: optionalDate(),
  data_naturalizacao: optionalDate(),
  portaria_naturalizacao: optionalText({ max: 16 }),
  // contacts
  telefones: telefonesSchema,
  email: opt(zEmail({ max: 100 })),
  // residence
  residencia_cep: opt(zCep()),
  residencia_uf: optionalUf(),
  residencia_municipio_ibge: opt(zRequired().regex(/^\d{7}$/, { error: msg.naoEValido })),
  residencia_tipo_logradouro: opt(zRequired().refine((v) => isCodigo(tipoLogradouro, v), { error: msg.naoEValido })),
  residencia_logradouro: optionalText({ max: 72 }),
  residencia_numero: optionalText({ max: 10 }),
  residencia_complemento: optionalText({ max: 30 }),
  residencia_bairro: optionalText({ max: 72 }),
  residencia_ponto_referencia: optionalText({ max: 40 }),
  // reference unit, team and territory
  unidade_saude_referencia_id: optionalUuid(),
  profissional_id: optionalUuid(),
  equipe_id: optionalUuid(),
  /** CBO 2002 code of the reference professional's occupation (checked by the API against the CBO table). */
  ocupacao_id: opt(zRequired().regex(/^[0-9A-Z]{6}$/, { error: msg.naoEValido })),
  micro_area: opt(zRequired().regex(/^\d{2}$/, { error: msg.naoEValido })),
  fora_area: simNao(),
  // exit from the register (spec §3, §4)
  motivo_saida_cadastro_id: codigo(motivoSaidaCadastro),
  data_obito: optionalDate(),
  numero_do: optionalDigits(1, 20),
  // others
  parentesco_id: codigo(parentesco),
  doador_sangue: simNao(),
  tipo_sanguineo_id: codigo(tipoSanguineo),
  // documents
  rg_numero: optionalText({ max: 20 }),
  rg_data_emissao: optionalDate(),
  rg_uf: optionalUf(),
  rg_orgao_emissor: optionalText({ max: 20 }),
  nis: opt(zPisPasep()),
  titulo_eleitor: optionalDigits(12, 13),
  titulo_zona: optionalDigits(1, 4),
  titulo_secao: optionalDigits(1, 4),
  certidao_tipo: opt(z.enum(tipoCertidaoCodigos, { error: msg.naoEValido })),
  certidao_cartorio: optionalText({ max: 100 }),
  certidao_livro: optionalText({ max: 8 }),
  certidao_folha: optionalText({ max: 4 }),
  certidao_termo: optionalText({ max: 8 }),
  certidao_data_emissao: optionalDate(),
  certidao_matricula: optionalDigits(32, 32),
});

type Issue = { path: Array<string | number>; message: string };
/** Block rules run even when a field already failed (Zod skips refinements after an aborting issue by default). */
const always = {
  when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value),
};
type Loose = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const sameName = (a: string, b: string) =>
  a.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ') ===
  b.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

/**
 * The citizen rules of spec §5 that relate fields (issue 5). Pure: the form and the API run the same ones. Reads the
 * values loosely because it also runs when some field has already failed, so the form shows every problem at once.
 */
export function municipeIssues(v: Loose): Issue[] {
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
  const etniaDada = v.etnia_id !== undefined && v.etnia_id !== null && v.etnia_id !== '';
  if (!etniaDada && Number(v.raca_cor_id) === RACA_COR_INDIGENA)
    issues.push({ path: ['etnia_id'], message: msg.obrigatorio });
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
 * Cross-field rules as a schema that reads the raw input beside the field schema (z.intersection), so they answer even
 * when a field already failed with an aborting issue (a blank required field): the form shows every problem at once.
 */
const rulesOf = (rules: (v: Loose) => Issue[]) =>
  // A transform (not a refinement) so that this side always answers {}: the intersection then merges cleanly.
  z.unknown().transform((raw, ctx) => {
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      for (const i of rules(raw as Loose))
        ctx.addIssue({ code: 'custom', path: i.path, message: i.message, input: undefined });
    }
    return {};
  });

/** What the form sends and the API accepts for a citizen (POST adds confirmar_duplicados, PUT adds lock_version). */
export const municipeInputSchema = z.intersection(municipeFieldsSchema, rulesOf(municipeIssues));
export type MunicipeInput = z.input<typeof municipeInputSchema>;
export type MunicipeValues = z.output<typeof municipeInputSchema>;

/** POST body: the citizen, plus the confirmation that the likely duplicates shown were checked (409 otherwise). */
export const municipeCreateSchema = z.intersection(
  municipeFieldsSchema.extend({
    confirmar_duplicados: z
      .boolean({ error: msg.naoEValido })
      .nullish()
      .transform((v) => v ?? false),
  }),
  rulesOf(municipeIssues),
);
export type MunicipeCreate = z.input<typeof municipeCreateSchema>;

/** PUT body: the citizen as read, with the lock_version it was read at (a stale one answers 409). */
export const municipeUpdateSchema = z.intersection(
  municipeFieldsSchema.extend({
    lock_version: z.int({ error: msg.obrigatorio }).nonnegative({ error: msg.naoEValido }),
  }),
  rulesOf(municipeIssues),
);
export type MunicipeUpdate = z.input<typeof municipeUpdateSchema>;

// ---- what the API answers ------------------------------------------------------------------------

const s = () => z.string().nullable();
const n = () => z.number().nullable();

export const prontuarioSchema = z.object({
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
  id: z.uuid(),
  lock_version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
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
export const municipeListItemSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  nome_social: s(),
  data_nascimento: z.string(),
  idade: n(),
  nome_mae: s(),
  cpf_numero: s(),
  codigo_cns: s(),
  unidade_saude_referencia_id: s(),
  unidade_referencia_nome: s(),
  data_obito: s(),
});
export type MunicipeListItem = z.infer<typeof municipeListItemSchema>;

// ---- list and searches ---------------------------------------------------------------------------

/**
 * GET /api/v1/municipes: one search box (issue 5). `q` is a name (accents, case, word order and small misspellings
 * do not matter; at least one word of 3 letters), a CPF or CNS with or without mask (or its first digits), or a
 * dd/MM/yyyy birth date.
 */
export const municipeFiltersSchema = paginationSchema.extend({
  q: z
    .string({ error: msg.naoEValido })
    .trim()
    .max(100, { error: msg.max(100) })
    .optional(),
});
export type MunicipeFilters = z.infer<typeof municipeFiltersSchema>;

export const BUSCA_AVANCADA_MINIMO_FILTROS = 2;

/** The fields of the advanced search (issue 5), named as the citizen's fields. */
export const buscaAvancadaCampos = [
  'nome',
  'nome_social',
  'nome_mae',
  'nome_pai',
  'data_nascimento',
  'cpf_numero',
  'codigo_cns',
  'telefone',
  'residencia_logradouro',
  'unidade_saude_referencia_id',
  'micro_area',
] as const;
export type BuscaAvancadaCampo = (typeof buscaAvancadaCampos)[number];

const filtroTexto = (max: number) => optionalText({ max });

/** The advanced search filters without the two-filter rule (the API applies it and answers its own 422 message). */
export const municipeBuscaAvancadaBaseSchema = paginationSchema.extend({
  nome: filtroTexto(70),
  nome_social: filtroTexto(70),
  nome_mae: filtroTexto(70),
  nome_pai: filtroTexto(70),
  /** 'yyyy-MM-dd' or 'dd/MM/yyyy'. */
  data_nascimento: opt(
    zRequired()
      .transform((v) => (isValidIsoDate(v) ? v : brToIso(v)))
      .pipe(z.string({ error: msg.dateFormat })),
  ),
  cpf_numero: opt(
    zRequired()
      .refine((v) => /^[\d\s.-]+$/.test(v) && onlyDigits(v).length <= 11, { error: msg.naoEValido })
      .transform(onlyDigits),
  ),
  codigo_cns: opt(
    zRequired()
      .refine((v) => /^[\d\s.-]+$/.test(v) && onlyDigits(v).length <= 15, { error: msg.naoEValido })
      .transform(onlyDigits),
  ),
  telefone: opt(
    zRequired()
      .refine((v) => /^[\d\s().+-]+$/.test(v) && onlyDigits(v).length <= 11, { error: msg.naoEValido })
      .transform(onlyDigits),
  ),
  residencia_logradouro: filtroTexto(72),
  unidade_saude_referencia_id: optionalUuid(),
  micro_area: opt(zRequired().regex(/^\d{2}$/, { error: msg.naoEValido })),
});
export type MunicipeBuscaAvancada = z.infer<typeof municipeBuscaAvancadaBaseSchema>;

/** How many advanced-search filters hold a value. */
export function contarFiltrosBuscaAvancada(f: Partial<Record<BuscaAvancadaCampo, unknown>>): number {
  return buscaAvancadaCampos.filter((c) => {
    const v = f[c];
    return v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');
  }).length;
}

/** The advanced search as the form checks it: fewer than two filters → 'Preencha ao menos DOIS filtros…' on the root. */
export const municipeBuscaAvancadaSchema = municipeBuscaAvancadaBaseSchema.superRefine((v, ctx) => {
  if (contarFiltrosBuscaAvancada(v) < BUSCA_AVANCADA_MINIMO_FILTROS) {
    ctx.addIssue({ code: 'custom', path: [], message: msg.buscaAvancadaDoisFiltros, input: v });
  }
});

/** 409 body of POST /api/v1/municipes when likely duplicates exist and `confirmar_duplicados` was not true. */
export const municipeDuplicadoSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  nome_social: s(),
  data_nascimento: z.string(),
  nome_mae: s(),
  /** Masked: '***.456.789-**'. */
  cpf_numero: s(),
  /** Masked: '*** **** **** 1234'. */
  codigo_cns: s(),
  unidade_referencia_nome: s(),
});
export type MunicipeDuplicado = z.infer<typeof municipeDuplicadoSchema>;
export const municipeDuplicadosResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  duplicados: z.array(municipeDuplicadoSchema),
});
export type MunicipeDuplicadosResponse = z.infer<typeof municipeDuplicadosResponseSchema>;

// ---- per-citizen access (spec §3, §6, §7) ------------------------------------------------------------

export const acoesCadastro = ['create', 'update', 'show'] as const;
export type AcaoCadastro = (typeof acoesCadastro)[number];
export const permissaoCadastroSchema = z.object({
  sociodemograficas: z.array(z.enum(acoesCadastro)),
  condicoes_saude: z.array(z.enum(acoesCadastro)),
});
export type PermissaoCadastro = z.infer<typeof permissaoCadastroSchema>;

// ---- sociodemographic block (e-SUS individual form, "Informações sociodemográficas") ----------------

export const sociodemograficaFieldsSchema = z.object({
  povo_comunidade_tradicional: simNao(),
  povo_comunidade_tradicional_id: codigo(povoComunidadeTradicional),
  curso_mais_elevado_id: codigo(cursoMaisElevado),
  frequenta_escola: simNao(),
  situacao_mercado_trabalho_id: codigo(situacaoMercadoTrabalho),
  /** The citizen's own occupation (CBO 2002), checked by the API. */
  ocupacao_id: opt(zRequired().regex(/^[0-9A-Z]{6}$/, { error: msg.naoEValido })),
  participa_grupo_comunitario: simNao(),
  plano_saude_privado: simNao(),
  frequenta_cuidador_tradicional: simNao(),
  possui_deficiencia: simNao(),
  deficiencias: codigos(deficienciaCidadao),
  informa_orientacao_sexual: simNao(),
  orientacao_sexual_id: codigo(orientacaoSexual),
  informa_identidade_genero: simNao(),
  identidade_genero_id: codigo(identidadeGenero),
  responsavel_familiar: simNao(),
  /** Only for children aged 0 to 9 (spec §5); the API checks the age. */
  responsaveis_criancas: codigos(responsavelCrianca),
});

/** "Yes" to a question makes its detail required; "no" clears it (done by sociodemografica/condicaoSaude normalizers). */
function requiredWhen(v: Loose, flag: string, field: string, issues: Issue[]) {
  if (v[flag] !== true) return;
  const d = v[field];
  const empty = d === undefined || d === null || d === '' || (Array.isArray(d) && d.length === 0);
  if (empty) issues.push({ path: [field], message: msg.obrigatorio });
}

export function sociodemograficaIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  requiredWhen(v, 'povo_comunidade_tradicional', 'povo_comunidade_tradicional_id', issues);
  requiredWhen(v, 'possui_deficiencia', 'deficiencias', issues);
  requiredWhen(v, 'informa_orientacao_sexual', 'orientacao_sexual_id', issues);
  requiredWhen(v, 'informa_identidade_genero', 'identidade_genero_id', issues);
  return issues;
}

/** Clears the details of questions answered "no", so the stored answer never contradicts itself. */
export function normalizarSociodemografica<T extends z.output<typeof sociodemograficaFieldsSchema>>(v: T): T {
  return {
    ...v,
    povo_comunidade_tradicional_id: v.povo_comunidade_tradicional ? v.povo_comunidade_tradicional_id : undefined,
    deficiencias: v.possui_deficiencia ? v.deficiencias : [],
    orientacao_sexual_id: v.informa_orientacao_sexual ? v.orientacao_sexual_id : undefined,
    identidade_genero_id: v.informa_identidade_genero ? v.identidade_genero_id : undefined,
  };
}

export const sociodemograficaInputSchema = sociodemograficaFieldsSchema
  .extend({ lock_version: z.int({ error: msg.naoEValido }).nonnegative({ error: msg.naoEValido }).nullish() })
  .superRefine((v, ctx) => {
    for (const i of sociodemograficaIssues(v as Loose))
      ctx.addIssue({ code: 'custom', path: i.path, message: i.message, input: undefined });
  }, always);
export type SociodemograficaInput = z.input<typeof sociodemograficaInputSchema>;
export type SociodemograficaValues = z.output<typeof sociodemograficaFieldsSchema>;

const blocoMeta = {
  municipe_id: z.uuid(),
  /** null until the block is saved for the first time (then PUT creates it and needs the create permission). */
  lock_version: z.int().nullable(),
  updated_at: s(),
};

export const sociodemograficaSchema = z.object({
  ...blocoMeta,
  povo_comunidade_tradicional: z.boolean(),
  povo_comunidade_tradicional_id: n(),
  curso_mais_elevado_id: n(),
  frequenta_escola: z.boolean(),
  situacao_mercado_trabalho_id: n(),
  ocupacao_id: s(),
  participa_grupo_comunitario: z.boolean(),
  plano_saude_privado: z.boolean(),
  frequenta_cuidador_tradicional: z.boolean(),
  possui_deficiencia: z.boolean(),
  deficiencias: z.array(z.number()),
  informa_orientacao_sexual: z.boolean(),
  orientacao_sexual_id: n(),
  informa_identidade_genero: z.boolean(),
  identidade_genero_id: n(),
  responsavel_familiar: z.boolean(),
  responsaveis_criancas: z.array(z.number()),
});
export type Sociodemografica = z.infer<typeof sociodemograficaSchema>;

// ---- health conditions block (e-SUS individual form, "Condições/situações de saúde" and "Situação de rua") --------

export const condicaoSaudeFieldsSchema = z.object({
  gestante: simNao(),
  maternidade_referencia: optionalText({ max: 100 }),
  consideracao_peso_id: codigo(consideracaoPeso),
  fumante: simNao(),
  alcool: simNao(),
  outras_drogas: simNao(),
  hipertensao: simNao(),
  diabetes: simNao(),
  avc: simNao(),
  infarto: simNao(),
  doenca_cardiaca: simNao(),
  doencas_cardiacas: codigos(doencaCardiaca),
  doenca_rins: simNao(),
  doencas_rins: codigos(problemaRins),
  doenca_respiratoria: simNao(),
  doencas_respiratorias: codigos(doencaRespiratoria),
  hanseniase: simNao(),
  tuberculose: simNao(),
  cancer: simNao(),
  /** Hospitalised in the last 12 months (spec §5 look-back). */
  internacao_12_meses: simNao(),
  internacao_causa: optionalText({ max: 100 }),
  saude_mental: simNao(),
  acamado: simNao(),
  domiciliado: simNao(),
  plantas_medicinais: simNao(),
  plantas_medicinais_quais: optionalText({ max: 100 }),
  praticas_integrativas: simNao(),
  outras_condicoes: z
    .array(optionalText({ max: 100 }), { error: msg.naoEValido })
    .max(3, { error: msg.naoEValido })
    .nullish()
    .transform((v) => (v ?? []).filter((x): x is string => !!x)),
  // street situation
  situacao_rua: simNao(),
  tempo_situacao_rua_id: codigo(tempoSituacaoRua),
  recebe_beneficio: simNao(),
  referencia_familiar: simNao(),
  visita_familiar: simNao(),
  grau_parentesco_familiar: optionalText({ max: 100 }),
  acompanhado_outra_instituicao: simNao(),
  outra_instituicao: optionalText({ max: 100 }),
  quantas_vezes_alimentacao_id: codigo(quantasVezesAlimentacao),
  origem_alimentacao: codigos(origemAlimentacao),
  acesso_higiene: simNao(),
  acesso_higiene_ids: codigos(acessoHigiene),
});

export function condicaoSaudeIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  requiredWhen(v, 'doenca_cardiaca', 'doencas_cardiacas', issues);
  requiredWhen(v, 'doenca_rins', 'doencas_rins', issues);
  requiredWhen(v, 'doenca_respiratoria', 'doencas_respiratorias', issues);
  requiredWhen(v, 'internacao_12_meses', 'internacao_causa', issues);
  requiredWhen(v, 'plantas_medicinais', 'plantas_medicinais_quais', issues);
  requiredWhen(v, 'situacao_rua', 'tempo_situacao_rua_id', issues);
  requiredWhen(v, 'acompanhado_outra_instituicao', 'outra_instituicao', issues);
  requiredWhen(v, 'acesso_higiene', 'acesso_higiene_ids', issues);
  return issues;
}

export function normalizarCondicaoSaude<T extends z.output<typeof condicaoSaudeFieldsSchema>>(v: T): T {
  const rua = v.situacao_rua;
  return {
    ...v,
    maternidade_referencia: v.gestante ? v.maternidade_referencia : undefined,
    doencas_cardiacas: v.doenca_cardiaca ? v.doencas_cardiacas : [],
    doencas_rins: v.doenca_rins ? v.doencas_rins : [],
    doencas_respiratorias: v.doenca_respiratoria ? v.doencas_respiratorias : [],
    internacao_causa: v.internacao_12_meses ? v.internacao_causa : undefined,
    plantas_medicinais_quais: v.plantas_medicinais ? v.plantas_medicinais_quais : undefined,
    tempo_situacao_rua_id: rua ? v.tempo_situacao_rua_id : undefined,
    recebe_beneficio: rua && v.recebe_beneficio,
    referencia_familiar: rua && v.referencia_familiar,
    visita_familiar: rua && v.visita_familiar,
    grau_parentesco_familiar: rua ? v.grau_parentesco_familiar : undefined,
    acompanhado_outra_instituicao: rua && v.acompanhado_outra_instituicao,
    outra_instituicao: rua && v.acompanhado_outra_instituicao ? v.outra_instituicao : undefined,
    quantas_vezes_alimentacao_id: rua ? v.quantas_vezes_alimentacao_id : undefined,
    origem_alimentacao: rua ? v.origem_alimentacao : [],
    acesso_higiene: rua && v.acesso_higiene,
    acesso_higiene_ids: rua && v.acesso_higiene ? v.acesso_higiene_ids : [],
  };
}

export const condicaoSaudeInputSchema = condicaoSaudeFieldsSchema
  .extend({ lock_version: z.int({ error: msg.naoEValido }).nonnegative({ error: msg.naoEValido }).nullish() })
  .superRefine((v, ctx) => {
    for (const i of condicaoSaudeIssues(v as Loose))
      ctx.addIssue({ code: 'custom', path: i.path, message: i.message, input: undefined });
  }, always);
export type CondicaoSaudeInput = z.input<typeof condicaoSaudeInputSchema>;
export type CondicaoSaudeValues = z.output<typeof condicaoSaudeFieldsSchema>;

export const condicaoSaudeSchema = z.object({
  ...blocoMeta,
  gestante: z.boolean(),
  maternidade_referencia: s(),
  consideracao_peso_id: n(),
  fumante: z.boolean(),
  alcool: z.boolean(),
  outras_drogas: z.boolean(),
  hipertensao: z.boolean(),
  diabetes: z.boolean(),
  avc: z.boolean(),
  infarto: z.boolean(),
  doenca_cardiaca: z.boolean(),
  doencas_cardiacas: z.array(z.number()),
  doenca_rins: z.boolean(),
  doencas_rins: z.array(z.number()),
  doenca_respiratoria: z.boolean(),
  doencas_respiratorias: z.array(z.number()),
  hanseniase: z.boolean(),
  tuberculose: z.boolean(),
  cancer: z.boolean(),
  internacao_12_meses: z.boolean(),
  internacao_causa: s(),
  saude_mental: z.boolean(),
  acamado: z.boolean(),
  domiciliado: z.boolean(),
  plantas_medicinais: z.boolean(),
  plantas_medicinais_quais: s(),
  praticas_integrativas: z.boolean(),
  outras_condicoes: z.array(z.string()),
  situacao_rua: z.boolean(),
  tempo_situacao_rua_id: n(),
  recebe_beneficio: z.boolean(),
  referencia_familiar: z.boolean(),
  visita_familiar: z.boolean(),
  grau_parentesco_familiar: s(),
  acompanhado_outra_instituicao: z.boolean(),
  outra_instituicao: s(),
  quantas_vezes_alimentacao_id: n(),
  origem_alimentacao: z.array(z.number()),
  acesso_higiene: z.boolean(),
  acesso_higiene_ids: z.array(z.number()),
});
export type CondicaoSaude = z.infer<typeof condicaoSaudeSchema>;

// ---- display helpers -----------------------------------------------------------------------------

/** Completed years at `atIso` (default today); null when the dates do not make sense. */
export function idadeEmAnos(nascimentoIso: string, atIso: string = todayIso()): number | null {
  return ageParts(nascimentoIso, atIso)?.anos ?? null;
}

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
