// Issue 25: the working set. Every read of the visit screens keeps its last answer on the device (per user); with no
// network the screen shows that answer instead of an error. The refresh that fills it is in conjunto.ts.
import type { FamiliaParaVisita, FamiliasParaVisitaFilters } from '@saude/shared/schemas/visita_domiciliar';
import { toQueryString, type Query } from '../../../../lib/http';
import { semRede } from '../../../../lib/sessaoOffline';
import { abrirDb } from './abrirDb';

export const FAMILIAS_TODAS = 'familias:todas';

export { semRede };
const chaveDe = (usuario: string, url: string) => `${usuario} ${url}`;

export async function guardar(usuario: string, url: string, dados: unknown) {
  try {
    const db = await abrirDb();
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

export async function copia<T>(usuario: string, url: string): Promise<T | undefined> {
  try {
    return (await (await abrirDb()).copias.get(chaveDe(usuario, url)))?.dados as T | undefined;
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
    // Kept in the background: the screen does not wait for the device's storage.
    if (usuario) void guardar(usuario, completa, v);
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
