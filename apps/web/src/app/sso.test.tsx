import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg, type Usuario } from '@saude/shared';
import { queryClient } from './queryClient';
import { buildRoutes, type ScreenRoute } from './router';
import { tokenStore } from '../lib/http';
import { fakeApi, type Resposta } from '../test/fakeApi';
import { renderRoutes } from '../test/render';

// Issue 23 in the browser: the sign-in page's "Entrar com …", the return page /saude2_oauth, and the sign-out that
// goes on to the provider. The OpenID Connect flow itself is proven against a real provider (apps/api sso.test.ts, e2e).
const medica: Usuario = {
  login: 'medica',
  nome: 'Dra. Ana',
  email: 'ana@example.org',
  perfil: 'Médico(a)',
  permissoes: [],
  unidade_atual: { id: '01a206cd-8e24-7464-ad02-3f06afc2dc96', nome: 'UBS Centro' },
  senha_provisoria: false,
};

const screens: ScreenRoute[] = [
  { index: true, lazy: async () => ({ Component: () => <p>Início</p> }) },
  { path: 'municipes', lazy: async () => ({ Component: () => <p>Lista de munícipes</p> }) },
];

/** The API of a single sign-on: the public parameters say whether it is on; the callback answers `callback`. */
const mockApi = (callback: Resposta, sso = true) =>
  fakeApi(
    {
      'GET /api/ferramentas/parametrizacao': {
        body: {
          cliente_nome: 'Município de Teste',
          brasao: null,
          versao: '1',
          demonstracao: false,
          sso_habilitado: sso,
          sso_nome: sso ? 'Acesso Município' : null,
        },
      },
      'POST /api/v2/auth/oauth/callback': callback,
      'GET /api/menus': { body: [] },
      'GET /api/v1/comunicacao/avisos/nao_visualizados': { body: [] },
    },
    { usuario: medica },
  ).chamadas;

const open = (path: string) => renderRoutes(buildRoutes(screens), path, queryClient).router;

describe('single sign-on in the browser (issue 23)', () => {
  afterEach(() => {
    queryClient.clear();
    tokenStore.clear();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('offers "Entrar com …" on the sign-in page, carrying the return path to our API', async () => {
    mockApi({ status: 500 });
    open('/login?retorno=%2Fmunicipes');
    const link = await screen.findByRole('link', { name: 'Entrar com Acesso Município' });
    expect(link).toHaveAttribute('href', '/api/v2/auth/oauth/authorize?retorno=%2Fmunicipes');
  });

  it('shows no such button when single sign-on is off, and says why a sign-on could not start', async () => {
    mockApi({ status: 500 }, false);
    open('/login?sso_erro=indisponivel');
    expect(await screen.findByRole('alert')).toHaveTextContent(msg.ssoIndisponivel);
    expect(screen.queryByRole('link', { name: /Entrar com/ })).not.toBeInTheDocument();
  });

  it('passes the provider answer to the API once, starts the session and goes where the user was going', async () => {
    const calls = mockApi({ body: { token: 'token-sso-0123456789abcdef', usuario: medica, retorno: '/municipes' } });
    const router = open('/saude2_oauth?code=codigo-1&state=estado-1&iss=http%3A%2F%2Fidp');
    expect(await screen.findByText('Lista de munícipes')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/municipes');
    const posts = calls.filter((c) => c.path === '/api/v2/auth/oauth/callback');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ code: 'codigo-1', state: 'estado-1', iss: 'http://idp' });
    expect(tokenStore.get()).toBe('token-sso-0123456789abcdef');
  });

  it('shows the API refusal with a way back to the sign-in page', async () => {
    mockApi({ status: 403, body: { code: 'proibido', message: msg.ssoSemProfissional, errors: {} } });
    open('/saude2_oauth?code=c&state=s');
    expect(await screen.findByRole('alert')).toHaveTextContent(msg.ssoSemProfissional);
    await userEvent.click(screen.getByRole('link', { name: 'Voltar para a entrada' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Login' })).toBeInTheDocument());
    expect(tokenStore.get()).toBeNull();
  });
});
