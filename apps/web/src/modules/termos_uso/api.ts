// Data hooks of the terms of use (issue 21): the versions, one version, its acceptances, the writes, and the user's
// pending version with its acceptance (which clears the gate: /me is read again).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TermoUso, TermoUsoAceite, TermoUsoListItem, TermoUsoValues } from '@saude/shared/schemas/termo_uso';
import { http } from '../../lib/http';
import { readOnce } from '../../lib/resource';
import { meQuery } from '../../lib/session';

export const BASE_PATH = '/termos_uso';
export const API = '/api/v1/termos_uso';
export const POR_PAGINA = 10;

const keys = {
  all: ['termos_uso'] as const,
  lista: (page: number) => ['termos_uso', 'lista', page] as const,
  um: (id: string) => ['termos_uso', 'um', id] as const,
  aceites: (id: string, page: number) => ['termos_uso', 'aceites', id, page] as const,
  pendente: ['termos_uso', 'pendente'] as const,
};

export const useTermosUso = (page: number) =>
  useQuery({
    queryKey: keys.lista(page),
    queryFn: ({ signal }) => http.list<TermoUsoListItem>(API, { page, per_page: POR_PAGINA }, signal),
    placeholderData: keepPreviousData,
  });

export const useTermoUso = (id: string | undefined) =>
  useQuery({
    queryKey: keys.um(id ?? ''),
    queryFn: ({ signal }) => http.get<TermoUso>(`${API}/${id}`, undefined, signal),
    enabled: !!id,
  });

export const useAceites = (id: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: keys.aceites(id, page),
    queryFn: ({ signal }) => http.list<TermoUsoAceite>(`${API}/${id}/aceites`, { page, per_page: POR_PAGINA }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

function useEscrita<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }) });
}

export const useCriarTermo = () => useEscrita((body: TermoUsoValues) => http.post<TermoUso>(API, body));
export const useAlterarTermo = (id: string) =>
  useEscrita((body: TermoUsoValues & { lock_version: number }) => http.put<TermoUso>(`${API}/${id}`, body));
export const useExcluirTermo = () => useEscrita((id: string) => http.delete<void>(`${API}/${id}`));

/**
 * Publishing gates the manager too: /me is read again (the next navigation asks for the acceptance), and the terms'
 * queries are only marked stale — refetched now, the API would refuse them until the acceptance.
 */
export function usePublicarTermo(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lock_version: number) => http.post<TermoUso>(`${API}/${id}/publicar`, { lock_version }),
    onSuccess: async (publicado) => {
      qc.setQueryData(keys.um(id), publicado);
      await qc.invalidateQueries({ queryKey: keys.all, refetchType: 'none' });
      await qc.fetchQuery({ ...meQuery, staleTime: 0 });
    },
  });
}

export const useTermoPendente = readOnce<TermoUso>(keys.pendente, `${API}/pendente`);

export function useAceitarTermo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.post<unknown>(`${API}/${id}/aceite`),
    onSuccess: () => qc.fetchQuery({ ...meQuery, staleTime: 0 }),
  });
}
