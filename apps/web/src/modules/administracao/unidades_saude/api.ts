// Data hooks of the health units' administration (issue 22), from the kit's resource (lib/resource.ts).
import { useQuery } from '@tanstack/react-query';
import type {
  TipoUnidade,
  UnidadeSaude,
  UnidadeSaudeFilters,
  UnidadeSaudeInput,
  UnidadeSaudeListItem,
  UnidadeSaudeUpdate,
} from '@saude/shared/schemas/administracao_unidades_saude';
import { http } from '../../../lib/http';
import { resource } from '../../../lib/resource';

export const BASE_PATH = '/administracao/unidades_saude';

// A saved unit changes the teams' unit select and the parameters page's list.
const unidades = resource<
  UnidadeSaude,
  UnidadeSaudeListItem,
  UnidadeSaudeFilters,
  UnidadeSaudeInput | UnidadeSaudeUpdate
>(BASE_PATH, { related: [['equipes'], ['parametros', 'unidades_saude']] });

export const getUnidade = unidades.get;
export const useUnidades = unidades.useList;
export const useUnidade = unidades.useOne;
export const useSaveUnidade = unidades.useSave;
export const useDesativarUnidade = unidades.useRemove;

/** The unit types (a short code table): read once per session. */
export const useTiposUnidade = () =>
  useQuery({
    queryKey: ['unidades_saude', 'tipos'],
    queryFn: ({ signal }) => http.get<TipoUnidade[]>(`${unidades.base}/tipos`, undefined, signal),
    staleTime: Infinity,
  });
