import { z } from 'zod';
import { paginationSchema } from './auth';
import { microArea } from './comum';
import { nullableString as s } from './resposta';

// "Quem visitar" (issue 44): the people and families of the agent's micro-areas due a visit, each with its reason.
// The rules and their defaults (docs/decisions.md, "Issue 44: who to visit", with the Ministry of Health sources).

/**
 * Why a visit is due, in priority order (0 first). `dias`: the interval after which the person or family is due again;
 * `motivo_visita`: the e-SUS reason (LEDI MotivoVisita) the visit form opens with.
 */
export const MOTIVOS_QUEM_VISITAR = {
  recem_nascido: { rotulo: 'Recém-nascido na primeira semana', dias: 7, motivo_visita: 7 },
  gestante: { rotulo: 'Gestante', dias: 30, motivo_visita: 5 },
  crianca_menor_2: { rotulo: 'Criança menor de 2 anos', dias: 30, motivo_visita: 8 },
  acamado: { rotulo: 'Acamado', dias: 30, motivo_visita: 19 },
  domiciliado: { rotulo: 'Domiciliado', dias: 30, motivo_visita: 19 },
  hipertensao: { rotulo: 'Pessoa com hipertensão', dias: 30, motivo_visita: 11 },
  diabetes: { rotulo: 'Pessoa com diabetes', dias: 30, motivo_visita: 12 },
  nova_tentativa: { rotulo: 'Última visita: ausente ou recusada', dias: 0, motivo_visita: 29 },
  familia_sem_visita: { rotulo: 'Família sem visita', dias: 30, motivo_visita: 29 },
  cadastro_desatualizado: { rotulo: 'Cadastro com mais de 2 anos', dias: 730, motivo_visita: 1 },
} as const;
export type MotivoQuemVisitar = keyof typeof MOTIVOS_QUEM_VISITAR;
export const CODIGOS_QUEM_VISITAR = Object.keys(MOTIVOS_QUEM_VISITAR) as MotivoQuemVisitar[];

export const quemVisitarFiltersSchema = paginationSchema.extend({
  micro_area: microArea(),
});
export type QuemVisitarFilters = z.infer<typeof quemVisitarFiltersSchema>;

/** One line: a person (municipe_id) or the family as a whole (municipe_id null), with every reason that applies. */
export const quemVisitarSchema = z.object({
  familia_id: z.uuid(),
  municipe_id: z.uuid().nullable(),
  /** The person, or the family's head for a family-wide line. */
  nome: z.string(),
  responsavel_nome: z.string(),
  micro_area: s(),
  endereco: s(),
  motivos: z.array(z.enum(CODIGOS_QUEM_VISITAR)),
  /** Days since the last visit to this person (or family); null: never visited. */
  dias_sem_visita: z.int().nullable(),
});
export type QuemVisitar = z.infer<typeof quemVisitarSchema>;

/** The visit form's reason for a line: its most urgent one's (the first). */
export const motivoVisitaDe = (motivos: readonly MotivoQuemVisitar[]): number | null =>
  motivos[0] ? MOTIVOS_QUEM_VISITAR[motivos[0]].motivo_visita : null;
