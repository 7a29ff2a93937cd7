import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg, type Usuario } from '@saude/shared';
import { queryClient } from './queryClient';
import { buildRoutes, type ScreenRoute } from './router';
import { tokenStore } from '../lib/http';
import { renderRoutes } from '../test/render';

const gestor: Usuario = {
  login: 'gestor',
  nome: 'Gestor(a) municipal',
  email: null,
  perfil: 'Gestor(a) municipal',
  permissoes: [],
  unidade_atual: { id: '01a206cd-8e24-7464-ad02-3f06afc2dc96', nome: 'Secretaria Municipal de Saúde' },
  senha_provisoria: true,
};

const screens: ScreenRoute[] = [
  { index: true, lazy: async () => ({ Component: () => <p>Início</p> }) },
  {
    path: 'conta',
    handle: { requiresUnit: false },
    lazy: async () => ({ Component: () => <p>Conta aberta</p> }),
  },
];

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };

/** The API as a one-time password session sees it; PUT /senha answers `senha` in turn. */
function mockApi({ demonstracao = false, senha = [204] as Array<number | Record<string, string[]>> } = {}) {
  const calls: Call[] = [];
  let me = { ...gestor };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/ferramentas/parametrizacao')
        return json(200, { cliente_nome: 'Município de Teste', brasao: null, versao: '1', demonstracao });
      if (url === '/api/v2/auth/login') return json(200, { token: 'token-provisorio', usuario: me });
      if (url === '/api/v2/auth/me') return json(200, me);
      if (url === '/api/v2/auth/senha') {
        const answer = senha.shift() ?? 204;
        if (answer !== 204) return json(422, { message: 'Não foi possível gravar a senha: 1 erro', errors: answer });
        me = { ...me, senha_provisoria: false };
        return json(204, null);
      }
      if (url === '/api/menus') return json(200, []);
      if (url === '/api/v1/comunicacao/avisos/nao_visualizados') return json(200, []);
      return json(403, { message: msg.senhaProvisoria });
    }),
  );
  return calls;
}

const open = (path: string) => renderRoutes(buildRoutes(screens), path, queryClient).router;

describe('first sign-in with a one-time password (issue 14)', () => {
  afterEach(() => {
    queryClient.clear();
    tokenStore.clear();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('warns on the sign-in page while demo accounts exist, and not otherwise', async () => {
    mockApi({ demonstracao: true });
    open('/login');
    expect(await screen.findByRole('note')).toHaveTextContent('Demonstração — não use com dados reais');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no warning without demo accounts', async () => {
    mockApi({ demonstracao: false });
    open('/login');
    expect(await screen.findByRole('textbox', { name: /Login/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Município de Teste')).toBeInTheDocument());
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('goes from sign-in straight to the new password, shows the API rules on the field, then goes on', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ senha: [{ nova_senha: [msg.senhaComum] }, 204] });
    const router = open('/login?retorno=%2Fconta');
    await user.type(await screen.findByRole('textbox', { name: /Login/ }), 'gestor');
    await user.type(screen.getByLabelText(/^Senha/), 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login/nova_senha'));
    expect(router.state.location.search).toBe('?retorno=%2Fconta');
    // The browser's id goes with the sign-in, the same one every time.
    const dispositivo = calls.find((c) => c.url === '/api/v2/auth/login')?.body?.dispositivo;
    expect(dispositivo).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(localStorage.getItem('saude.dispositivo')).toBe(dispositivo);

    expect(await screen.findByRole('heading', { name: 'Defina uma nova senha' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Senha provisória/), 'abcd-efgh-jkmn');
    await user.type(screen.getByLabelText(/^Nova senha/), 'password123');
    await user.type(screen.getByLabelText(/^Confirmação/), 'password123');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText(msg.senhaComum)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/nova_senha');

    await user.clear(screen.getByLabelText(/^Nova senha/));
    await user.type(screen.getByLabelText(/^Nova senha/), 'ipê amarelo na praça');
    await user.clear(screen.getByLabelText(/^Confirmação/));
    await user.type(screen.getByLabelText(/^Confirmação/), 'ipê amarelo na praça');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Conta aberta')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/conta');
    expect(calls.filter((c) => c.url === '/api/v2/auth/senha').at(-1)?.body).toEqual({
      senha_atual: 'abcd-efgh-jkmn',
      nova_senha: 'ipê amarelo na praça',
      confirmacao: 'ipê amarelo na praça',
    });
  });

  it('keeps a one-time password session out of every page until the password is changed', async () => {
    tokenStore.set('token-provisorio');
    mockApi();
    const router = open('/conta');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/nova_senha'));
    expect(router.state.location.search).toBe('?retorno=%2Fconta');
    expect(await screen.findByRole('heading', { name: 'Defina uma nova senha' })).toBeInTheDocument();
  });
});
