import { z } from 'zod';

// GET /api/v1/atencao_primaria/opcoes_filtro: the options of the primary-care list filters and header pickers
// (unit, team, professional), for the signed-in user in the current unit.

export const opcaoSchema = z.object({ id: z.uuid(), nome: z.string() });
export type Opcao = z.infer<typeof opcaoSchema>;

export const opcaoEquipeSchema = opcaoSchema.extend({
  unidade_saude_id: z.uuid(),
  /** Two-digit micro-areas the team covers. */
  micro_areas: z.array(z.string()),
});
export type OpcaoEquipe = z.infer<typeof opcaoEquipeSchema>;

export const opcoesFiltroSchema = z.object({
  /** The units the user has an active assignment in. */
  unidades: z.array(opcaoSchema),
  /** The active teams of the current unit. */
  equipes: z.array(opcaoEquipeSchema),
  /** Professionals with an active assignment in the current unit. */
  profissionais: z.array(opcaoSchema),
});
export type OpcoesFiltro = z.infer<typeof opcoesFiltroSchema>;
