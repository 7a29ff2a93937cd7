// Issue 25: the working set. Every read of the visit screens keeps its last answer on the device (per user); with no
// network the screen shows that answer instead of an error. A refresh, when online, walks the agent's families and
// reads what the screens will need (the family, its context, its record, the first page of its history).
import { useEffect, useState } from 'react';
import type { FamiliaParaVisita, FamiliasParaVisitaFilters } from '@saude/shared/schemas/visita_domiciliar';
import { ApiError, http, toQueryString, type Query } from '../../../../lib/http';
import { db } from './db';

const base = '/api/v1/atencao_primaria/visitas_domiciliares';
export const FAMILIAS_TODAS = 'familias:todas';
const ATUALIZADO_EM = 'atualizado_em';
/** The agent's own families first (the API orders them so); more than a day's round is not needed offline. */
const MAX_FAMILIAS = 300;
const POR_PAGINA = 100;
const PARALELO = 4;

export const semRede = (err: unknown) => err instanceof ApiError && err.status === 0;
const chaveDe = (usuario: string, url: string) => `${usuario} ${url}`;

async function guardar(usuario: string, url: string, dados: unknown) {
  try {
    await db.copias.put({
      chave: chaveDe(usuario, url),
      usuario_id: usuario,
      dados,
      total: null,
      salvo_em: Date.now(),
    });
  } catch {
    /* quota or private mode: the screen still has the network's answer */
  }
}

async function copia<T>(usuario: string, url: string): Promise<T | undefined> {
  try {
    return (await db.copias.get(chaveDe(usuario, url)))?.dados as T | undefined;
  } catch {
    return undefined;
  }
}

/** The server's answer, kept; with no network, the kept one (or the error, when there is none). */
export async function lerComCopia<T>(
  usuario: string | undefined,
  url: string,
  query: Query | undefined,
  buscar: () => Promise<T>,
  semCopia?: () => Promise<T | undefined>,
): Promise<T> {
  const completa = url + toQueryString(query);
  try {
    const v = await buscar();
    if (usuario) await guardar(usuario, completa, v);
    return v;
  } catch (err) {
    if (!usuario || !semRede(err)) throw err;
    const c = (await copia<T>(usuario, completa)) ?? (await semCopia?.());
    if (c === undefined) throw err;
    return c;
  }
}

type Lista<T> = { rows: T[]; total: number; limitado: boolean };

/** Offline, a family search the device never made: filtered here over the families kept by the last refresh. */
export async function familiasDoAparelho(
  usuario: string,
  f: Partial<FamiliasParaVisitaFilters>,
): Promise<Lista<FamiliaParaVisita> | undefined> {
  const todas = await copia<FamiliaParaVisita[]>(usuario, FAMILIAS_TODAS);
  if (!todas) return undefined;
  const norm = (s: string | null | undefined) =>
    (s ?? '')
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase('pt-BR');
  const contem = (valor: string | null, filtro: string | undefined) => !filtro || norm(valor).includes(norm(filtro));
  const rows = todas.filter(
    (x) =>
      contem(x.responsavel_nome, f.responsavel) &&
      contem(x.endereco, f.endereco) &&
      contem(x.numero_prontuario, f.numero_prontuario) &&
      (!f.micro_area || x.micro_area === f.micro_area),
  );
  const page = f.page ?? 1;
  const per = f.per_page ?? 25;
  return { rows: rows.slice((page - 1) * per, page * per), total: rows.length, limitado: false };
}

/** The queries the screens make, built the same way here (the kept answers are found by URL). */
export const urls = {
  familias: `${base}/familias`,
  familia: (id: string) => `${base}/familias/${id}`,
  historico: base,
  contexto: `${base}/contexto`,
  situacao: (id: string) => `/api/atencao_primaria/familias/${id}`,
};
export const HISTORICO_POR_PAGINA = 10;

async function emParalelo<T>(itens: T[], fn: (item: T) => Promise<void>) {
  const fila = [...itens];
  await Promise.all(
    Array.from({ length: PARALELO }, async () => {
      for (let item = fila.shift(); item !== undefined; item = fila.shift()) await fn(item);
    }),
  );
}

let atualizando: Promise<void> | null = null;

/** Reads the agent's families and what the visit screens ask of each, so they open offline. */
export function atualizarConjunto(usuario: string): Promise<void> {
  atualizando ??= (async () => {
    const familias: FamiliaParaVisita[] = [];
    for (let page = 1; familias.length < MAX_FAMILIAS; page++) {
      const q = { page, per_page: POR_PAGINA };
      const { rows, total } = await http.list<FamiliaParaVisita>(urls.familias, q);
      familias.push(...rows);
      if (rows.length < POR_PAGINA || familias.length >= total) break;
    }
    const minhas = familias.filter((f) => f.minha_micro_area);
    const alvo = (minhas.length > 0 ? minhas : familias).slice(0, MAX_FAMILIAS);
    await guardar(usuario, FAMILIAS_TODAS, alvo);
    const ler = async (url: string, query?: Query) => {
      const completa = url + toQueryString(query);
      try {
        await guardar(usuario, completa, query?.page ? await http.list(url, query) : await http.get(completa));
      } catch (err) {
        // One family refused or gone: the others are still worth keeping; the network gone stops the refresh.
        if (semRede(err)) throw err;
      }
    };
    await ler(urls.contexto, {});
    await emParalelo(alvo, async (f) => {
      await ler(urls.familia(f.id));
      await ler(urls.situacao(f.id));
      await ler(urls.contexto, { familia_id: f.id });
      await ler(urls.historico, { familia_id: f.id, page: 1, per_page: HISTORICO_POR_PAGINA });
      const detalhe = await copia<{ membros: Array<{ municipe_id: string; ativo?: boolean }> }>(
        usuario,
        urls.familia(f.id),
      );
      for (const m of detalhe?.membros ?? [])
        await ler(urls.contexto, { familia_id: f.id, municipe_id: m.municipe_id });
    });
    await db.meta.put({ chave: `${usuario} ${ATUALIZADO_EM}`, valor: Date.now() });
  })().finally(() => {
    atualizando = null;
  });
  return atualizando;
}

export async function atualizadoEm(usuario: string): Promise<number | null> {
  try {
    return (await db.meta.get(`${usuario} ${ATUALIZADO_EM}`))?.valor ?? null;
  } catch {
    return null;
  }
}

/** When the device's copy was last refreshed, kept current as it changes. */
export function useAtualizadoEm(usuario: string | undefined, versao: number): number | null | undefined {
  const [v, setV] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    if (!usuario) return;
    let vivo = true;
    void atualizadoEm(usuario).then((t) => vivo && setV(t));
    return () => {
      vivo = false;
    };
  }, [usuario, versao]);
  return v;
}
