// Data hooks of the global notifications' pages (issue 20): a page of the user's notifications, marking one read,
// the managers' create and delete and the form's profiles. Every write refreshes the globe (same key root).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificacaoGlobal,
  NotificacaoGlobalCriada,
  NotificacaoGlobalInput,
  NotificacaoGlobalOpcoes,
} from '@saude/shared/schemas/notificacao_global';
import { NOTIFICACOES_GLOBAIS_POR_PAGINA } from '@saude/shared/notificacao_global_constantes';
import { http } from '../../lib/http';
import { readOnce } from '../../lib/resource';
import { marcarLida, NOTIFICACOES_GLOBAIS_API as API, notificacoesGlobaisKeys as keys } from './globo/api';

export const BASE_PATH = '/notificacoes_globais';

export const useNotificacoesGlobais = (unidadeId: string | null, page: number) =>
  useQuery({
    queryKey: keys.pagina(unidadeId, page),
    queryFn: ({ signal }) =>
      http.list<NotificacaoGlobal>(API, { page, per_page: NOTIFICACOES_GLOBAIS_POR_PAGINA }, signal),
    placeholderData: keepPreviousData,
  });

function useEscrita<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }) });
}

export const useMarcarLida = () => useEscrita(marcarLida);
export const useCriarNotificacaoGlobal = () =>
  useEscrita((body: NotificacaoGlobalInput) => http.post<NotificacaoGlobalCriada>(API, body));
export const useExcluirNotificacaoGlobal = () => useEscrita((id: string) => http.delete<void>(`${API}/${id}`));

export const useNotificacaoGlobalOpcoes = readOnce<NotificacaoGlobalOpcoes>(
  [...keys.all, 'opcoes'],
  `${API}/opcoes`,
  10 * 60_000,
);
