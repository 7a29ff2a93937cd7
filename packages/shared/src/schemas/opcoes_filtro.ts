import { z } from 'zod';
import { nomeadoSchema } from './resposta';

// GET /api/v1/atencao_primaria/opcoes_filtro: the options of the primary-care list filters and header pickers
// (unit, team, professional), for the signed-in user in the current unit.

export const opcaoSchema = nomeadoSchema;

const opcaoEquipeSchema = opcaoSchema.extend({
  unidade_saude_id: z.uuid(),
  /** Two-digit micro-areas the team covers. */
  micro_areas: z.array(z.string()),
});

/** One active assignment in the current unit: who, on which team, as which occupation (CBO code and name). */
const opcaoLotacaoSchema = z.object({
  profissional_id: z.uuid(),
  profissional_nome: z.string(),
  equipe_id: z.uuid().nullable(),
  equipe_nome: z.string().nullable(),
  ocupacao_id: z.string(),
  ocupacao_nome: z.string().nullable(),
});
export type OpcaoLotacao = z.infer<typeof opcaoLotacaoSchema>;

export const opcoesFiltroSchema = z.object({
  /** The units the user has an active assignment in. */
  unidades: z.array(opcaoSchema),
  /** The active teams of the current unit. */
  equipes: z.array(opcaoEquipeSchema),
  /** Professionals with an active assignment in the current unit. */
  profissionais: z.array(opcaoSchema),
  /**
   * The user has no team here (a manager, a coordinator): the e-SUS forms ask whose record it is (issue 39), picked
   * from `lotacoes`, the unit's assignments (empty for anyone else, who records in their own name).
   */
  escolhe_profissional: z.boolean(),
  lotacoes: z.array(opcaoLotacaoSchema),
});
export type OpcoesFiltro = z.infer<typeof opcoesFiltroSchema>;
