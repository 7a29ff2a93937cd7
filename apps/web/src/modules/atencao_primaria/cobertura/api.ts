// Data hooks of the territory's coverage and map (issue 44): GET /api/v1/atencao_primaria/cobertura (the table),
// /lista (the people or families behind a number), /exportacao.csv and /territorio/mapa; and the notified cases'
// points, read through their own endpoint (GET /api/v1/municipes_notificacao/mapa) for the layer on top.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  pontosDoMapa,
  type CoberturaFilters,
  type CoberturaLinha,
  type CoberturaListaFilters,
  type CoberturaListaItem,
  type TerritorioMapa,
  type TerritorioMapaFilters,
  type TerritorioPonto,
} from '@saude/shared/schemas/cobertura';
import type { NotificacaoMapa } from '@saude/shared/schemas/notificacao_compulsoria';
import { http, type Query } from '../../../lib/http';

export const BASE_PATH = '/atencao_primaria/cobertura';
const API = `/api/v1${BASE_PATH}`;

const keys = {
  all: ['cobertura'] as const,
  tabela: (f: Partial<CoberturaFilters>) => ['cobertura', 'tabela', f] as const,
  lista: (f: Partial<CoberturaListaFilters>) => ['cobertura', 'lista', f] as const,
  mapa: (f: object) => ['cobertura', 'mapa', f] as const,
};

export const useCobertura = (f: Partial<CoberturaFilters>) =>
  useQuery({
    queryKey: keys.tabela(f),
    queryFn: ({ signal }) => http.get<CoberturaLinha[]>(API, f as Query, signal),
    placeholderData: keepPreviousData,
  });

export type LinhaLista = CoberturaListaItem & { id: string };
export const useCoberturaLista = (f: Partial<CoberturaListaFilters>) =>
  useQuery({
    queryKey: keys.lista(f),
    queryFn: async ({ signal }) => {
      const r = await http.list<CoberturaListaItem>(`${API}/lista`, f as Query, signal);
      // A person's line and their family's never meet in one list: the pair is unique.
      return { ...r, rows: r.rows.map((l): LinhaLista => ({ ...l, id: `${l.familia_id}:${l.municipe_id ?? ''}` })) };
    },
    placeholderData: keepPreviousData,
  });

export const exportarCobertura = (f: Partial<CoberturaFilters>) =>
  http.file(`${API}/exportacao.csv`, f as Query, 'text/csv');

/** The map's height (CSS), and in pixels for the first answer, fitted to it before the map exists. */
export const ALTURA_MAPA = 'min(62vh, 560px)';
const ALTURA_MINIMA_MAPA = 320;
export const alturaDoMapa = () => Math.round(Math.max(ALTURA_MINIMA_MAPA, Math.min(0.62 * window.innerHeight, 560)));

/** The map's answer for a view with its homes and groups as objects (the wire sends columns). */
export type MapaDaVista = Omit<TerritorioMapa, 'pontos' | 'grupos'> & {
  pontos: TerritorioPonto[];
  grupos: Array<{ latitude: number; longitude: number; quantidade: number }>;
};
/** The view asked: the map's (zoom and bounds) or, before it has one, its size. */
export type VistaPedida = { zoom: number; caixa: string } | { largura: number; altura: number };
export const useMapaTerritorio = (f: Partial<TerritorioMapaFilters>, vista: VistaPedida | undefined) =>
  useQuery({
    queryKey: keys.mapa({ ...f, ...vista }),
    queryFn: async ({ signal }): Promise<MapaDaVista> => {
      const m = await http.get<TerritorioMapa>(`${API}/territorio/mapa`, { ...f, ...vista } as Query, signal);
      const g = m.grupos;
      return {
        ...m,
        pontos: pontosDoMapa(m),
        grupos: g.quantidades.map((quantidade, i) => ({
          latitude: g.coordenadas[2 * i]!,
          longitude: g.coordenadas[2 * i + 1]!,
          quantidade,
        })),
      };
    },
    enabled: vista !== undefined,
    placeholderData: keepPreviousData,
  });

/** The notified cases of the last year on top of the homes (only for who may list notifications). */
export const useCasosNotificados = (enabled: boolean) =>
  useQuery({
    queryKey: ['cobertura', 'notificacoes'],
    queryFn: ({ signal }) => http.get<NotificacaoMapa>('/api/v1/municipes_notificacao/mapa', undefined, signal),
    enabled,
  });
