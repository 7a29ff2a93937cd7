import { chamadaPainelSchema } from '@saude/shared/schemas/painel';
import type { Database } from '../../../db/client';
import { CANAL_CHAMADAS, CANAL_CHAVES } from './eventos';

/** One open panel stream: what the hub may do with it. */
export type Painel = {
  unidadeId: string;
  /** Writes an already formatted Server-Sent Events frame. */
  enviar: (frame: string) => void;
  /** Ends the stream (the key changed, or the server is closing). */
  encerrar: () => void;
};

/** A `chamada` event as the stream sends it: formatted once per call, written to every panel of the unit. */
export const frameChamada = (json: string) => `event: chamada\ndata: ${json}\n\n`;
/** Told to every panel when the LISTEN connection came back: calls made meanwhile are read from the snapshot. */
export const FRAME_RESSINCRONIZAR = 'event: ressincronizar\ndata: {}\n\n';

/**
 * The process's panel hub (issue 17): LISTENs once on the calls channel and on the key channel, and fans each call out
 * to the open streams of its unit. A call made on any API process reaches every process's panels through PostgreSQL.
 */
export function painelHub(listen: Database['listen']) {
  const porUnidade = new Map<string, Set<Painel>>();
  let assinatura: Promise<Array<() => Promise<void>>> | null = null;

  const todos = () => [...porUnidade.values()].flatMap((s) => [...s]);

  const aoChamar = (payload: string) => {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      json = null;
    }
    const chamada = chamadaPainelSchema.safeParse(json);
    // A sender out of step with the shared schema: said once per call (never the payload), the TVs left untouched.
    if (!chamada.success) return process.emitWarning('painel: chamada fora do formato ChamadaPainel descartada');
    const paineis = porUnidade.get(chamada.data.unidade_saude_id);
    if (!paineis) return;
    const frame = frameChamada(JSON.stringify(chamada.data));
    for (const p of paineis) p.enviar(frame);
  };

  // A new key: the unit's open streams end at once, in every process (the payload is the unit's id).
  const aoTrocarChave = (unidadeId: string) => {
    for (const p of [...(porUnidade.get(unidadeId) ?? [])]) p.encerrar();
  };

  const ressincronizar = () => {
    for (const p of todos()) p.enviar(FRAME_RESSINCRONIZAR);
  };

  const assinar = () =>
    (assinatura ??= Promise.all([
      listen(CANAL_CHAMADAS, aoChamar, { onReconnect: ressincronizar }),
      listen(CANAL_CHAVES, aoTrocarChave),
    ]).catch((err: unknown) => {
      assinatura = null;
      throw err;
    }));

  return {
    /** Adds an open stream (subscribing the process on the first one); answers the function that removes it. */
    async entrar(painel: Painel): Promise<() => void> {
      await assinar();
      const set = porUnidade.get(painel.unidadeId) ?? new Set<Painel>();
      set.add(painel);
      porUnidade.set(painel.unidadeId, set);
      return () => {
        set.delete(painel);
        if (set.size === 0 && porUnidade.get(painel.unidadeId) === set) porUnidade.delete(painel.unidadeId);
      };
    },
    /** How many streams are open (per unit, or in all). */
    abertos(unidadeId?: string): number {
      return unidadeId ? (porUnidade.get(unidadeId)?.size ?? 0) : todos().length;
    },
    /** Ends every stream and stops listening (the server is closing: open streams would hold it up). */
    async fechar(): Promise<void> {
      for (const p of todos()) p.encerrar();
      const unlisten = await assinatura?.catch(() => []);
      assinatura = null;
      await Promise.all((unlisten ?? []).map((u) => u()));
    },
  };
}

export type PainelHub = ReturnType<typeof painelHub>;
