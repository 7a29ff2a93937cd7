import { z } from 'zod';
import { zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import { lockVersion } from './comum';
import { registroSchema } from './resposta';

// Terms of use (issue 21, spec §2 /termos_uso): each record is one version. A draft is edited freely; publishing
// freezes it, and the newest published version must be accepted by every user before anything else.

export const LIMITES_TERMO = { titulo: 150, texto: 100_000 } as const;

/**
 * The rich text's allow-list, the same on the server (which stores only these) and in the browser (which renders only
 * these): what the editor's toolbar makes. `a` keeps only an http(s) href.
 */
export const TAGS_TERMO = ['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'a'] as const;
/** Elements dropped with their content (never unwrapped into text). */
export const TAGS_DESCARTADAS = ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea'];
export const hrefSeguro = (href: string) => /^https?:\/\/[^\s]+$/i.test(href.trim());

export const termoUsoInputSchema = z.object({
  titulo: zRequired({ max: LIMITES_TERMO.titulo }),
  texto: zRequired({ max: LIMITES_TERMO.texto }),
});
export type TermoUsoValues = z.output<typeof termoUsoInputSchema>;
export const termoUsoUpdateSchema = termoUsoInputSchema.extend({ lock_version: lockVersion() });

export const termoUsoFiltersSchema = paginationSchema;
export type TermoUsoFilters = z.output<typeof termoUsoFiltersSchema>;

export const termoUsoSchema = z.object({
  ...registroSchema,
  versao: z.int(),
  titulo: z.string(),
  /** Sanitised HTML. */
  texto: z.string(),
  publicado_em: z.string().nullable(),
  publicado_por_nome: z.string().nullable(),
  aceites: z.int(),
});
export type TermoUso = z.infer<typeof termoUsoSchema>;

/** A list row: the version without its text, with how many users accepted it. */
export const termoUsoListItemSchema = termoUsoSchema.pick({
  ...{ id: true, versao: true, titulo: true, publicado_em: true, aceites: true, updated_at: true },
});
export type TermoUsoListItem = z.infer<typeof termoUsoListItemSchema>;

/** One acceptance: who, when, where from. */
export const termoUsoAceiteSchema = z.object({
  profissional_nome: z.string(),
  login: z.string(),
  aceito_em: z.string(),
  unidade_nome: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type TermoUsoAceite = z.infer<typeof termoUsoAceiteSchema>;

export { termoPendenteSchema, type TermoPendente } from './auth';
