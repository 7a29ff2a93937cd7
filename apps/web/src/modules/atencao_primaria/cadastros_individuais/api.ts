// Data hooks of the individual registrations (issue 6): one query-key factory, pages fetch, children get props.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CadastroIndividual,
  CadastroIndividualFilters,
  CadastroIndividualInput,
  CadastroIndividualListItem,
  CadastroIndividualUpdate,
  SaidaCadastroInput,
} from '@saude/shared/schemas/cadastro_individual';
import type { MunicipeListItem } from '@saude/shared/schemas/municipe';
import { http } from '../../../lib/http';

export const BASE_PATH = '/atencao_primaria/cadastros_individuais';
const base = `/api/v1${BASE_PATH}`;

export const cadastroKeys = {
  all: ['cadastros_individuais'] as const,
  list: (f: Partial<CadastroIndividualFilters>) => [...cadastroKeys.all, 'list', f] as const,
  detail: (id: string) => [...cadastroKeys.all, 'detail', id] as const,
};

export const useCadastros = (f: Partial<CadastroIndividualFilters>) =>
  useQuery({
    queryKey: cadastroKeys.list(f),
    queryFn: ({ signal }) => http.list<CadastroIndividualListItem>(base, f, signal),
    placeholderData: keepPreviousData,
  });

/** The registration as the server has it now, outside the page's cache (stale-edit comparison). */
export const getCadastro = (id: string, signal?: AbortSignal) =>
  http.get<CadastroIndividual>(`${base}/${id}`, undefined, signal);

export const useCadastro = (id: string | undefined) =>
  useQuery({
    queryKey: cadastroKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getCadastro(id!, signal),
    enabled: id !== undefined,
    // A 404 is an answer, not a hiccup: go back to the list at once.
    retry: false,
  });

/** Citizens for the picker of a new registration (the registry's search: name, CPF, CNS or date). */
export const useBuscaMunicipes = (q: string) =>
  useQuery({
    queryKey: ['municipes', 'list', { q, page: 1, per_page: 20 }],
    queryFn: ({ signal }) => http.list<MunicipeListItem>('/api/v1/municipes', { q, page: 1, per_page: 20 }, signal),
    enabled: q.trim().length >= 3,
    placeholderData: keepPreviousData,
  });

export function useSaveCadastro(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CadastroIndividualInput | CadastroIndividualUpdate) =>
      id ? http.put<CadastroIndividual>(`${base}/${id}`, body) : http.post<CadastroIndividual>(base, body),
    onSuccess: (saved) => {
      qc.setQueryData(cadastroKeys.detail(saved.id), saved);
      void qc.invalidateQueries({ queryKey: [...cadastroKeys.all, 'list'] });
      // One truth: the citizen's columns changed too.
      void qc.invalidateQueries({ queryKey: ['municipes'] });
    },
  });
}

export function useSaidaCadastro(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaidaCadastroInput) => http.post<CadastroIndividual>(`${base}/${id}/saida_cadastro`, body),
    onSuccess: (saved) => {
      qc.setQueryData(cadastroKeys.detail(saved.id), saved);
      void qc.invalidateQueries({ queryKey: [...cadastroKeys.all, 'list'] });
      void qc.invalidateQueries({ queryKey: ['municipes'] });
    },
  });
}
