import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Usuario } from '@saude/shared';
import { tokenStore } from '../lib/http';
import { renderRoutes } from '../test/render';
import { queryClient } from './queryClient';
import { buildRoutes, type ScreenRoute } from './router';

const usuario: Usuario = {
  login: 'acs',
  nome: 'Agente de Teste',
  email: null,
  perfil: 'Agente comunitário de saúde',
  permissoes: [],
  unidade_atual: { id: '01a206cd-8e24-7464-ad02-3f06afc2dc96', nome: 'UBS Centro' },
};

// Screens that need a permission; the real table has none yet (module screens add theirs).
const screens: ScreenRoute[] = [
  { index: true, lazy: async () => ({ Component: () => <p>Início</p> }) },
  {
    path: 'auditoria',
    handle: { authorize: 'auditoria:index' },
    lazy: async () => ({ Component: () => <p>Auditoria aberta</p> }),
  },
  {
    path: 'municipes/:id/edit',
    handle: { authorize: 'municipes:update' },
    lazy: async () => ({ Component: () => <p>Edição aberta</p> }),
  },
  {
    path: 'municipes_notificacao/:id/notificacao_compulsoria/:notificacaoId/show',
    handle: { authorize: 'municipes_notificacao:show' },
    lazy: async () => ({ Component: () => <p>Notificação aberta</p> }),
  },
  { path: 'conta', handle: { requiresUnit: false }, lazy: async () => ({ Component: () => <p>Conta aberta</p> }) },
  {
    path: 'filas/senhas',
    handle: { authorize: 'filas/senhas:create' },
    lazy: async () => ({ Component: () => <p>Emissão de senhas aberta</p> }),
  },
  {
    path: 'visitas',
    handle: { authorize: 'atencao_primaria/visitas_domiciliares:index' },
    lazy: async () => ({ Component: () => <p>Visitas abertas</p> }),
  },
  {
    path: 'visitas/:familiaId/visitar',
    handle: { authorize: 'atencao_primaria/visitas_domiciliares:create' },
    lazy: async () => ({ Component: () => <p>Ficha de visita aberta</p> }),
  },
];

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function mockApi({ me = usuario as Usuario | null, permissao = 200, flags = {} as Record<string, boolean> } = {}) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/v2/auth/me') return me ? json(200, me) : json(401, { message: 'Sessão expirada' });
      if (url === '/api/ferramentas/permissoes')
        return json(permissao, permissao === 200 ? { permitido: true } : { message: 'Proibido' });
      if (url === '/api/menus') return json(200, []);
      const flag = /^\/api\/v1\/parametros\/unidades_saude\/atual\/(\w+)$/.exec(url)?.[1];
      if (flag) return json(200, { parametro: flag, valor: flags[flag] ?? false });
      if (url === '/api/v1/comunicacao/avisos/nao_visualizados') return json(200, []);
      if (url === '/api/ferramentas/parametrizacao')
        return json(200, { cliente_nome: 'Município de Teste', brasao: null });
      return json(404, { message: 'Não encontrado' });
    }),
  );
  return calls;
}

const open = (path: string) => renderRoutes(buildRoutes(screens), path, queryClient).router;

