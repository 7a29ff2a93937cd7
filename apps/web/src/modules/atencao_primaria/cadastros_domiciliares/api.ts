// Data hooks of the household registrations (issue 7): one query-key factory, pages fetch, children get props.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CadastroDomiciliar,
  CadastroDomiciliarFilters,
  CadastroDomiciliarInput,
  CadastroDomiciliarListItem,
  CadastroDomiciliarUpdate,
  VincularFamiliaInput,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { http } from '../../../lib/http';

export const BASE_PATH = '/atencao_primaria/cadastros_domiciliares';
const base = `/api/v1${BASE_PATH}`;

export const domicilioKeys = {
  all: ['cadastros_domiciliares'] as const,
  list: (f: Partial<CadastroDomiciliarFilters>) => [...domicilioKeys.all, 'list', f] as const,
  detail: (id: string) => [...domicilioKeys.all, 'detail', id] as const,
};

export const useDomicilios = (f: Partial<CadastroDomiciliarFilters>) =>
  useQuery({
    queryKey: domicilioKeys.list(f),
    queryFn: ({ signal }) => http.list<CadastroDomiciliarListItem>(base, f, signal),
    placeholderData: keepPreviousData,
  });

/** The household as the server has it now, outside the page's cache (stale-edit comparison). */
export const getDomicilio = (id: string, signal?: AbortSignal) =>
  http.get<CadastroDomiciliar>(`${base}/${id}`, undefined, signal);

export const useDomicilio = (id: string | undefined) =>
  useQuery({
    queryKey: domicilioKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getDomicilio(id!, signal),
    enabled: id !== undefined,
    // A 404 is an answer, not a hiccup: go back to the list at once.
    retry: false,
  });

export function useSaveDomicilio(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CadastroDomiciliarInput | CadastroDomiciliarUpdate) =>
      id ? http.put<CadastroDomiciliar>(`${base}/${id}`, body) : http.post<CadastroDomiciliar>(base, body),
    onSuccess: (saved) => {
      qc.setQueryData(domicilioKeys.detail(saved.id), saved);
      void qc.invalidateQueries({ queryKey: [...domicilioKeys.all, 'list'] });
    },
  });
}

export function useDeleteDomicilio() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete<void>(`${base}/${id}`),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: domicilioKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: [...domicilioKeys.all, 'list'] });
    },
  });
}

/** The household answers with its families; the family screens read the link too. */
function onVinculo(qc: ReturnType<typeof useQueryClient>) {
  return (saved: CadastroDomiciliar) => {
    qc.setQueryData(domicilioKeys.detail(saved.id), saved);
    void qc.invalidateQueries({ queryKey: [...domicilioKeys.all, 'list'] });
    void qc.invalidateQueries({ queryKey: ['familias'] });
  };
}

export function useVincularFamilia(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: VincularFamiliaInput) => http.post<CadastroDomiciliar>(`${base}/${id}/familias`, body),
    onSuccess: onVinculo(qc),
  });
}

export function useDesvincularFamilia(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (familiaId: string) => http.delete<CadastroDomiciliar>(`${base}/${id}/familias/${familiaId}`),
    onSuccess: onVinculo(qc),
  });
}
