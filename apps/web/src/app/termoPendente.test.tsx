import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg, type Usuario } from '@saude/shared';
import { queryClient } from './queryClient';
import { buildRoutes, type ScreenRoute } from './router';
import { tokenStore } from '../lib/http';
import { renderRoutes } from '../test/render';

// The terms of use gate (issue 21): the guard sends a user with a pending version to the acceptance screen, after the
// one-time password, and back to where they were going once accepted.

const TERMO = '0190a6d2-1c1e-7000-8000-0000000000f1';
const acs: Usuario = {
  login: 'acs',
  nome: 'Agente',
  email: null,
  perfil: 'ACS',
  permissoes: [],
  unidade_atual: { id: '01a206cd-8e24-7464-ad02-3f06afc2dc96', nome: 'UBS Centro' },
  termo_pendente: { id: TERMO, versao: 2, titulo: 'Termos de uso v2' },
};

const screens: ScreenRoute[] = [
  { index: true, lazy: async () => ({ Component: () => <p>Início</p> }) },
  { path: 'conta', handle: { requiresUnit: false }, lazy: async () => ({ Component: () => <p>Conta aberta</p> }) },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function mockApi(inicial: Usuario) {
  let me = { ...inicial };
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posts.push(url);
      if (url === '/api/ferramentas/parametrizacao')
        return json(200, { cliente_nome: 'Município de Teste', brasao: null, versao: '1', demonstracao: false });
      if (url === '/api/v2/auth/me') return json(200, me);
      if (url === '/api/v1/termos_uso/pendente')
        return json(200, {
          id: TERMO,
          lock_version: 1,
          created_at: '2026-11-25T10:00:00.000Z',
          updated_at: '2026-11-25T10:00:00.000Z',
          versao: 2,
          titulo: 'Termos de uso v2',
          texto: '<p>Leia com atenção.</p>',
          publicado_em: '2026-11-25T10:00:00.000Z',
          publicado_por_nome: null,
          aceites: 0,
        });
      if (url === `/api/v1/termos_uso/${TERMO}/aceite`) {
        me = { ...me, termo_pendente: null };
        return json(200, { termo_uso_id: TERMO, versao: 2, aceito_em: '2026-11-25T10:01:00.000Z' });
      }
      if (url === '/api/menus') return json(200, []);
      return json(403, { code: 'termo_pendente', message: msg.termoPendente });
    }),
  );
  return posts;
}

const open = (path: string) => renderRoutes(buildRoutes(screens), path, queryClient);

describe('terms of use at sign-in (issue 21)', () => {
  afterEach(() => {
    queryClient.clear();
    tokenStore.clear();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('sends a pending user to the acceptance, keeps the path, and goes there once accepted', async () => {
    tokenStore.set('token-de-teste-com-vinte-chars');
    const posts = mockApi(acs);
    const { router, user } = open('/conta');
    await waitFor(() => expect(router.state.location.pathname).toBe('/termos_uso/aceite'));
    expect(router.state.location.search).toBe('?retorno=%2Fconta');
    expect(await screen.findByRole('heading', { name: 'Termos de uso v2', level: 1 })).toBeVisible();
    expect(screen.getByText('Leia com atenção.')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }));
    await user.click(screen.getByRole('button', { name: 'Aceitar' }));
    expect(await screen.findByText('Conta aberta')).toBeVisible();
    expect(posts).toEqual([`/api/v1/termos_uso/${TERMO}/aceite`]);
  });

  it('asks for the new password first when the password is a one-time one', async () => {
    tokenStore.set('token-de-teste-com-vinte-chars');
    mockApi({ ...acs, senha_provisoria: true });
    const { router } = open('/conta');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/nova_senha'));
    // The acceptance screen itself sends such a user back to the password.
    await router.navigate('/termos_uso/aceite');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/nova_senha'));
  });

  it('leaves the acceptance screen for home when nothing is pending', async () => {
    tokenStore.set('token-de-teste-com-vinte-chars');
    mockApi({ ...acs, termo_pendente: null });
    const { router } = open('/termos_uso/aceite');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
