import { z } from 'zod';
import { msg } from '../messages';
import { optionalText, zNumber, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import { inputBody, nullableString as s, opt, registroSchema, updateBody } from './comum';

// Ticket categories of the municipality (issue 17, spec §2 "categorias"): who is called first (prioridade 1 first),
// the ticket's letters ('P' → P001) and the colour the ticket shows on the desk and the calling panel.

export const LIMITES_CATEGORIA = { nome: 60, descricao: 200, prioridade: { min: 1, max: 99 } } as const;

/** 1 to 3 capital letters A–Z; typed in lower case it is raised (the ticket always shows capitals). */
export const zSigla = () =>
  zRequired()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{1,3}$/, { error: msg.naoEValido }));

/** '#RRGGBB' (upper case stored, so two spellings of one colour compare equal). */
export const zCor = () =>
  zRequired()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: msg.naoEValido })
    .transform((v) => v.toUpperCase());

export const categoriaFieldsSchema = z.object({
  nome: zRequired({ max: LIMITES_CATEGORIA.nome }),
  sigla: zSigla(),
  prioridade: zNumber({
    integer: true,
    between: [LIMITES_CATEGORIA.prioridade.min, LIMITES_CATEGORIA.prioridade.max],
  }),
  cor: zCor(),
  descricao: optionalText({ max: LIMITES_CATEGORIA.descricao }),
  ativo: z
    .boolean({ error: msg.naoEValido })
    .nullish()
    .transform((v) => v ?? true),
});
export type CategoriaValues = z.output<typeof categoriaFieldsSchema>;

export const categoriaInputSchema = inputBody(categoriaFieldsSchema, () => []);
export type CategoriaInput = z.input<typeof categoriaInputSchema>;
export const categoriaUpdateSchema = updateBody(categoriaFieldsSchema, () => []);
export type CategoriaUpdate = z.input<typeof categoriaUpdateSchema>;

/** The first ticket of a category, as the list shows it: 'P001'. */
export const exemploSenha = (sigla: string) => `${sigla || '?'}001`;

/** Relative luminance of '#RRGGBB' (WCAG 2.x). */
function luminancia(cor: string): number {
  const canal = (i: number) => {
    const c = parseInt(cor.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * canal(1) + 0.7152 * canal(3) + 0.0722 * canal(5);
}

/** WCAG contrast ratio between two '#RRGGBB' colours (1 to 21). */
export function contraste(a: string, b: string): number {
  const [x, y] = [luminancia(a), luminancia(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

export const TEXTO_CLARO = '#FFFFFF';
/** Pure black: with white or black, any colour reaches at least √21 ≈ 4.58:1 (WCAG AA for normal text). */
export const TEXTO_ESCURO = '#000000';

/** The ticket text colour that reads best on `cor` (white or dark), and its contrast ratio. */
export function textoSobre(cor: string): { cor: string; contraste: number } {
  if (!/^#[0-9a-fA-F]{6}$/.test(cor)) return { cor: TEXTO_ESCURO, contraste: 1 };
  const claro = contraste(cor, TEXTO_CLARO);
  const escuro = contraste(cor, TEXTO_ESCURO);
  return claro >= escuro ? { cor: TEXTO_CLARO, contraste: claro } : { cor: TEXTO_ESCURO, contraste: escuro };
}

// ---- what the API answers --------------------------------------------------------------------------------

/** GET /api/v1/filas/categorias/{id} (also what every write answers). */
export const categoriaSchema = z.object({
  ...registroSchema,
  nome: z.string(),
  sigla: z.string(),
  prioridade: z.int(),
  cor: z.string(),
  descricao: s(),
  ativo: z.boolean(),
  /** The queues it feeds (any unit's): the delete is refused while there is one. */
  filas: z.array(z.object({ id: z.uuid(), nome: z.string(), unidade_saude_nome: z.string() })),
  /** Tickets ever issued in it: the delete is refused while there is one. */
  senhas: z.int(),
});
export type Categoria = z.infer<typeof categoriaSchema>;

export const categoriaListItemSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  sigla: z.string(),
  prioridade: z.int(),
  cor: z.string(),
  descricao: s(),
  ativo: z.boolean(),
});
export type CategoriaListItem = z.infer<typeof categoriaListItemSchema>;

/** GET list filters: part of the name, active or not (absent: both). Ordered by priority, then name. */
export const categoriaFiltersSchema = paginationSchema.extend({
  nome: optionalText({ max: LIMITES_CATEGORIA.nome }),
  ativo: opt(
    z
      .union([z.boolean(), z.enum(['true', 'false'])], { error: msg.naoEValido })
      .transform((v) => v === true || v === 'true'),
  ),
});
export type CategoriaFilters = z.infer<typeof categoriaFiltersSchema>;
