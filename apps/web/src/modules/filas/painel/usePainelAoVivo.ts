import type { ChamadaPainel, PainelSnapshot } from '@saude/shared/schemas/painel';
import { msg } from '@saude/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { aplicarChamada, eventosUrl, snapshotUrl, type Quadro } from './api';

export type EstadoPainel =
  | { situacao: 'carregando' }
  | { situacao: 'ao_vivo' | 'sem_conexao'; unidade: PainelSnapshot['unidade'] | null }
  /** A missing or wrong key: nothing to retry until someone fixes the address. */
  | { situacao: 'recusado'; mensagem: string };

/** Our own reconnection waits, for when EventSource gives up (a non-200 answer, e.g. while the server restarts). */
export const backoffPainel = (tentativa: number) => Math.min(30_000, 1000 * 2 ** tentativa);

/**
 * The panel's live board: the snapshot, then every call through Server-Sent Events. EventSource reconnects by itself
 * after a dropped connection; when it gives up (the server answered an error while restarting) this hook reconnects
 * with backoff. After every (re)connection the snapshot is read again, so a call made while offline still shows.
 */
export function usePainelAoVivo(unidadeId: string, chave: string, aoChamar: (c: ChamadaPainel) => void) {
  const [estado, setEstado] = useState<EstadoPainel>({ situacao: 'carregando' });
  const [quadro, setQuadro] = useState<Quadro>({ atual: null, ultimas: [] });
  const aoChamarRef = useRef(aoChamar);
  useEffect(() => {
    aoChamarRef.current = aoChamar;
  }, [aoChamar]);

  useEffect(() => {
    if (!chave) {
      setEstado({ situacao: 'recusado', mensagem: msg.painelChaveAusente });
      return;
    }
    let parado = false;
    let fonte: EventSource | null = null;
    let timer: number | undefined;
    let tentativa = 0;
    let unidade: PainelSnapshot['unidade'] | null = null;

    const semConexao = () => setEstado({ situacao: 'sem_conexao', unidade });

    /** Reads the snapshot: false when the key is refused (the panel stops), true otherwise. */
    const carregar = async (): Promise<boolean> => {
      try {
        const res = await fetch(snapshotUrl(unidadeId, chave), { headers: { Accept: 'application/json' } });
        if (parado) return false;
        if (res.status === 401 || res.status === 403 || res.status === 422) {
          const body = (await res.json().catch(() => ({}))) as { message?: string };
          parado = true;
          fonte?.close();
          setEstado({ situacao: 'recusado', mensagem: body.message ?? msg.painelChaveInvalida });
          return false;
        }
        if (!res.ok) return true;
        const snap = (await res.json()) as PainelSnapshot;
        unidade = snap.unidade;
        setQuadro({ atual: snap.atual, ultimas: snap.ultimas });
        if (fonte?.readyState === EventSource.OPEN) setEstado({ situacao: 'ao_vivo', unidade });
        return true;
      } catch {
        return true;
      }
    };

    const reconectar = () => {
      if (parado) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        void carregar().then((ok) => {
          if (ok && !parado) conectar();
        });
      }, backoffPainel(tentativa++));
    };

    const conectar = () => {
      fonte = new EventSource(eventosUrl(unidadeId, chave));
      fonte.addEventListener('open', () => {
        tentativa = 0;
        setEstado({ situacao: 'ao_vivo', unidade });
        void carregar();
      });
      fonte.addEventListener('chamada', (e) => {
        const chamada = JSON.parse((e as MessageEvent<string>).data) as ChamadaPainel;
        setQuadro((q) => aplicarChamada(q, chamada));
        aoChamarRef.current(chamada);
      });
      // The server's LISTEN connection came back: calls made meanwhile are in the snapshot.
      fonte.addEventListener('ressincronizar', () => void carregar());
      fonte.addEventListener('error', () => {
        if (parado) return;
        semConexao();
        // CONNECTING: EventSource retries by itself. CLOSED: it gave up; we take over.
        if (fonte?.readyState === EventSource.CLOSED) {
          fonte.close();
          reconectar();
        }
      });
    };

    void carregar().then((ok) => {
      if (ok && !parado) conectar();
    });
    // The network's own word, sooner than a stream that may take minutes to notice a dead link.
    const offline = () => semConexao();
    // Back online: a fresh stream, since the old socket may be half dead without EventSource knowing.
    const online = () => {
      if (parado) return;
      fonte?.close();
      window.clearTimeout(timer);
      tentativa = 0;
      void carregar().then((ok) => {
        if (ok && !parado) conectar();
      });
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      parado = true;
      window.clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      fonte?.close();
    };
  }, [unidadeId, chave]);

  return { estado, quadro };
}
