// Data hooks of the citizen registry (issue 5): one query-key factory, pages fetch, children get props (style.md §9).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Municipe,
  MunicipeBuscaAvancada,
  MunicipeCreate,
  MunicipeDuplicado,
  MunicipeFilters,
  MunicipeListItem,
  MunicipeUpdate,
  PermissaoCadastro,
} from '@saude/shared/schemas/municipe';
import { ApiError, http } from '../../lib/http';

const base = '/api/v1/municipes';

export const municipeKeys = {
  all: ['municipes'] as const,
  list: (f: MunicipeFilters) => [...municipeKeys.all, 'list', f] as const,
  buscaAvancada: (f: Partial<MunicipeBuscaAvancada>) => [...municipeKeys.all, 'busca_avancada', f] as const,
  detail: (id: string) => [...municipeKeys.all, 'detail', id] as const,
  permissao: (id: string) => [...municipeKeys.all, 'permissao_cadastro', id] as const,
};

export const useMunicipes = (f: MunicipeFilters) =>
  useQuery({
    queryKey: municipeKeys.list(f),
    queryFn: ({ signal }) => http.list<MunicipeListItem>(base, f, signal),
    placeholderData: keepPreviousData,
  });

/** The advanced search; `f` undefined (fewer than two filters, or not asked yet) runs nothing. */
export const useBuscaAvancada = (f: Partial<MunicipeBuscaAvancada> | undefined) =>
  useQuery({
    queryKey: municipeKeys.buscaAvancada(f ?? {}),
    queryFn: ({ signal }) => http.list<MunicipeListItem>(`${base}/busca_avancada`, f, signal),
    enabled: f !== undefined,
    placeholderData: keepPreviousData,
  });

/** The citizen as the server has it now, without touching the page's cached copy (stale-edit comparison). */
export const getMunicipe = (id: string, signal?: AbortSignal) => http.get<Municipe>(`${base}/${id}`, undefined, signal);

export const useMunicipe = (id: string | undefined) =>
  useQuery({
    queryKey: municipeKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getMunicipe(id!, signal),
    enabled: id !== undefined,
  });

/** Spec §6/§7: GET /api/municipes/{id}/permissao_cadastro (no /v1); a failure sends the user to /municipes. */
export const usePermissaoCadastro = (id: string | undefined) =>
  useQuery({
    queryKey: municipeKeys.permissao(id ?? ''),
    queryFn: ({ signal }) => http.get<PermissaoCadastro>(`/api/municipes/${id}/permissao_cadastro`, undefined, signal),
    enabled: id !== undefined,
    retry: false,
  });

export type SaveMunicipeBody = (MunicipeCreate & { lock_version?: undefined }) | MunicipeUpdate;

export function useSaveMunicipe(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveMunicipeBody) =>
      id ? http.put<Municipe>(`${base}/${id}`, body) : http.post<Municipe>(base, body),
    onSuccess: (saved) => {
      // The edit page reads the answer at once (new lock_version); lists and searches refetch.
      qc.setQueryData(municipeKeys.detail(saved.id), saved);
      void qc.invalidateQueries({ queryKey: [...municipeKeys.all, 'list'] });
      void qc.invalidateQueries({ queryKey: [...municipeKeys.all, 'busca_avancada'] });
    },
  });
}

export function useDeleteMunicipe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete<void>(`${base}/${id}`),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: municipeKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: municipeKeys.all });
    },
  });
}

/** The likely duplicates of a POST answered 409 (asking to confirm), or null for any other failure. */
export function duplicadosOf(err: unknown): MunicipeDuplicado[] | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const d = err.body.duplicados;
  return Array.isArray(d) ? (d as MunicipeDuplicado[]) : null;
}
