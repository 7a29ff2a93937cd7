// Data hooks of the citizen notification list and its map (issue 18): GET /api/v1/municipes_notificacao (citizens with
// notifications, a page and X-Total-Count) and GET /mapa (one point per notification at the citizen's home).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  NotificacaoFilters,
  NotificacaoListItem,
  NotificacaoMapa,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { http, type Query } from '../../../lib/http';

export const BASE_PATH = '/municipes_notificacao';
export const API_BASE = `/api/v1${BASE_PATH}`;

/** The list's filters without the page: what the map asks with. */
export type FiltrosNotificacao = Omit<Partial<NotificacaoFilters>, 'page' | 'per_page'>;

const keys = {
  list: (f: Partial<NotificacaoFilters>) => ['municipes_notificacao', 'list', f] as const,
  mapa: (f: FiltrosNotificacao) => ['municipes_notificacao', 'mapa', f] as const,
};

export const useMunicipesNotificacao = (f: Partial<NotificacaoFilters>) =>
  useQuery({
    queryKey: keys.list(f),
    queryFn: ({ signal }) => http.list<NotificacaoListItem>(API_BASE, f as Query, signal),
    placeholderData: keepPreviousData,
  });

/** GET /exportacao.csv: the extract of the list's filters (the period required), one line per notification. */
export const exportarNotificacoes = (f: FiltrosNotificacao) =>
  http.file(`${API_BASE}/exportacao.csv`, f as Query, 'text/csv');

export const useMapaNotificacoes = (f: FiltrosNotificacao) =>
  useQuery({
    queryKey: keys.mapa(f),
    queryFn: ({ signal }) => http.get<NotificacaoMapa>(`${API_BASE}/mapa`, f as Query, signal),
    placeholderData: keepPreviousData,
  });
