import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotificacaoGlobal } from '@saude/shared/schemas/notificacao_global';
import { fakeApi, lista, usuarioTeste } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { NOTIFICACOES_GLOBAIS_API as API } from '../../modules/notificacoes_globais';
import { Globo } from './Globo';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const ID = '0190a6d2-1c1e-7000-8000-0000000000d1';
const nota = (i: number, over: Partial<NotificacaoGlobal> = {}): NotificacaoGlobal => ({
  id: `0190a6d2-1c1e-7000-8000-${String(i).padStart(12, '0')}`,
  tipo: 'aviso',
  titulo: `Aviso ${i}`,
  subtitulo: null,
  cor: '009CB0',
  created_at: '2026-11-24T15:04:05.000Z',
  lida_em: null,
  redirecionar_path_url: null,
  ...over,
});

const rotas = [
  { path: '/', element: <Globo usuario={usuarioTeste} /> },
  { path: '/municipes', element: <h1>Munícipes</h1> },
];

describe('Globo', { timeout: 60_000 }, () => {
  it('names the unread count, opens the newest, marks the opened one read and goes to its path', async () => {
    let lida = false;
    const pemc = nota(1, {
      id: ID,
      tipo: 'pemc',
      titulo: 'Inscrições abertas',
      subtitulo: 'Turma de dezembro',
      redirecionar_path_url: '/municipes',
    });
    const { chamadas } = fakeApi({
      [`GET ${API}`]: ({ query }) =>
        query.get('lida') === 'false'
          ? lista(lida ? [nota(2), nota(3)] : [pemc, nota(2), nota(3)])
          : lista([{ ...pemc, lida_em: lida ? '2026-11-24T16:00:00.000Z' : null }, nota(2), nota(3)]),
      [`POST ${API}/${ID}/leitura`]: () => {
        lida = true;
        return { body: { id: ID, lida_em: '2026-11-24T16:00:00.000Z' } };
      },
    });
    const { user, router } = renderRoutes(rotas, '/');
    const globo = await screen.findByRole('button', { name: 'Notificações globais, 3 não lidas' });
    expect(globo).toHaveTextContent('3');
    expect(chamadas.find((c) => c.path === API)?.query.get('lida')).toBe('false');

    await user.click(globo);
    // The type in words, the subtitle, the São Paulo timestamp 'dd/MM/yyyy-HH:mm:ss'.
    const item = await screen.findByRole('menuitem', { name: /PEMC: Inscrições abertas/ });
    expect(item).toHaveTextContent('Turma de dezembro');
    expect(item).toHaveTextContent('24/11/2026-12:04:05');
    expect(screen.getByRole('menuitem', { name: 'Ver todas' })).toHaveAttribute('href', '/notificacoes_globais');

    await user.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/municipes'));
    expect(chamadas.some((c) => c.method === 'POST' && c.path === `${API}/${ID}/leitura`)).toBe(true);
  });

  it("shows no badge for exactly 99 (spec §4) but still says the count, and 99+ from the poll's cap", async () => {
    fakeApi({ [`GET ${API}`]: () => lista([nota(1)], 99) });
    const { unmount } = renderRoutes(rotas, '/');
    const globo = await screen.findByRole('button', { name: 'Notificações globais, 99 não lidas' });
    expect(globo).not.toHaveTextContent('99');
    unmount();
    fakeApi({ [`GET ${API}`]: () => lista([nota(1)], 100) });
    renderRoutes(rotas, '/');
    expect(await screen.findByRole('button', { name: 'Notificações globais, mais de 99 não lidas' })).toHaveTextContent(
      '99+',
    );
  });

  it('is not there without the permission', async () => {
    const { chamadas } = fakeApi({}, { permissoes: ['municipes:index'] });
    renderRoutes([{ path: '/', element: <Globo usuario={{ ...usuarioTeste, permissoes: [] }} /> }], '/');
    expect(screen.queryByRole('button', { name: /Notificações globais/ })).toBeNull();
    expect(chamadas.some((c) => c.path === API)).toBe(false);
  });
});
