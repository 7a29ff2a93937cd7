// Data hooks of the families (issue 7): one query-key factory, pages fetch, children get props (style.md §9).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Familia,
  FamiliaFilters,
  FamiliaInput,
  FamiliaListItem,
  FamiliaUpdate,
} from '@saude/shared/schemas/familia';
import { http } from '../../../lib/http';

export const BASE_PATH = '/atencao_primaria/familias';
const base = `/api/v1${BASE_PATH}`;

export const familiaKeys = {
  all: ['familias'] as const,
  list: (f: Partial<FamiliaFilters>) => [...familiaKeys.all, 'list', f] as const,
  detail: (id: string) => [...familiaKeys.all, 'detail', id] as const,
};

export const useFamilias = (f: Partial<FamiliaFilters>, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: familiaKeys.list(f),
    queryFn: ({ signal }) => http.list<FamiliaListItem>(base, f, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The family as the server has it now, outside the page's cache (stale-edit comparison). */
export const getFamilia = (id: string, signal?: AbortSignal) => http.get<Familia>(`${base}/${id}`, undefined, signal);

export const useFamilia = (id: string | undefined) =>
  useQuery({
    queryKey: familiaKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getFamilia(id!, signal),
    enabled: id !== undefined,
    retry: false,
  });

export function useSaveFamilia(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FamiliaInput | FamiliaUpdate) =>
      id ? http.put<Familia>(`${base}/${id}`, body) : http.post<Familia>(base, body),
    onSuccess: (saved) => {
      qc.setQueryData(familiaKeys.detail(saved.id), saved);
      void qc.invalidateQueries({ queryKey: [...familiaKeys.all, 'list'] });
      // The household's families tab shows the head and the member count.
      void qc.invalidateQueries({ queryKey: ['cadastros_domiciliares'] });
    },
  });
}

export function useDeleteFamilia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete<void>(`${base}/${id}`),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: familiaKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: [...familiaKeys.all, 'list'] });
      void qc.invalidateQueries({ queryKey: ['cadastros_domiciliares'] });
    },
  });
}
