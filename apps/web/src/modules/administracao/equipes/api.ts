// Data hooks of the teams' administration (issue 22), from the kit's resource (lib/resource.ts).
import { useQuery } from '@tanstack/react-query';
import type {
  Equipe,
  EquipeFilters,
  EquipeInput,
  EquipeListItem,
  EquipeUpdate,
  UnidadeOpcao,
} from '@saude/shared/schemas/administracao_equipes';
import { http } from '../../../lib/http';
import { resource } from '../../../lib/resource';

export const BASE_PATH = '/administracao/equipes';

// A team's save changes its unit's count of active teams.
const equipes = resource<Equipe, EquipeListItem, EquipeFilters, EquipeInput | EquipeUpdate>(BASE_PATH, {
  related: [['unidades_saude']],
});

export const getEquipe = equipes.get;
export const useEquipes = equipes.useList;
export const useEquipe = equipes.useOne;
export const useSaveEquipe = equipes.useSave;
export const useDesativarEquipe = equipes.useRemove;

/** Every unit, active first: the form's select (active ones) and the list's filter (all). */
export const useUnidadesOpcoes = () =>
  useQuery({
    queryKey: ['equipes', 'unidades'],
    queryFn: ({ signal }) => http.get<UnidadeOpcao[]>(`${equipes.base}/unidades`, undefined, signal),
  });
