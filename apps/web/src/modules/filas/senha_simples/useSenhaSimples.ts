// The opener side of the ticket-authentication popup (issue 17, spec §4): opens the SenhaSimples sign-in in a 600×700
// window and keeps the token it posts back. The ticket service is this product's own, so by default the popup and the
// callback live on this origin; `servico` points elsewhere if the service ever moves.
//
//   const senhaSimples = useSenhaSimples();
//   <ConectarSenhaSimples senhaSimples={senhaSimples} />
//   fetch('/api/v1/filas/senhas/…', { headers: { ...senhaSimples.authorization() } })
import { msg } from '@saude/shared/messages';
import { SENHA_SIMPLES_SOURCE } from '@saude/shared/schemas/senha_simples';
import { useCallback, useEffect, useRef, useState } from 'react';

export type SenhaSimplesEstado =
  | { situacao: 'desconectado' }
  /** The popup is open, waiting for its answer. */
  | { situacao: 'aguardando' }
  | { situacao: 'conectado'; token: string }
  | { situacao: 'erro'; mensagem: string };

export type SenhaSimplesOpcoes = {
  /** Where the ticket service is (its origin is the only one whose messages count). @default window.location.origin */
  servico?: string;
  /** The callback registered in auth_applications for this screen. @default <origin>/filas/chamadas */
  callback?: string;
};

export const POPUP_NOME = 'senha_simples';
export const POPUP_JANELA = 'width=600,height=700';

/** The message for a status the popup posts back (spec §8: 401, 404, 422 and 500 generic, else the default). */
export function mensagemDoErro(status: unknown): string {
  if (status === 401) return msg.senhaSimplesNaoAutorizado;
  if (status === 404) return msg.senhaSimplesSemParametrizacao;
  if (status === 422 || status === 500) return msg.erroGenerico;
  return msg.senhaSimplesFalha;
}

/**
 * The desk's token survives a reload of its tab (issue 39: a reload no longer asks to connect again): sessionStorage,
 * this tab only, gone when it closes. The token reaches only the filas/ routes and ends with its session (≤ 12 h).
 */
const GUARDADO = 'saude.filas.senha_simples';
const tokenGuardado = (): string | null => {
  try {
    return sessionStorage.getItem(GUARDADO);
  } catch {
    return null;
  }
};
const guardarToken = (token: string | null) => {
  try {
    if (token) sessionStorage.setItem(GUARDADO, token);
    else sessionStorage.removeItem(GUARDADO);
  } catch {
    // Storage blocked: the desk asks to connect again after a reload, as before.
  }
};

export function useSenhaSimples(opcoes: SenhaSimplesOpcoes = {}) {
  const servico = opcoes.servico ?? window.location.origin;
  const callback = opcoes.callback ?? `${window.location.origin}/filas/chamadas`;
  const origemEsperada = new URL(servico).origin;
  const [estado, setEstado] = useState<SenhaSimplesEstado>(() => {
    const token = tokenGuardado();
    return token ? { situacao: 'conectado', token } : { situacao: 'desconectado' };
  });
  const popup = useRef<Window | null>(null);
  const aguardando = estado.situacao === 'aguardando';

  useEffect(() => {
    if (!aguardando) return;
    const aoReceber = (e: MessageEvent) => {
      const data = e.data as { source?: unknown; token?: unknown; error?: unknown } | null;
      // Other windows' messages (extensions, other widgets) are not ours to judge.
      if (!data || typeof data !== 'object' || data.source !== SENHA_SIMPLES_SOURCE) return;
      if (e.origin !== origemEsperada) {
        setEstado({ situacao: 'erro', mensagem: msg.senhaSimplesUrlInvalida });
        return;
      }
      if (typeof data.token === 'string' && data.token) setEstado({ situacao: 'conectado', token: data.token });
      else setEstado({ situacao: 'erro', mensagem: mensagemDoErro(data.error) });
    };
    window.addEventListener('message', aoReceber);
    // Closed without an answer (the user closed the window): back to the start.
    const vigia = window.setInterval(() => {
      if (popup.current?.closed) setEstado((s) => (s.situacao === 'aguardando' ? { situacao: 'desconectado' } : s));
    }, 500);
    return () => {
      window.removeEventListener('message', aoReceber);
      window.clearInterval(vigia);
    };
  }, [aguardando, origemEsperada]);

  /** Opens the popup (call it from a click: browsers block popups opened otherwise). */
  const conectar = useCallback(() => {
    const url = `${servico.replace(/\/+$/, '')}/filas/senha_simples/autorizar?uri=${encodeURIComponent(callback)}`;
    popup.current = window.open(url, POPUP_NOME, POPUP_JANELA);
    if (!popup.current) setEstado({ situacao: 'erro', mensagem: msg.senhaSimplesFalha });
    else {
      popup.current.focus();
      setEstado({ situacao: 'aguardando' });
    }
  }, [servico, callback]);

  const desconectar = useCallback(() => setEstado({ situacao: 'desconectado' }), []);

  const token = estado.situacao === 'conectado' ? estado.token : null;
  useEffect(() => {
    if (estado.situacao === 'conectado' || estado.situacao === 'desconectado') guardarToken(token);
  }, [estado.situacao, token]);
  /** The header of the ticket calls; empty while not connected. */
  const authorization = useCallback(
    (): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {}),
    [token],
  );

  return { estado, conectar, desconectar, authorization };
}

export type SenhaSimples = ReturnType<typeof useSenhaSimples>;
