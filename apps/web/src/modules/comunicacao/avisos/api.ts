// Data hooks of the staff notices (issue 19): the list, one notice, save and soft delete from the kit's resource, and
// what the targeting needs: the options (unit types, units, profiles), the professionals searched on the server, and
// the reach (how many professionals a targeting gets to).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Aviso,
  AvisoAlcance,
  AvisoFilters,
  AvisoInput,
  AvisoListItem,
  AvisoOpcoes,
  AvisoProfissionalOpcao,
  AvisoUpdate,
} from '@saude/shared/schemas/aviso';
import { http } from '../../../lib/http';
import { readOnce, resource } from '../../../lib/resource';

export const BASE_PATH = '/comunicacao/avisos';
export const API_BASE = `/api/v1${BASE_PATH}`;

/** The list's filters as the API reads them: each id list comma-separated in one parameter. */
export type AvisoListFilters = Omit<
  Partial<AvisoFilters>,
  'tipo_unidade_ids' | 'unidade_ids' | 'perfil_ids' | 'profissional_ids'
> & {
  tipo_unidade_ids?: string;
  unidade_ids?: string;
  perfil_ids?: string;
  profissional_ids?: string;
};

// A save or a delete changes what the pop-ups ask for (helper C's query key).
const avisos = resource<Aviso, AvisoListItem, AvisoListFilters, AvisoInput | AvisoUpdate>(BASE_PATH, {
  related: [['avisos', 'nao_visualizados']],
}).as('Aviso', 'Avisos');

export const { getAviso, useAvisos, useAviso, useSaveAviso, useDeleteAviso } = avisos;

/** The targeting's lists: one query, kept for the session (units and profiles seldom change). */
export const useAvisoOpcoes = readOnce<AvisoOpcoes>(['avisos', 'opcoes'], `${API_BASE}/opcoes`, 10 * 60_000);

/** Active professionals by part of the name or login (the server answers 20 at most). */
export const useProfissionaisBusca = (nome: string) =>
  useQuery({
    queryKey: ['avisos', 'profissionais', nome],
    queryFn: ({ signal }) => http.get<AvisoProfissionalOpcao[]>(`${API_BASE}/opcoes/profissionais`, { nome }, signal),
    enabled: nome !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The named professionals of ids (a list filter from the URL shows its chosen names). */
export const useProfissionaisPorIds = (ids: string[]) =>
  useQuery({
    queryKey: ['avisos', 'profissionais', 'ids', ids],
    queryFn: ({ signal }) =>
      http.get<AvisoProfissionalOpcao[]>(`${API_BASE}/opcoes/profissionais`, { ids: ids.join(',') }, signal),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });

export interface Alvos {
  tipo_unidade_ids: string[];
  unidade_ids: string[];
  perfil_ids: string[];
  profissional_ids: string[];
}

/** GET /alcance: how many active professionals a targeting reaches now (the form's live line). */
export const useAlcance = (alvos: Alvos) =>
  useQuery({
    queryKey: ['avisos', 'alcance', alvos],
    queryFn: ({ signal }) =>
      http.get<AvisoAlcance>(
        `${API_BASE}/alcance`,
        {
          tipo_unidade_ids: alvos.tipo_unidade_ids.join(','),
          unidade_ids: alvos.unidade_ids.join(','),
          perfil_ids: alvos.perfil_ids.join(','),
          profissional_ids: alvos.profissional_ids.join(','),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
