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
  mapa: (f: Partial<TerritorioMapaFilters>) => ['cobertura', 'mapa', f] as const,
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

/** The map's answer with its homes as objects (the wire sends columns). */
export type MapaComPontos = Omit<TerritorioMapa, 'familia_ids' | 'coordenadas' | 'micro_areas' | 'dias_sem_visita'> & {
  pontos: TerritorioPonto[];
};
export const useMapaTerritorio = (f: Partial<TerritorioMapaFilters>) =>
  useQuery({
    queryKey: keys.mapa(f),
    queryFn: async ({ signal }): Promise<MapaComPontos> => {
      const m = await http.get<TerritorioMapa>(`${API}/territorio/mapa`, f as Query, signal);
      return { sem_coordenadas: m.sem_coordenadas, limite: m.limite, limitado: m.limitado, pontos: pontosDoMapa(m) };
    },
    placeholderData: keepPreviousData,
    // 100,000 homes: comparing them with the last answer, field by field, costs more than drawing them again.
    structuralSharing: false,
  });

/** The notified cases of the last year on top of the homes (only for who may list notifications). */
export const useCasosNotificados = (enabled: boolean) =>
  useQuery({
    queryKey: ['cobertura', 'notificacoes'],
    queryFn: ({ signal }) => http.get<NotificacaoMapa>('/api/v1/municipes_notificacao/mapa', undefined, signal),
    enabled,
  });
