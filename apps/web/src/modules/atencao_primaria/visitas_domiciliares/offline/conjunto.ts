// Issue 25: the refresh of the working set, when online: the agent's families and what the visit screens ask of each
// (the family, its record, its context and each member's, the first page of its history), the visits without a
// family and the first page of the worklists (issue 44), kept by copias.ts.
import { useEffect, useState } from 'react';
import type { FamiliaParaVisita } from '@saude/shared/schemas/visita_domiciliar';
import { http, toQueryString, type Query } from '../../../../lib/http';
import { quemVisitarParamsSchema } from '../quemVisitarParams';
import { abrirDb } from './abrirDb';
import { copia, FAMILIAS_TODAS, guardar, semRede } from './copias';

const base = '/api/v1/atencao_primaria/visitas_domiciliares';
const ATUALIZADO_EM = 'atualizado_em';
const COMPLETO_EM = 'completo_em';
/**
 * Between full refreshes only the families whose list row changed are read again: the list (a few pages) says what
 * changed, its `alterado_em` included (the newest change to the family, its home or any member's record). What no
 * family row shows (the agent's own context) is read again by the full refresh, at most this old.
 */
const COMPLETO_APOS_MS = 12 * 60 * 60_000;
/** The agent's own families first (the API orders them so); more than a day's round is not needed offline. */
const MAX_FAMILIAS = 300;
const POR_PAGINA = 100;
const PARALELO = 4;

/** The queries the screens make, built the same way here (the kept answers are found by URL). */
export const urls = {
  familias: `${base}/familias`,
  familia: (id: string) => `${base}/familias/${id}`,
  historico: base,
  contexto: `${base}/contexto`,
  situacao: (id: string) => `/api/atencao_primaria/familias/${id}`,
  quemVisitar: `${base}/quem_visitar`,
  quemVisitarImoveis: `${base}/quem_visitar/imoveis`,
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

/** Reads the agent's families and what the visit screens ask of each (only the changed ones, between full reads). */
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
    const todas = (minhas.length > 0 ? minhas : familias).slice(0, MAX_FAMILIAS);
    const db = await abrirDb();
    const completoEm = (await db.meta.get(`${usuario} ${COMPLETO_EM}`))?.valor ?? 0;
    const completo = Date.now() - completoEm > COMPLETO_APOS_MS;
    const antes = new Map(
      ((await copia<FamiliaParaVisita[]>(usuario, FAMILIAS_TODAS)) ?? []).map((f) => [f.id, JSON.stringify(f)]),
    );
    const alvo = completo ? todas : todas.filter((f) => antes.get(f.id) !== JSON.stringify(f));
    const ler = async (url: string, query?: Query) => {
      const completa = url + toQueryString(query);
      try {
        await guardar(usuario, completa, query?.page ? await http.list(url, query) : await http.get(completa));
      } catch (err) {
        // One family refused or gone: the others are still worth keeping; the network gone stops the refresh.
        if (semRede(err)) throw err;
      }
    };
    if (completo) {
      await ler(urls.contexto, {});
      // The visits without a family (issue 39: they work offline too), as /sem_familia asks for them.
      await ler(urls.historico, { sem_familia: true, minhas: true, page: 1, per_page: HISTORICO_POR_PAGINA });
    }
    // The worklists (issue 44), as their screens first ask: they change with every visit, so on every refresh.
    const primeiraPagina = quemVisitarParamsSchema.parse({}) as Query;
    await ler(urls.quemVisitar, primeiraPagina);
    await ler(urls.quemVisitarImoveis, primeiraPagina);
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
    // The list last: a refresh cut short leaves the changed rows still "changed" for the next one.
    await guardar(usuario, FAMILIAS_TODAS, todas);
    const agora = Date.now();
    await db.meta.put({ chave: `${usuario} ${ATUALIZADO_EM}`, valor: agora });
    if (completo) await db.meta.put({ chave: `${usuario} ${COMPLETO_EM}`, valor: agora });
  })().finally(() => {
    atualizando = null;
  });
  return atualizando;
}

export async function atualizadoEm(usuario: string): Promise<number | null> {
  try {
    return (await (await abrirDb()).meta.get(`${usuario} ${ATUALIZADO_EM}`))?.valor ?? null;
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
