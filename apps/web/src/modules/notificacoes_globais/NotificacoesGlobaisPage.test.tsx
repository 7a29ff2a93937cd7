import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotificacaoGlobal } from '@saude/shared/schemas/notificacao_global';
import { fakeApi, lista } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { BASE_PATH } from './api';
import { NOTIFICACOES_GLOBAIS_API as API } from './globo/api';
import { NotificacoesGlobaisPage } from './NotificacoesGlobaisPage';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const ID = '0190a6d2-1c1e-7000-8000-0000000000d1';
const LIDA = '0190a6d2-1c1e-7000-8000-0000000000d2';
const nota = (over: Partial<NotificacaoGlobal> = {}): NotificacaoGlobal => ({
  id: ID,
  tipo: 'pemc',
  titulo: 'Inscrições abertas',
  subtitulo: 'Turma de dezembro',
  cor: '009CB0',
  created_at: '2026-11-24T15:04:05.000Z',
  lida_em: null,
  redirecionar_path_url: '/municipes',
  ...over,
});
const rotas = [
  { path: BASE_PATH, element: <NotificacoesGlobaisPage /> },
  { path: `${BASE_PATH}/new`, element: <h1>Nova</h1> },
];
const LEITURA = ['notificacoes_globais:index', 'notificacoes_globais:update'];

describe('NotificacoesGlobaisPage', { timeout: 60_000 }, () => {
  it('lists with the timestamp, marks unread, "Marcar como lida" reads it; no manager buttons for a reader', async () => {
    let lida = false;
    const { chamadas } = fakeApi(
      {
        [`GET ${API}`]: () =>
          lista(
            [
              nota({ lida_em: lida ? '2026-11-24T16:00:00.000Z' : null }),
              nota({ id: LIDA, tipo: 'aviso', titulo: 'Nova versão', lida_em: '2026-11-23T10:00:00.000Z' }),
            ],
            7,
          ),
        [`POST ${API}/${ID}/leitura`]: () => {
          lida = true;
          return { body: { id: ID, lida_em: '2026-11-24T16:00:00.000Z' } };
        },
      },
      { permissoes: LEITURA },
    );
    const { user } = renderRoutes(rotas, BASE_PATH);
    const itens = await screen.findAllByRole('listitem');
    expect(itens[0]).toHaveTextContent('PEMC: Inscrições abertas');
    expect(itens[0]).toHaveTextContent('24/11/2026-12:04:05');
    expect(within(itens[0]!).getByText('Não lida')).toBeVisible();
    expect(itens[1]).toHaveTextContent('Aviso: Nova versão');
    expect(within(itens[1]!).queryByText('Não lida')).toBeNull();
    expect(chamadas.find((c) => c.path === API)?.query.get('per_page')).toBe('5');
    // 7 in all, 5 per page: a pager.
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Nova notificação' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Excluir notificação/ })).toBeNull();

    await user.click(within(itens[0]!).getByRole('button', { name: /Marcar como lida/ }));
    await waitFor(() => expect(screen.queryByText('Não lida')).toBeNull());
    expect(chamadas.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('lets a manager create and delete after confirming', async () => {
    let excluida = false;
    const { chamadas } = fakeApi({
      [`GET ${API}`]: () => lista(excluida ? [] : [nota()]),
      [`DELETE ${API}/${ID}`]: () => {
        excluida = true;
        return { status: 204 };
      },
    });
    const { user } = renderRoutes(rotas, BASE_PATH);
    expect(await screen.findByRole('link', { name: 'Nova notificação' })).toHaveAttribute('href', `${BASE_PATH}/new`);
    await user.click(await screen.findByRole('button', { name: 'Excluir notificação Inscrições abertas' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Deseja excluir esta notificação?' });
    await user.click(within(dialogo).getByRole('button', { name: 'Sim, excluir' }));
    expect(await screen.findByText('Nenhuma notificação para você.')).toBeVisible();
    expect(chamadas.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
