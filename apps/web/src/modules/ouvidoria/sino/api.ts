// The bell's poll (issue 20, spec §4, §7, §9): the 5 newest unread items and the unread count, every 30 s while the
// tab is visible (TanStack's default stops in a hidden tab). Small and zod-free: the top bar imports it statically.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OuvidoriaNotificacao } from '@saude/shared/schemas/ouvidoria';
import { CONTAGEM_MAXIMA_BADGE } from '@saude/shared/validation/badge';
import { http, httpSegundoPlano } from '../../../lib/http';

export const SINO_API = '/api/v1/buscas/consulta/ouvidoria/notificacoes';
export const INTERVALO_SINO_MS = 30_000;
export const POR_PAGINA_SINO = 5;

export const sinoKeys = { all: ['ouvidoria', 'sino'] as const };

export const sinoQuery = () =>
  queryOptions({
    queryKey: sinoKeys.all,
    queryFn: ({ signal }) =>
      httpSegundoPlano.list<OuvidoriaNotificacao>(
        SINO_API,
        // The badge shows at most '99+': counting past 100 would only cost (issue 41).
        { lido: 'false', per_page: POR_PAGINA_SINO, contar_ate: CONTAGEM_MAXIMA_BADGE },
        signal,
      ),
    refetchInterval: INTERVALO_SINO_MS,
    staleTime: INTERVALO_SINO_MS,
    // A failed poll is silent and waits for the next one.
    retry: false,
  });

/** Marks one item (id) or all (no id) read, then polls again. */
export function useMarcarLida() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      id ? http.post<unknown>(`${SINO_API}/${id}/leitura`, {}) : http.post<unknown>(`${SINO_API}/leituras`, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: sinoKeys.all }),
  });
}
