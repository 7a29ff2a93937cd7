// Data hooks of one citizen's notifications (issue 18): the citizen's page, one notification, its save, its status
// change and its SINAN form. Every save refreshes the module's lists and map too (query keys under the resource).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Notificacao,
  NotificacaoDetalhes,
  NotificacaoInput,
  NotificacaoSituacaoInput,
  NotificacaoUpdate,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { http, saveFile } from '../../../lib/http';

export const BASE_PATH = '/municipes_notificacao';
const API = `/api/v1${BASE_PATH}`;

export const notificacaoKeys = {
  all: ['municipes_notificacao'] as const,
  municipe: (municipeId: string) => [...notificacaoKeys.all, 'municipe', municipeId] as const,
  detail: (municipeId: string, id: string) => [...notificacaoKeys.all, 'notificacao', municipeId, id] as const,
};

export const detalhesPath = (municipeId: string) => `${BASE_PATH}/${municipeId}/detalhes`;
export const novaPath = (municipeId: string) => `${BASE_PATH}/${municipeId}/new`;
export const notificacaoPath = (municipeId: string, id: string, acao: 'show' | 'edit') =>
  `${BASE_PATH}/${municipeId}/notificacao_compulsoria/${id}/${acao}`;
const notificacaoApi = (municipeId: string, id?: string) => `${API}/${municipeId}/notificacoes${id ? `/${id}` : ''}`;

/** The citizen's header and their notifications in the user's scope, newest first. */
export const useNotificacaoDetalhes = (municipeId: string | undefined) =>
  useQuery({
    queryKey: notificacaoKeys.municipe(municipeId ?? ''),
    queryFn: ({ signal }) => http.get<NotificacaoDetalhes>(`${API}/${municipeId}`, undefined, signal),
    enabled: municipeId !== undefined,
    retry: false,
  });

/** The notification as the server has it now (also for saying what changed on a stale edit). */
export const getNotificacao = (municipeId: string, id: string, signal?: AbortSignal) =>
  http.get<Notificacao>(notificacaoApi(municipeId, id), undefined, signal);

export const useNotificacao = (municipeId: string | undefined, id: string | undefined) =>
  useQuery({
    queryKey: notificacaoKeys.detail(municipeId ?? '', id ?? ''),
    queryFn: ({ signal }) => getNotificacao(municipeId!, id!, signal),
    enabled: municipeId !== undefined && id !== undefined,
    // A 404 is an answer, not a hiccup: the screen goes back at once.
    retry: false,
  });

/** After a write: the saved notification into the cache, and every list, map and citizen page of the module stale. */
function useGravado() {
  const qc = useQueryClient();
  return (saved: Notificacao) => {
    qc.setQueryData(notificacaoKeys.detail(saved.municipe_id, saved.id), saved);
    void qc.invalidateQueries({
      queryKey: notificacaoKeys.all,
      predicate: (q) => q.queryKey[1] !== 'notificacao' || q.queryKey[3] !== saved.id,
    });
  };
}

export function useSaveNotificacao(municipeId: string, id?: string) {
  const gravado = useGravado();
  return useMutation({
    mutationFn: (body: NotificacaoInput | NotificacaoUpdate) =>
      id
        ? http.put<Notificacao>(notificacaoApi(municipeId, id), body)
        : http.post<Notificacao>(notificacaoApi(municipeId), body),
    onSuccess: gravado,
  });
}

/** POST …/situacao: confirm or discard (with the closing date), or reopen as suspected. */
export function useAlterarSituacao(municipeId: string, id: string) {
  const gravado = useGravado();
  return useMutation({
    mutationFn: (body: NotificacaoSituacaoInput) =>
      http.post<Notificacao>(`${notificacaoApi(municipeId, id)}/situacao`, body),
    onSuccess: gravado,
  });
}

/**
 * The SINAN form (PDF). The API needs the bearer token, so a plain link cannot open it: the file is fetched and shown
 * from memory in the tab opened at the click (opened then, so no popup blocker refuses it), or saved when no tab could
 * be opened.
 */
export async function abrirFicha(municipeId: string, id: string): Promise<void> {
  const aba = window.open('', '_blank');
  try {
    const ficha = await http.file(`${notificacaoApi(municipeId, id)}/ficha.pdf`, undefined, 'application/pdf');
    if (!aba || aba.closed) return saveFile(ficha);
    const href = URL.createObjectURL(ficha.blob);
    aba.location.href = href;
    // The tab has loaded it by then; the memory goes back.
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (err) {
    aba?.close();
    throw err;
  }
}
