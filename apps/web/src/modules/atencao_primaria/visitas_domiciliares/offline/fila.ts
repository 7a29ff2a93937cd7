// Issue 25: the queue of visits and cancellations recorded on the device, and the one sender that empties it. A retry
// never duplicates: a visit carries its UUIDv7 (the API answers 200 with the visit already saved), a cancellation of a
// visit already cancelled answers 409, taken as sent. Sending runs by itself when the network comes back, every 30 s
// while something waits, and on the agent's button; one run at a time per tab.
import { useEffect, useState } from 'react';
import type { VisitaDomiciliarInput } from '@saude/shared/schemas/visita_domiciliar';
import { ApiError, http } from '../../../../lib/http';
import { abrirDb, type ItemFila } from './abrirDb';

const base = '/api/v1/atencao_primaria/visitas_domiciliares';
/** Requests in flight at once: on a 300 ms link one at a time would take minutes for a day's visits. */
const PARALELO = 4;
const INTERVALO_MS = 30_000;
/** Sent records stay visible a day, then leave the device (the server's history has them). */
const ENVIADO_MANTIDO_MS = 24 * 60 * 60_000;

export const ESTADO_ROTULO: Record<ItemFila['estado'], string> = {
  aguardando: 'Aguardando envio',
  enviando: 'Enviando',
  enviado: 'Enviado',
  recusado: 'Recusado',
};

/** Stores one record as waiting and starts a run of the sender: what a visit and a cancellation have in common. */
async function enfileirar(
  item: Pick<ItemFila, 'chave' | 'tipo' | 'visita_id' | 'usuario_id' | 'familia_id' | 'descricao' | 'corpo'>,
) {
  const db = await abrirDb();
  await db.fila.put({
    ...item,
    estado: 'aguardando',
    motivo: null,
    tentativas: 0,
    criado_em: Date.now(),
    enviado_em: null,
  });
  void enviarFila(item.usuario_id);
}

export const enfileirarVisita = (usuario: string, corpo: VisitaDomiciliarInput, descricao: string) =>
  enfileirar({
    chave: corpo.id,
    tipo: 'visita',
    visita_id: corpo.id,
    usuario_id: usuario,
    familia_id: corpo.familia_id ?? null,
    descricao,
    corpo,
  });

export const enfileirarCancelamento = (
  usuario: string,
  visita: { id: string; familia_id: string | null },
  justificativa: string,
  descricao: string,
) =>
  enfileirar({
    chave: `cancelar:${visita.id}`,
    tipo: 'cancelamento',
    visita_id: visita.id,
    usuario_id: usuario,
    familia_id: visita.familia_id,
    descricao,
    corpo: { justificativa },
  });

/** The agent has read the refusal (or the sent notice): the record leaves the device. */
export const dispensar = async (chave: string) => (await abrirDb()).fila.delete(chave);

/** The reason the server gave, with the fields it named (a 422), in one line. */
function motivoDe(err: ApiError): string {
  const campos = Object.values(err.errors).flat();
  return [err.message, ...campos].filter(Boolean).join(' ');
}

type Resultado = 'enviado' | 'recusado' | 'depois' | 'sessao';

/**
 * What an answer means for a queued record (status 0: no answer at all). Only an answer about the record itself ends
 * it as refused; no network, a failing or busy server or an ended session leave it waiting, untouched.
 */
export function resultadoDoEnvio(status: number, tipo: ItemFila['tipo']): Resultado {
  if (status >= 200 && status < 300) return 'enviado';
  // Already cancelled (here or elsewhere): what the agent wanted is done.
  if (status === 409 && tipo === 'cancelamento') return 'enviado';
  if (status === 401) return 'sessao';
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'depois';
  return 'recusado';
}

async function enviarItem(item: ItemFila): Promise<Resultado> {
  const db = await abrirDb();
  await db.fila.update(item.chave, { estado: 'enviando' });
  try {
    if (item.tipo === 'visita') await http.post(base, item.corpo);
    else await http.post(`${base}/${item.visita_id}/cancelar`, item.corpo);
    await db.fila.update(item.chave, { estado: 'enviado', motivo: null, enviado_em: Date.now() });
    return 'enviado';
  } catch (err) {
    const r = resultadoDoEnvio(err instanceof ApiError ? err.status : 0, item.tipo);
    if (r === 'enviado') await db.fila.update(item.chave, { estado: 'enviado', motivo: null, enviado_em: Date.now() });
    else if (r === 'recusado')
      // The server's answer (family moved away, form refused): kept with the reason until dismissed.
      await db.fila.update(item.chave, {
        estado: 'recusado',
        motivo: err instanceof ApiError ? motivoDe(err) : null,
        tentativas: item.tentativas + 1,
      });
    else await db.fila.update(item.chave, { estado: 'aguardando', tentativas: item.tentativas + 1 });
    return r;
  }
}

