// Data hooks of the duplicate citizens' screens (issue 45): the queue, the search's progress, a pair side by side, the
// merge, the merges and their undo.
import type {
  BuscaDuplicados,
  Comparacao,
  Duplicado,
  DuplicadoFilters,
  Unificacao,
  UnificacaoFilters,
  UnificarInput,
} from '@saude/shared/schemas/municipe_unificacao';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type Query } from '../../../lib/http';

const base = '/api/v1/municipes/unificacoes';
export const unificacaoKeys = {
  all: ['municipes', 'unificacoes'] as const,
  duplicados: (f: DuplicadoFilters) => [...unificacaoKeys.all, 'duplicados', f] as const,
  busca: () => [...unificacaoKeys.all, 'busca'] as const,
  comparar: (a: string, b: string) => [...unificacaoKeys.all, 'comparar', a, b] as const,
  lista: (f: UnificacaoFilters) => [...unificacaoKeys.all, 'lista', f] as const,
};

export const useDuplicados = (f: DuplicadoFilters) =>
  useQuery({
    queryKey: unificacaoKeys.duplicados(f),
    queryFn: ({ signal }) => http.list<Duplicado>(`${base}/duplicados`, f as Query, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });

/** The latest search; polled every second while it runs (the progress bar). */
export const useBuscaAtual = () =>
  useQuery({
    queryKey: unificacaoKeys.busca(),
    queryFn: ({ signal }) => http.get<{ busca: BuscaDuplicados | null }>(`${base}/buscas/atual`, undefined, signal),
    refetchInterval: (q) => (q.state.data?.busca?.situacao === 'em_andamento' ? 1000 : false),
  });

export function useIniciarBusca() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<{ busca: BuscaDuplicados }>(`${base}/buscas`),
    onSuccess: (data) => qc.setQueryData(unificacaoKeys.busca(), data),
  });
}

export function useDescartarDuplicado() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.put(`${base}/duplicados/${id}`, { situacao: 'nao_mesma_pessoa' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: unificacaoKeys.all }),
  });
}

export const useComparacao = (a: string, b: string) =>
  useQuery({
    queryKey: unificacaoKeys.comparar(a, b),
    queryFn: ({ signal }) => http.get<Comparacao>(`${base}/comparar`, { a, b }, signal),
    refetchOnWindowFocus: false,
  });

export function useUnificar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UnificarInput) => http.post<Unificacao>(base, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['municipes'] }),
  });
}

export const useUnificacoes = (f: UnificacaoFilters) =>
  useQuery({
    queryKey: unificacaoKeys.lista(f),
    queryFn: ({ signal }) => http.list<Unificacao>(base, f as Query, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });

export function useDesfazerUnificacao() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete(`${base}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['municipes'] }),
  });
}

/**
 * The merges this citizen received that can still be undone (the survivor's notice). No previous data kept: another
 * citizen's notice must never show on this record while it loads.
 */
export const useUnificacoesRecebidas = (municipeId: string, enabled: boolean) => {
  const f: UnificacaoFilters = { page: 1, per_page: 20, sobrevivente_id: municipeId, desfazivel: true };
  return useQuery({
    queryKey: unificacaoKeys.lista(f),
    queryFn: ({ signal }) => http.list<Unificacao>(base, f as Query, signal),
    enabled,
  });
};
