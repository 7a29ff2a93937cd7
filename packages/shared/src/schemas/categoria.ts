import { z } from 'zod';
import { msg } from '../messages';
import { optionalText, zNumber, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import { inputBody, updateBody, ativoPorPadrao, filtroSimNao } from './comum';
import { estampas, nomeadoSchema, nullableString as s, registroSchema } from './resposta';

// Ticket categories of the municipality (issue 17, spec §2 "categorias"): who is called first (prioridade 1 first),
// the ticket's letters ('P' → P001) and the colour the ticket shows on the desk and the calling panel.

export const LIMITES_CATEGORIA = { nome: 60, descricao: 200, prioridade: { min: 1, max: 99 } } as const;

/** 1 to 3 capital letters A–Z; typed in lower case it is raised (the ticket always shows capitals). */
const zSigla = () =>
  zRequired()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{1,3}$/, { error: msg.naoEValido }));

/** '#RRGGBB' (upper case stored, so two spellings of one colour compare equal). */
export const zCor = () =>
  zRequired()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: msg.naoEValido })
    .transform((v) => v.toUpperCase());

export const categoriaFieldsSchema = z.object({
  nome: zRequired({ max: LIMITES_CATEGORIA.nome }).meta({ label: 'Nome' }),
  sigla: zSigla().meta({ label: 'Sigla' }),
  prioridade: zNumber({
    integer: true,
    between: [LIMITES_CATEGORIA.prioridade.min, LIMITES_CATEGORIA.prioridade.max],
  }).meta({ label: 'Prioridade' }),
  cor: zCor().meta({ label: 'Cor' }),
  descricao: optionalText({ max: LIMITES_CATEGORIA.descricao }).meta({ label: 'Descrição' }),
  ativo: ativoPorPadrao().meta({ label: 'Ativa' }),
});
export type CategoriaValues = z.output<typeof categoriaFieldsSchema>;

export const categoriaInputSchema = inputBody(categoriaFieldsSchema, () => []);
export type CategoriaInput = z.input<typeof categoriaInputSchema>;
export const categoriaUpdateSchema = updateBody(categoriaFieldsSchema, () => []);
export type CategoriaUpdate = z.input<typeof categoriaUpdateSchema>;

// The ticket's look (no zod: the list screens import it within their JavaScript budget).
export { contraste, exemploSenha, TEXTO_CLARO, TEXTO_ESCURO, textoSobre } from '../senha_cores';

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
  filas: z.array(nomeadoSchema.extend({ unidade_saude_nome: z.string() })),
  /** Tickets ever issued in it: the delete is refused while there is one. */
  senhas: z.int(),
});
export type Categoria = z.infer<typeof categoriaSchema>;

/** The category fields a ticket carries (its queue's list adds `ativo`). */
export const camposCategoriaSenha = { id: true, nome: true, sigla: true, cor: true, prioridade: true } as const;

export const categoriaListItemSchema = categoriaSchema.omit({ ...estampas, filas: true, senhas: true });
export type CategoriaListItem = z.infer<typeof categoriaListItemSchema>;

/** GET list filters: part of the name, active or not (absent: both). Ordered by priority, then name. */
export const categoriaFiltersSchema = paginationSchema.extend({
  nome: optionalText({ max: LIMITES_CATEGORIA.nome }),
  ativo: filtroSimNao(),
});
export type CategoriaFilters = z.infer<typeof categoriaFiltersSchema>;
