// Data hooks of the teams' administration (issue 22), from the kit's resource (lib/resource.ts).
import type {
  Equipe,
  EquipeFilters,
  EquipeInput,
  EquipeListItem,
  EquipeUpdate,
  UnidadeOpcao,
} from '@saude/shared/schemas/administracao_equipes';
import { readOnce, resource } from '../../../lib/resource';

export const BASE_PATH = '/administracao/equipes';

// A team's save changes its unit's count of active teams.
export const equipes = resource<Equipe, EquipeListItem, EquipeFilters, EquipeInput | EquipeUpdate>(BASE_PATH, {
  related: [['unidades_saude']],
}).as('Equipe', 'Equipes');

export const { getEquipe, useEquipes, useEquipe, useSaveEquipe, useDesativarEquipe } = equipes;

/** Every unit, active first: the form's select (active ones) and the list's filter (all). */
export const useUnidadesOpcoes = readOnce<UnidadeOpcao[]>(['equipes', 'unidades'], `${equipes.base}/unidades`);
