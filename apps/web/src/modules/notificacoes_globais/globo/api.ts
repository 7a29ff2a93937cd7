// The globe's poll (spec §1, §4, §7, §9). Small on purpose: the top bar imports it statically (no zod, no dayjs);
// the dropdown comes lazily. The count is of the user's unread notifications (the items with no lida_em).
import { queryOptions } from '@tanstack/react-query';
import type { NotificacaoGlobal } from '@saude/shared/schemas/notificacao_global';
import { INTERVALO_NOTIFICACOES_GLOBAIS_MS } from '@saude/shared/notificacao_global_constantes';
import { CONTAGEM_MAXIMA_BADGE } from '@saude/shared/validation/badge';
import { http, httpSegundoPlano } from '../../../lib/http';

export const NOTIFICACOES_GLOBAIS_API = '/api/v1/notificacoes_globais';

export const notificacoesGlobaisKeys = {
  all: ['notificacoes_globais'] as const,
  /** The unit is in the key: the profiles that count are the ones of the current unit. */
  naoLidas: (unidadeId: string | null) => [...notificacoesGlobaisKeys.all, 'nao_lidas', unidadeId] as const,
  recentes: (unidadeId: string | null) => [...notificacoesGlobaisKeys.all, 'recentes', unidadeId] as const,
  pagina: (unidadeId: string | null, page: number) =>
    [...notificacoesGlobaisKeys.all, 'pagina', unidadeId, page] as const,
};

/**
 * GET /?lida=false, every 30 s while the tab is visible (TanStack's default stops it when hidden). The API answers
 * 304 when nothing changed; the browser's cache turns it back into the body it kept.
 */
export const naoLidasQuery = (unidadeId: string | null) =>
  queryOptions({
    queryKey: notificacoesGlobaisKeys.naoLidas(unidadeId),
    queryFn: ({ signal }) =>
      httpSegundoPlano.list<NotificacaoGlobal>(
        NOTIFICACOES_GLOBAIS_API,
        // The badge shows at most '99+': the count stops at 100 (issue 41).
        { lida: 'false', per_page: CONTAGEM_MAXIMA_BADGE, contar_ate: CONTAGEM_MAXIMA_BADGE },
        signal,
      ),
    refetchInterval: INTERVALO_NOTIFICACOES_GLOBAIS_MS,
    staleTime: INTERVALO_NOTIFICACOES_GLOBAIS_MS,
    refetchOnWindowFocus: false,
    // A failed poll is silent and waits for the next one.
    retry: false,
  });

/** The count for the badge: the items with no read time, or the total when there are more than one page. */
export const contarNaoLidas = (p: { rows: NotificacaoGlobal[]; total: number } | undefined): number => {
  if (!p) return 0;
  const naPagina = p.rows.filter((n) => n.lida_em === null).length;
  return p.total > p.rows.length ? p.total : naPagina;
};

/** POST /{id}/leitura. */
export const marcarLida = (id: string) =>
  http.post<{ id: string; lida_em: string }>(`${NOTIFICACOES_GLOBAIS_API}/${id}/leitura`);
