// The unread-notice check of the shell (spec §4, §7, §9). Small on purpose: the shell imports it statically, the
// dialog itself (AvisosPopup) comes lazily only when there is something to show.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvisoNaoVisualizado, AvisoVisualizacaoInput } from '@saude/shared/schemas/aviso';
import { INTERVALO_AVISOS_MS } from '@saude/shared/aviso_constantes';
import { http, httpSegundoPlano } from '../../../../lib/http';

export const AVISOS_API = '/api/v1/comunicacao/avisos';

export const avisosPopupKeys = {
  all: ['avisos', 'nao_visualizados'] as const,
  /** The current unit is part of the key: changing units checks again (the targeting depends on the unit). */
  unidade: (unidadeId: string | null) => [...avisosPopupKeys.all, unidadeId] as const,
};

/**
 * GET /nao_visualizados. No refetch on focus (the app default) nor on remount within the interval; the API answers 304
 * with an ETag when nothing changed, which the browser's cache turns back into the body it kept.
 */
export const avisosNaoVisualizadosQuery = (unidadeId: string | null) =>
  queryOptions({
    queryKey: avisosPopupKeys.unidade(unidadeId),
    queryFn: ({ signal }) =>
      httpSegundoPlano.get<AvisoNaoVisualizado[]>(`${AVISOS_API}/nao_visualizados`, undefined, signal),
    staleTime: INTERVALO_AVISOS_MS,
    refetchOnWindowFocus: false,
    // A failed check is silent and waits for the next one: a notice is never worth an error in the user's face.
    retry: false,
  });

/** POST /{id}/aviso_visualizacoes: `{ resposta }` only when one was typed, `{}` otherwise (spec §7). */
export function useConfirmarAviso() {
  return useMutation({
    mutationFn: ({ id, resposta }: { id: string; resposta: string }) => {
      const texto = resposta.trim();
      const body: AvisoVisualizacaoInput = texto === '' ? {} : { resposta: texto };
      return http.post<unknown>(`${AVISOS_API}/${id}/aviso_visualizacoes`, body);
    },
  });
}

/** After the last confirmation: check again (a notice sent meanwhile shows at once). */
export function useRecarregarAvisos() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: avisosPopupKeys.all });
}
