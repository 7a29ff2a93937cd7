// Data hooks of the citizen registry (issue 5): one query-key factory, pages fetch, children get props (style.md §9).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
import { resource } from '../../lib/resource';

const municipes = resource<Municipe, MunicipeListItem, MunicipeFilters, SaveMunicipeBody>('/municipes', {
  // A save may close correction requests (issue 46): the record's panel reads them again.
  related: [
    ['municipes', 'busca_avancada'],
    ['municipes', 'correcoes'],
  ],
}).as('Municipe', 'Municipes');
const base = municipes.base;

export const municipeKeys = {
  ...municipes.keys,
  buscaAvancada: (f: Partial<MunicipeBuscaAvancada>) => [...municipes.keys.all, 'busca_avancada', f] as const,
  permissao: (id: string) => [...municipes.keys.all, 'permissao_cadastro', id] as const,
};

export const { useMunicipes, getMunicipe, useMunicipe, useSaveMunicipe, useDeleteMunicipe } = municipes;

/** The advanced search; `f` undefined (fewer than two filters, or not asked yet) runs nothing. */
export const useBuscaAvancada = (f: Partial<MunicipeBuscaAvancada> | undefined) =>
  useQuery({
    queryKey: municipeKeys.buscaAvancada(f ?? {}),
    queryFn: ({ signal }) => http.list<MunicipeListItem>(`${base}/busca_avancada`, f, signal),
    enabled: f !== undefined,
    placeholderData: keepPreviousData,
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

/** The likely duplicates of a POST answered 409 (asking to confirm), or null for any other failure. */
export function duplicadosOf(err: unknown): MunicipeDuplicado[] | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const d = err.body.duplicados;
  return Array.isArray(d) ? (d as MunicipeDuplicado[]) : null;
}

/** Citizens found by the registry's search (name, CPF, CNS or date), for the citizen pickers of every module. */
export const useBuscaMunicipes = (q: string) =>
  useQuery({
    queryKey: ['municipes', 'list', { q, page: 1, per_page: 20 }],
    queryFn: ({ signal }) => http.list<MunicipeListItem>('/api/v1/municipes', { q, page: 1, per_page: 20 }, signal),
    enabled: q.trim().length >= 3,
    placeholderData: keepPreviousData,
  });
