import { msg } from '@saude/shared/messages';
import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ConectarSenhaSimples } from './ConectarSenhaSimples';
import { POPUP_JANELA, POPUP_NOME, useSenhaSimples } from './useSenhaSimples';

// The opener's checks (issue 17, spec §4 and §8): only the ticket service's origin may answer, only messages marked
// as SenhaSimples count, and each error status has its message.

const ORIGEM = window.location.origin;
const postar = (data: unknown, origin = ORIGEM) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });

describe('useSenhaSimples', () => {
  let open: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    open = vi.fn(() => ({ closed: false, focus: () => {} }) as unknown as Window);
    vi.stubGlobal('open', open);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  const conectado = () => {
    const h = renderHook(() => useSenhaSimples());
    act(() => h.result.current.conectar());
    return h;
  };

  it('opens the 600×700 popup on the authorisation page with the registered callback, and keeps the token', () => {
    const { result } = conectado();
    expect(open).toHaveBeenCalledWith(
      `${ORIGEM}/filas/senha_simples/autorizar?uri=${encodeURIComponent(`${ORIGEM}/filas/chamadas`)}`,
      POPUP_NOME,
      POPUP_JANELA,
    );
    expect(result.current.estado).toEqual({ situacao: 'aguardando' });
    expect(result.current.authorization()).toEqual({});
    postar({ source: 'senha_simples', token: 'tok_123' });
    expect(result.current.estado).toEqual({ situacao: 'conectado', token: 'tok_123' });
    expect(result.current.authorization()).toEqual({ Authorization: 'Bearer tok_123' });
  });

  it('refuses an answer from another origin with the spec message, and keeps no token from it', () => {
    const { result } = conectado();
    postar({ source: 'senha_simples', token: 'roubado' }, 'https://malicioso.exemplo.com');
    expect(result.current.estado).toEqual({ situacao: 'erro', mensagem: msg.senhaSimplesUrlInvalida });
    expect(result.current.authorization()).toEqual({});
  });

  it('ignores messages without the SenhaSimples marker', () => {
    const { result } = conectado();
    postar({ source: 'outra_coisa', token: 'x' });
    postar('texto solto');
    postar(null, 'https://malicioso.exemplo.com');
    expect(result.current.estado).toEqual({ situacao: 'aguardando' });
  });

  it.each([
    [401, msg.senhaSimplesNaoAutorizado],
    [404, msg.senhaSimplesSemParametrizacao],
    // Spec §8: 422 and 500 say the generic message, not the popup's default (issue 39).
    [422, msg.erroGenerico],
    [500, msg.erroGenerico],
    [0, msg.senhaSimplesFalha],
  ])('maps the error %s to its message', (status, mensagem) => {
    const { result } = conectado();
    postar({ source: 'senha_simples', error: status });
    expect(result.current.estado).toEqual({ situacao: 'erro', mensagem });
  });

  it('accepts only the configured service origin when the service lives elsewhere', () => {
    const h = renderHook(() => useSenhaSimples({ servico: 'https://senhas.exemplo.gov.br' }));
    act(() => h.result.current.conectar());
    expect(open.mock.calls[0]![0]).toMatch(
      /^https:\/\/senhas\.exemplo\.gov\.br\/filas\/senha_simples\/autorizar\?uri=/,
    );
    postar({ source: 'senha_simples', token: 'daqui' });
    expect(h.result.current.estado).toEqual({ situacao: 'erro', mensagem: msg.senhaSimplesUrlInvalida });
    act(() => h.result.current.conectar());
    postar({ source: 'senha_simples', token: 'de_la' }, 'https://senhas.exemplo.gov.br');
    expect(h.result.current.estado).toEqual({ situacao: 'conectado', token: 'de_la' });
  });

  it('keeps the token across a reload of the tab (sessionStorage) until disconnected (issue 39)', () => {
    const { result, unmount } = conectado();
    postar({ source: 'senha_simples', token: 'tok_reload' });
    unmount();
    const depois = renderHook(() => useSenhaSimples());
    expect(depois.result.current.estado).toEqual({ situacao: 'conectado', token: 'tok_reload' });
    act(() => depois.result.current.desconectar());
    expect(result.current.estado.situacao).toBe('conectado');
    expect(renderHook(() => useSenhaSimples()).result.current.estado).toEqual({ situacao: 'desconectado' });
  });

  it('says so when the browser blocks the popup', () => {
    open.mockReturnValue(null);
    const { result } = conectado();
    expect(result.current.estado).toEqual({ situacao: 'erro', mensagem: msg.senhaSimplesFalha });
  });

  it('the button shows each state', async () => {
    function Tela() {
      return <ConectarSenhaSimples senhaSimples={useSenhaSimples()} />;
    }
    const { user } = renderWithProviders(<Tela />);
    await user.click(screen.getByRole('button', { name: 'Conectar ao SenhaSimples' }));
    postar({ source: 'senha_simples', error: 404 });
    expect(await screen.findByRole('alert')).toHaveTextContent(msg.senhaSimplesSemParametrizacao);
    await user.click(screen.getByRole('button', { name: 'Conectar ao SenhaSimples' }));
    postar({ source: 'senha_simples', token: 'tok' });
    expect(await screen.findByText('SenhaSimples conectado')).toBeInTheDocument();
  });
});
