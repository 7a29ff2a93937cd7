// Data hooks of the citizen's LGPD rights (issue 46): the copy of their data and their correction requests.
import type { Correcao, CorrecaoCreate } from '@saude/shared/schemas/municipe_lgpd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

const url = (id: string) => `/api/v1/municipes/${id}/correcoes`;
const chave = (id: string) => ['municipes', 'correcoes', id];

export const useCorrecoes = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: chave(id),
    queryFn: () => http.get<Correcao[]>(url(id)),
    enabled,
    // Each read is audited: only when the record opens or a request changes.
    refetchOnWindowFocus: false,
  });

export function useCriarCorrecao(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrecaoCreate) => http.post<Correcao>(url(id), body),
    onSuccess: () => qc.invalidateQueries({ queryKey: chave(id) }),
  });
}

export function useFecharCorrecao(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: { id: string; situacao: 'corrigida' | 'recusada'; motivo_recusa?: string; lock_version: number }) =>
      http.put<Correcao>(`${url(id)}/${c.id}`, {
        situacao: c.situacao,
        motivo_recusa: c.motivo_recusa,
        lock_version: c.lock_version,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: chave(id) }),
  });
}

/** The copy as a file: PDF to read or print, JSON to take to another service (portability). */
export const baixarCopia = (id: string, formato: 'pdf' | 'json') =>
  http.file(`/api/v1/municipes/${id}/copia.${formato}`, {}, formato === 'pdf' ? 'application/pdf' : 'application/json');