const ouvintesEnvio = new Set<() => void>();
/** Called after a run that sent something: the screens read the server's history again. */
export function aoEnviar(fn: () => void): () => void {
  ouvintesEnvio.add(fn);
  return () => void ouvintesEnvio.delete(fn);
}

let emAndamento: Promise<void> | null = null;
let sessaoExpirada = false;
const ouvintesSessao = new Set<() => void>();
let tentarDeNovo: ReturnType<typeof setTimeout> | undefined;
let espera = 1000;

/** True after a 401: the queue is kept, and sending resumes once the agent signs in again. */
export const precisaEntrar = () => sessaoExpirada;

async function rodada(usuario: string): Promise<void> {
  // The browser knows it is offline: nothing to try until its 'online' event (no attempts counted meanwhile).
  if (!navigator.onLine) return;
  const db = await abrirDb();
  const pendentes = (
    await db.fila
      .where('usuario_id')
      .equals(usuario)
      .filter((i) => i.estado === 'aguardando' || i.estado === 'enviando')
      .toArray()
  ).sort((a, b) => a.criado_em - b.criado_em);
  // A visit before any cancellation: a cancellation of a visit still queued needs it on the server first.
  const fases = [pendentes.filter((i) => i.tipo === 'visita'), pendentes.filter((i) => i.tipo === 'cancelamento')];
  let falhou = false;
  let enviados = 0;
  for (const fase of fases) {
    let parar = false;
    const trabalhador = async () => {
      while (!parar) {
        const item = fase.shift();
        if (!item) return;
        const r = await enviarItem(item);
        if (r === 'sessao') {
          sessaoExpirada = true;
          ouvintesSessao.forEach((fn) => fn());
          parar = true;
        }
        if (r === 'depois') falhou = true;
        if (r === 'enviado' || r === 'recusado') enviados++;
      }
    };
    await Promise.all(Array.from({ length: PARALELO }, trabalhador));
    if (enviados > 0) ouvintesEnvio.forEach((fn) => fn());
    if (parar) return;
  }
  if (sessaoExpirada) {
    sessaoExpirada = false;
    ouvintesSessao.forEach((fn) => fn());
  }
  // Some did not get through: again soon, waiting longer each time (up to 30 s), while the tab is open.
  clearTimeout(tentarDeNovo);
  if (falhou) {
    tentarDeNovo = setTimeout(() => void enviarFila(usuario), espera);
    espera = Math.min(espera * 2, INTERVALO_MS);
  } else espera = 1000;
  await db.fila
    .where('usuario_id')
    .equals(usuario)
    .filter((i) => i.estado === 'enviado' && (i.enviado_em ?? 0) < Date.now() - ENVIADO_MANTIDO_MS)
    .delete();
}

/** Sends what this user's session queued; a call while a run is going joins it. */
export function enviarFila(usuario: string): Promise<void> {
  emAndamento ??= rodada(usuario)
    .catch(() => {
      /* IndexedDB unavailable: nothing was queued either */
    })
    .finally(() => {
      emAndamento = null;
    });
  return emAndamento;
}

let iniciadoPara: string | null = null;

/** Starts the sender for the signed-in user once per tab: at once, on 'online', and every 30 s. */
export function iniciarEnvio(usuario: string): void {
  if (iniciadoPara === usuario) {
    void enviarFila(usuario);
    return;
  }
  iniciadoPara = usuario;
  sessaoExpirada = false;
  window.addEventListener('online', () => {
    espera = 1000;
    if (iniciadoPara) void enviarFila(iniciadoPara);
  });
  setInterval(() => {
    if (iniciadoPara && navigator.onLine) void enviarFila(iniciadoPara);
  }, INTERVALO_MS);
  void enviarFila(usuario);
}

/** Live rows of the queue (Dexie liveQuery): every change of state shows at once. */
export function useFila(usuario: string | undefined, familiaId?: string): ItemFila[] | undefined {
  const [itens, setItens] = useState<ItemFila[] | undefined>(undefined);
  useEffect(() => {
    if (!usuario) return;
    let sub: { unsubscribe: () => void } | undefined;
    let vivo = true;
    void Promise.all([import('dexie'), abrirDb()])
      .then(([{ liveQuery }, db]) => {
        if (!vivo) return;
        sub = liveQuery(() =>
          db.fila
            .where('usuario_id')
            .equals(usuario)
            .filter((i) => familiaId === undefined || i.familia_id === familiaId)
            .toArray(),
        ).subscribe({
          next: (rows) => setItens(rows.sort((a, b) => b.criado_em - a.criado_em)),
          error: () => setItens([]),
        });
      })
      .catch(() => setItens([]));
    return () => {
      vivo = false;
      sub?.unsubscribe();
    };
  }, [usuario, familiaId]);
  return itens;
}

export function usePrecisaEntrar(): boolean {
  const [v, setV] = useState(sessaoExpirada);
  useEffect(() => {
    const fn = () => setV(sessaoExpirada);
    ouvintesSessao.add(fn);
    return () => void ouvintesSessao.delete(fn);
  }, []);
  return v;
}
