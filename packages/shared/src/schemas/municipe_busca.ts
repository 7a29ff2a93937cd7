import { z } from 'zod';
import { msg } from '../messages';
import { brToIso, isValidIsoDate } from '../validation/dates';
import { onlyDigits } from '../validation/digits';
import { optionalText, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import { BUSCA_AVANCADA_MINIMO_FILTROS, contarFiltrosBuscaAvancada } from './municipe_busca_texto';

export * from './municipe_busca_texto';
import { opt, optionalUuid } from './comum';
import { nullableString as s } from './resposta';

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