describe('route guards (spec §6)', () => {
  beforeEach(() => tokenStore.set('token-de-teste'));
  afterEach(() => {
    queryClient.clear();
    tokenStore.clear();
    vi.unstubAllGlobals();
  });

  it('opens a page when POST /api/ferramentas/permissoes answers 200, sending authorize and a null resource_id', async () => {
    const calls = mockApi();
    open('/auditoria');
    expect(await screen.findByText('Auditoria aberta')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/ferramentas/permissoes')?.body).toEqual({
      authorize: 'auditoria:index',
      resource_id: null,
    });
  });

  it('shows the 403 page when the permission check answers 403', async () => {
    mockApi({ permissao: 403 });
    open('/auditoria');
    expect(await screen.findByText('Você não está autorizado a executar essa ação.')).toBeInTheDocument();
    expect(screen.queryByText('Auditoria aberta')).not.toBeInTheDocument();
  });

  // Issue 39: a bookmark of a module the unit does not offer says so (GET …/atual/{parametro}), with how to change unit.
  it('says the current unit does not offer the module when its flag is off and the profile allows the screen', async () => {
    const calls = mockApi({ me: { ...usuario, permissoes: ['filas/senhas:create'] }, permissao: 403 });
    open('/filas/senhas');
    expect(
      await screen.findByRole('heading', { name: 'Esta unidade (UBS Centro) não oferece gerenciamento de filas.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trocar unidade' })).toHaveAttribute(
      'href',
      '/selecionar_unidade_saude?retorno=%2Ffilas%2Fsenhas',
    );
    expect(screen.queryByText('Você não está autorizado a executar essa ação.')).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/v1/parametros/unidades_saude/atual/gerenciamento_filas');
  });

  it('keeps the 403 page when the flag is on (refused for another reason) or the profile lacks the permission', async () => {
    mockApi({
      me: { ...usuario, permissoes: ['filas/senhas:create'] },
      permissao: 403,
      flags: { gerenciamento_filas: true },
    });
    open('/filas/senhas');
    expect(await screen.findByText('Você não está autorizado a executar essa ação.')).toBeInTheDocument();
    cleanup();
    queryClient.clear();
    const calls = mockApi({ permissao: 403 });
    open('/filas/senhas');
    expect(await screen.findByText('Você não está autorizado a executar essa ação.')).toBeInTheDocument();
    expect(calls.map((c) => c.url).filter((u) => u.includes('/parametros/'))).toEqual([]);
  });

  it('treats any answer but 200 as a refusal (204, 500)', async () => {
    mockApi({ permissao: 204 });
    open('/auditoria');
    expect(await screen.findByText('Você não está autorizado a executar essa ação.')).toBeInTheDocument();
  });

  it('sends the route id as resource_id', async () => {
    const calls = mockApi({ permissao: 500 });
    open('/municipes/42/edit');
    expect(await screen.findByText('Você não está autorizado a executar essa ação.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/ferramentas/permissoes')?.body).toEqual({
      authorize: 'municipes:update',
      resource_id: '42',
    });
  });

  it('sends the notification id, not the citizen id, as resource_id on a notification page (spec §6)', async () => {
    const calls = mockApi();
    open('/municipes_notificacao/7/notificacao_compulsoria/99/show');
    expect(await screen.findByText('Notificação aberta')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/ferramentas/permissoes')?.body).toEqual({
      authorize: 'municipes_notificacao:show',
      resource_id: '99',
    });
  });

  it('sends a signed-out user to /login remembering the page', async () => {
    tokenStore.clear();
    mockApi();
    const router = open('/conta?aba=senha');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?retorno=${encodeURIComponent('/conta?aba=senha')}`);
  });

  it('sends a user whose session expired (/me 401) to /login and forgets the token', async () => {
    mockApi({ me: null });
    const router = open('/auditoria');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(tokenStore.get()).toBeNull();
  });

  it('sends a user with no current unit to choose one before a page that needs it, but not before /conta', async () => {
    const calls = mockApi({ me: { ...usuario, unidade_atual: null } });
    const router = open('/auditoria');
    await waitFor(() => expect(router.state.location.pathname).toBe('/selecionar_unidade_saude'));
    expect(router.state.location.search).toBe('?retorno=%2Fauditoria');
    expect(calls.some((c) => c.url === '/api/ferramentas/permissoes')).toBe(false);
    await router.navigate('/conta');
    expect(await screen.findByText('Conta aberta')).toBeInTheDocument();
  });
});

describe('route guards offline (issue 25)', () => {
  beforeEach(() => tokenStore.set('token-de-teste'));
  afterEach(() => {
    queryClient.clear();
    tokenStore.clear();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  /** Online first (the session and the permissions answered), then no network at all. */
  async function onlineDepoisSemRede() {
    const calls = mockApi();
    open('/visitas');
    expect(await screen.findByText('Visitas abertas')).toBeInTheDocument();
    // The list granted asks for the other screens of a round, which are remembered too (issue 39).
    await waitFor(() =>
      expect(calls.map((c) => (c.body as { authorize?: string } | undefined)?.authorize)).toContain(
        'atencao_primaria/visitas_domiciliares:create',
      ),
    );
    queryClient.clear();
    open('/auditoria');
    expect(await screen.findByText('Auditoria aberta')).toBeInTheDocument();
    queryClient.clear();
    // Nothing of the online screens stays on the page: what shows next is what opened offline.
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
  }

  it('opens a visit screen with the session and permission last answered online', async () => {
    await onlineDepoisSemRede();
    open('/visitas');
    expect(await screen.findByText('Visitas abertas')).toBeInTheDocument();
  });

  it('opens a visit form never opened online, once the list was (issue 39)', async () => {
    await onlineDepoisSemRede();
    open('/visitas/0190a6d2-1c1e-7000-8000-0000000000f1/visitar');
    expect(await screen.findByText('Ficha de visita aberta')).toBeInTheDocument();
  });

  it('says another screen needs the network, even one granted online: never "não autorizado" (issue 39)', async () => {
    await onlineDepoisSemRede();
    open('/auditoria');
    expect(await screen.findByText('Sem conexão: esta tela precisa de internet')).toBeInTheDocument();
    expect(screen.queryByText('Você não está autorizado a executar essa ação.')).not.toBeInTheDocument();
  });

  it('forgets them once the token changes (another sign-in): no offline sign-in', async () => {
    await onlineDepoisSemRede();
    tokenStore.set('outro-token');
    const router = open('/visitas');
    await waitFor(() => expect(router.state.errors).not.toBeNull());
    expect(screen.queryByText('Visitas abertas')).not.toBeInTheDocument();
  });
});
