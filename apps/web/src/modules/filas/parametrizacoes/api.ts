// Data hooks of the queue parametrization (issue 17), from the kit's resource (lib/resource.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import { readOnce, resource } from '../../../lib/resource';

export const BASE_PATH = '/filas/parametrizacoes';

// A queue's categories change which queue each category shows on the categories' pages.
export const filas = resource<Fila, Fila, FilaFilters, FilaInput | FilaUpdate>(BASE_PATH, {
  related: [['categorias']],
}).as('Fila', 'Filas');

export const { getFila, useFilas, useFila, useSaveFila, useDeleteFila } = filas;

/** Every category, with the queue of the current unit it feeds (null when free): the form's choices. */
export const useCategoriasDisponiveis = readOnce<CategoriaDisponivel[]>(
  [...filas.keys.all, 'categorias'],
  `${filas.base}/categorias`,
  0,
);

const unidadeKey = [...filas.keys.all, 'unidade'] as const;

/** The current unit's queue settings (tempo_chamadas). */
export const useFilaUnidade = readOnce<FilaUnidade>(unidadeKey, `${filas.base}/unidade`);

export function useSaveFilaUnidade() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FilaUnidadeUpdate) => http.put<FilaUnidade>(`${filas.base}/unidade`, body),
    onSuccess: (saved) => qc.setQueryData(unidadeKey, saved),
  });
}
