import { z } from 'zod';
import { msg } from '../messages';
import { rotulados } from '../rotulos';
import { optionalText, optionalField } from '../validation/zod';
import { paginationSchema } from './auth';
import { camposCategoriaSenha, categoriaSchema } from './categoria';
import { lockVersion, optionalUuid, requiredUuid } from './comum';
import { nomeadoSchema as ref } from './resposta';

// Tickets (senhas) of a unit's queues (issue 17, spec §3 "Queue/ticket state", §4 ticket flow, §8 ticket messages).
// Issued at the door per category, called to a desk or room, attended, concluded, forwarded to another queue or marked
// absent. Field names are the columns' (apps/api/src/db/schema/filas.ts). Design: docs/decisions.md, "Tickets".

export const { valores: situacoesSenha, rotulos: situacaoSenhaLabel } = rotulados({
  aguardando: 'Aguardando',
  chamada: 'Chamada',
  em_atendimento: 'Em atendimento',
  concluida: 'Concluída',
  ausente: 'Ausente',
});
export type SituacaoSenha = (typeof situacoesSenha)[number];

export const eventosSenha = [
  'emitida',
  'chamada',
  'rechamada',
  'em_atendimento',
  'concluida',
  'encaminhada',
  'ausente',
] as const;
export type EventoSenhaTipo = (typeof eventosSenha)[number];

/** A ticket's code: the category's letters and its number of the day, at least 3 digits (P012, N1000). */
export const codigoSenha = (sigla: string, numero: number) => `${sigla}${String(numero).padStart(3, '0')}`;

/** The states a ticket may be called from (a given ticket: a waiting one, or one absent at its call). */
export const podeSerChamada = (s: SituacaoSenha) => s === 'aguardando' || s === 'ausente';

// ---- bodies --------------------------------------------------------------------------------------------------

/** POST /filas/senhas: issue a ticket of the category (its queue is the unit's parametrization's). */
export const emitirSenhaSchema = z.object({
  categoria_id: requiredUuid(),
  /** The new ticket's id, chosen by the screen once per press: a retry of the press answers the same ticket. */
  id: optionalUuid(),
});
export type EmitirSenhaInput = z.input<typeof emitirSenhaSchema>;

/** POST /filas/senhas/chamar_proxima: the next waiting ticket of the queue, to one of its locations. */
export const chamarProximaSchema = z.object({ fila_id: requiredUuid(), local_id: requiredUuid() });
export type ChamarProximaInput = z.input<typeof chamarProximaSchema>;

/** POST /filas/senhas/{id}/chamar: this ticket, to one of its queue's locations. */
export const chamarSenhaSchema = z.object({ local_id: requiredUuid(), lock_version: lockVersion() });
export type ChamarSenhaInput = z.input<typeof chamarSenhaSchema>;

/** POST /{id}/rechamar, /iniciar, /concluir, /ausente: a step on the ticket as read. */
export const passoSenhaSchema = z.object({ lock_version: lockVersion() });
export type PassoSenhaInput = z.input<typeof passoSenhaSchema>;

/** POST /{id}/encaminhar: to another active queue of the unit, waiting there again. */
export const encaminharSenhaSchema = z.object({ fila_id: requiredUuid(), lock_version: lockVersion() });
export type EncaminharSenhaInput = z.input<typeof encaminharSenhaSchema>;

/** GET /filas/senhas: today's tickets of the unit. */
export const senhaFiltersSchema = paginationSchema.extend({
  fila_id: optionalUuid(),
  /** The desk or room of the last call (a desk reloaded finds its current ticket). */
  local_id: optionalUuid(),
  categoria_id: optionalUuid(),
  situacao: optionalField(z.enum(situacoesSenha, { error: msg.naoEValido })).optional(),
  /** The start of a code, any case ('p01' finds P010–P019). */
  codigo: optionalText({ max: 10 }).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]+$/, { error: msg.naoEValido })
      .transform((v) => v.toUpperCase())
      .optional(),
  ),
});
export type SenhaFilters = z.output<typeof senhaFiltersSchema>;

// ---- answers -------------------------------------------------------------------------------------------------

const s = () => z.string().nullable();

const categoriaSenhaSchema = categoriaSchema.pick(camposCategoriaSenha);

/** A ticket as lists, the desk and every step answer it. */
export const senhaListItemSchema = z.object({
  id: z.uuid(),
  codigo: z.string(),
  numero: z.int(),
  /** The day it was issued (São Paulo), 'yyyy-MM-dd'. */
  data: z.string(),
  categoria: categoriaSenhaSchema,
  fila: ref,
  situacao: z.enum(situacoesSenha),
  emitida_em: z.string(),
  na_fila_desde: z.string(),
  /** The queue it was forwarded from (while it waits or is served in the new one). */
  encaminhada_de: ref.nullable(),
  /** The last call: where to, by whom, when; `chamadas` counts the calls in its current queue. */
  local: ref.nullable(),
  chamada_por: ref.nullable(),
  chamada_em: s(),
  chamadas: z.int(),
  atendimento_iniciado_em: s(),
  concluida_em: s(),
  atendimento_id: s(),
  lock_version: z.int(),
});
export type SenhaListItem = z.infer<typeof senhaListItemSchema>;

const eventoSenhaSchema = z.object({
  tipo: z.enum(eventosSenha),
  em: z.string(),
  fila: ref,
  local: ref.nullable(),
  profissional: ref.nullable(),
});
export type EventoSenha = z.infer<typeof eventoSenhaSchema>;

/** GET /{id}: the ticket with every step (who, where, when), oldest first. */
export const senhaSchema = senhaListItemSchema.extend({ eventos: z.array(eventoSenhaSchema) });
export type Senha = z.infer<typeof senhaSchema>;

/** GET /filas/senhas/contexto: what the door and the desk screens offer, from the unit's parametrization. */
export const senhaContextoSchema = z.object({
  /** The categories a ticket may be issued in (each feeds one queue), in priority order. */
  categorias: z.array(categoriaSenhaSchema.extend({ fila_id: z.uuid() })),
  /** The unit's active queues with their active locations. */
  filas: z.array(ref.extend({ locais: z.array(ref) })),
  /** Seconds before a ticket may be called again (unidades_saude.tempo_chamadas). */
  tempo_chamadas: z.int(),
});
export type SenhaContexto = z.infer<typeof senhaContextoSchema>;
