// Data hooks of the queue parametrization (issue 17), from the kit's resource (lib/resource.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CategoriaDisponivel,
  Fila,
  FilaFilters,
  FilaInput,
  FilaUnidade,
  FilaUnidadeUpdate,
  FilaUpdate,
} from '@saude/shared/schemas/fila';
import { http } from '../../../lib/http';
import { resource } from '../../../lib/resource';

export const BASE_PATH = '/filas/parametrizacoes';

// A queue's categories change which queue each category shows on the categories' pages.
const filas = resource<Fila, Fila, FilaFilters, FilaInput | FilaUpdate>(BASE_PATH, { related: [['categorias']] });

export const getFila = filas.get;
export const useFilas = filas.useList;
export const useFila = filas.useOne;
export const useSaveFila = filas.useSave;
export const useDeleteFila = filas.useRemove;

/** Every category, with the queue of the current unit it feeds (null when free): the form's choices. */
export const useCategoriasDisponiveis = () =>
  useQuery({
    queryKey: [...filas.keys.all, 'categorias'],
    queryFn: ({ signal }) => http.get<CategoriaDisponivel[]>(`${filas.base}/categorias`, undefined, signal),
    staleTime: 0,
  });

const unidadeKey = [...filas.keys.all, 'unidade'] as const;

/** The current unit's queue settings (tempo_chamadas). */
export const useFilaUnidade = () =>
  useQuery({
    queryKey: unidadeKey,
    queryFn: ({ signal }) => http.get<FilaUnidade>(`${filas.base}/unidade`, undefined, signal),
  });

export function useSaveFilaUnidade() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FilaUnidadeUpdate) => http.put<FilaUnidade>(`${filas.base}/unidade`, body),
    onSuccess: (saved) => qc.setQueryData(unidadeKey, saved),
  });
}
