import { z } from 'zod';
import { msg } from '../messages';
import { brToIso, isValidIsoDate } from '../validation/dates';
import { onlyDigits } from '../validation/digits';
import { optionalText, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import { nullableString as s, opt, optionalUuid } from './comum';

// Finding citizens (issue 5): the list's search box, the advanced search, and the likely duplicates a new citizen is
// checked against. Re-exported by municipe.ts.

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

/** Letters or digits a search needs (spec §5 'deve conter pelo menos %{1} caracteres'). */
export const BUSCA_MINIMO = 3;
/** Name words read from a search; more narrow nothing a person would type. */
const BUSCA_MAX_PALAVRAS = 6;

/** 'João  da Conceição' → ['joao', 'da', 'conceicao']: what immutable_unaccent(lower()) does to the stored names. */
export function palavrasDe(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The name words a search looks for: those of at least 3 letters ('da', 'de' narrow nothing a trigram index can use),
 * at most 6. Empty when the text holds none (the search then answers 'deve conter pelo menos 3 caracteres').
 */
export const palavrasUteis = (text: string): string[] =>
  palavrasDe(text)
    .filter((w) => w.length >= BUSCA_MINIMO)
    .slice(0, BUSCA_MAX_PALAVRAS);

/** What the list's one search box was given (the API builds its query from this; the web checks it before asking). */
export type BuscaSimples =
  | { tipo: 'tudo' }
  | { tipo: 'nascimento'; iso: string }
  /** 11 digits a CPF, 15 a CNS or provisional card, 3–14 the start of a CPF or CNS. */
  | { tipo: 'documento'; digitos: string }
  | { tipo: 'nome'; texto: string; palavras: string[] }
  | { tipo: 'invalida'; mensagem: string };

/** Reads the search box: a dd/MM/yyyy date, digits with or without mask, or name words — or why it cannot be read. */
export function interpretarBusca(q: string | undefined): BuscaSimples {
  const text = (q ?? '').trim();
  if (text === '') return { tipo: 'tudo' };
  if (/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text)) {
    const [d, m, y] = text.split('/');
    const iso = brToIso(`${d!.padStart(2, '0')}/${m!.padStart(2, '0')}/${y}`);
    return iso ? { tipo: 'nascimento', iso } : { tipo: 'invalida', mensagem: msg.dateFormat };
  }
  if (/^[\d\s.\-/]+$/.test(text)) {
    const digitos = onlyDigits(text);
    if (digitos.length < BUSCA_MINIMO) return { tipo: 'invalida', mensagem: msg.min(BUSCA_MINIMO) };
    if (digitos.length > 15) return { tipo: 'invalida', mensagem: msg.naoEValido };
    return { tipo: 'documento', digitos };
  }
  const palavras = palavrasUteis(text);
  if (palavras.length === 0) return { tipo: 'invalida', mensagem: msg.min(BUSCA_MINIMO) };
  return { tipo: 'nome', texto: text, palavras };
}

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
  code: z.literal('confirmacao'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  duplicados: z.array(municipeDuplicadoSchema),
});
export type MunicipeDuplicadosResponse = z.infer<typeof municipeDuplicadosResponseSchema>;
