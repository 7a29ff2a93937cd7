// Data hooks of the health units' administration (issue 22), from the kit's resource (lib/resource.ts).
import type {
  TipoUnidade,
  UnidadeSaude,
  UnidadeSaudeFilters,
  UnidadeSaudeInput,
  UnidadeSaudeListItem,
  UnidadeSaudeUpdate,
} from '@saude/shared/schemas/administracao_unidades_saude';
import { readOnce, resource } from '../../../lib/resource';

export const BASE_PATH = '/administracao/unidades_saude';

// A saved unit changes the teams' unit select and the parameters page's list.
export const unidades = resource<
  UnidadeSaude,
  UnidadeSaudeListItem,
  UnidadeSaudeFilters,
  UnidadeSaudeInput | UnidadeSaudeUpdate
>(BASE_PATH, { related: [['equipes'], ['parametros', 'unidades_saude']] }).as('Unidade', 'Unidades');

export const { getUnidade, useUnidades, useUnidade, useSaveUnidade, useDesativarUnidade } = unidades;

/** The unit types (a short code table): read once per session. */
export const useTiposUnidade = readOnce<TipoUnidade[]>(['unidades_saude', 'tipos'], `${unidades.base}/tipos`, Infinity);
