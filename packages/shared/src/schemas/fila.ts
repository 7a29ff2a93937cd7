import { z } from 'zod';
import { msg } from '../messages';
import { optionalText, zNumber, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import { camposCategoriaSenha, categoriaSchema } from './categoria';
import { inputBody, lockVersion, updateBody, ativoPorPadrao, optionalUuid } from './comum';
import type { Issue, Loose } from './comum';
import { nomeadoSchema, nullableString as s, registroSchema } from './resposta';

// The queue parametrization of spec §2 and §5 (issue 17): the current unit's queues, where each is served (its
// locations: desks, rooms) and which categories feed it. A category feeds one queue of a unit; a queue may have none
// (it only receives forwarded tickets). docs/decisions.md "Queue parametrization" says what pending and open
// forwardings are.

export const LIMITES_FILA = { nome: 60, local: 60, locais: 50 } as const;

/** Seconds between two calls of the same ticket or patient (spec §7 tempo_chamadas). */
export const TEMPO_CHAMADAS = { min: 5, max: 600 } as const;

const localInputSchema = z.object({
  /** A location of this queue kept (absent: a new one). */
  id: optionalUuid(),
  nome: zRequired({ max: LIMITES_FILA.local }).meta({ label: 'Nome do local' }),
  ativo: ativoPorPadrao(),
});

/** The queue's fields, each with its label (rotulos.ts: the form, the audit and its screen read them). */
export const filaFieldsSchema = z.object({
  nome: zRequired({ max: LIMITES_FILA.nome }).meta({ label: 'Nome da fila' }),
  ativo: ativoPorPadrao().meta({ label: 'Fila ativa' }),
  /**
   * Every location of the queue (PUT replaces the list). A location left out that tickets name is kept inactive (the
   * tickets' history names it); one nobody named goes.
   */
  locais: z
    .array(localInputSchema, { error: msg.naoEValido })
    .max(LIMITES_FILA.locais, { error: msg.naoEValido })
    .nullish()
    .transform((v) => v ?? [])
    .meta({ label: 'Locais de atendimento' }),
  /** The categories that feed it; none: it only receives forwarded tickets. */
  categoria_ids: z
    .array(z.uuid({ error: msg.naoEValido }), { error: msg.naoEValido })
    .max(100, { error: msg.naoEValido })
    .nullish()
    .transform((v) => [...new Set(v ?? [])])
    .meta({ label: 'Categorias' }),
});
export type FilaValues = z.output<typeof filaFieldsSchema>;

/** Rules that relate fields (pure; form and API): at least one location, names unique in the queue. */
function filaIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  const locais = Array.isArray(v.locais) ? (v.locais as Loose[]) : [];
  if (locais.length === 0) issues.push({ path: ['locais'], message: msg.filaSemLocal });
  const vistos = new Set<string>();
  locais.forEach((l, i) => {
    const nome = typeof l?.nome === 'string' ? l.nome.trim().toLocaleLowerCase('pt-BR') : '';
    if (nome && vistos.has(nome)) issues.push({ path: ['locais', i, 'nome'], message: msg.localRepetido });
    vistos.add(nome);
  });
  return issues;
}

export const filaInputSchema = inputBody(filaFieldsSchema, filaIssues);
export type FilaInput = z.input<typeof filaInputSchema>;
export const filaUpdateSchema = updateBody(filaFieldsSchema, filaIssues);
export type FilaUpdate = z.input<typeof filaUpdateSchema>;

// ---- what the API answers --------------------------------------------------------------------------------

const localSchema = nomeadoSchema.extend({ ativo: z.boolean() });
export type Local = z.infer<typeof localSchema>;

/** A category as its queue shows it: the category record's own fields. */
const categoriaDaFilaSchema = categoriaSchema.pick({ ...camposCategoriaSenha, ativo: true });

/** GET /api/v1/filas/parametrizacoes/{id} (also what every write answers, and each row of the list). */
export const filaSchema = z.object({
  ...registroSchema,
  unidade_saude_id: z.uuid(),
  nome: z.string(),
  ativo: z.boolean(),
  /** Active first, then by name. */
  locais: z.array(localSchema),
  /** By priority, then name. */
  categorias: z.array(categoriaDaFilaSchema),
  /** Tickets waiting in it now. */
  aguardando: z.int(),
  /** Forwarded tickets waiting in it: while there is one the queue cannot be edited (spec §5). */
  encaminhamentos_pendentes: z.int(),
  /** Tickets forwarded into it, waiting, called or in attendance: while there is one it cannot be removed. */
  encaminhamentos_abertos: z.int(),
});
export type Fila = z.infer<typeof filaSchema>;

export const filaListItemSchema = filaSchema;

/** GET list filters: part of the name. Ordered by name. */
export const filaFiltersSchema = paginationSchema.extend({
  nome: optionalText({ max: LIMITES_FILA.nome }),
});
export type FilaFilters = z.infer<typeof filaFiltersSchema>;

/** GET /parametrizacoes/categorias: every category, with the queue of the current unit it feeds (null: free). */
export const categoriaDisponivelSchema = categoriaDaFilaSchema.extend({ fila_id: s(), fila_nome: s() });
export type CategoriaDisponivel = z.infer<typeof categoriaDisponivelSchema>;

/** GET /parametrizacoes/unidade: the current unit's queue settings. */
export const filaUnidadeSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  tempo_chamadas: z.int(),
  lock_version: z.int(),
});
export type FilaUnidade = z.infer<typeof filaUnidadeSchema>;

/** PUT /parametrizacoes/unidade. */
export const filaUnidadeUpdateSchema = z.object({
  tempo_chamadas: zNumber({ integer: true, between: [TEMPO_CHAMADAS.min, TEMPO_CHAMADAS.max] }),
  lock_version: lockVersion(),
});
export type FilaUnidadeUpdate = z.input<typeof filaUnidadeUpdateSchema>;

/** GET /api/ferramentas/parametrizacao/tempo_chamadas (spec §7). */
export const tempoChamadasSchema = z.object({ tempo_unidade_atual: z.int() });
export type TempoChamadas = z.infer<typeof tempoChamadasSchema>;
