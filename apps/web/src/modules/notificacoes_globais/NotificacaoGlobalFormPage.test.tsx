import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import { fakeApi } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { BASE_PATH } from './api';
import { NOTIFICACOES_GLOBAIS_API as API } from './globo/api';
import { NotificacaoGlobalFormPage } from './NotificacaoGlobalFormPage';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const PERFIL = '0190a6d2-1c1e-7000-8000-0000000000e1';
const rotas = [
  { path: `${BASE_PATH}/new`, element: <NotificacaoGlobalFormPage /> },
  { path: BASE_PATH, element: <h1>Lista</h1> },
];

describe('NotificacaoGlobalFormPage', { timeout: 60_000 }, () => {
  it('refuses an outside path and a bad colour, previews the contrast, and creates with the colour upper case', async () => {
    const { chamadas } = fakeApi({
      [`GET ${API}/opcoes`]: { body: { perfis: [{ id: PERFIL, nome: 'Vigilância' }] } },
      [`POST ${API}`]: ({ body }) => ({ status: 201, body: { ...(body as object), id: PERFIL } }),
    });
    const { user, router } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Nova notificação global', level: 1 });
    await user.type(screen.getByRole('textbox', { name: /^Título/ }), 'Nova versão');
    const caminho = screen.getByRole('textbox', { name: /Caminho ao abrir/ });
    await user.type(caminho, '//mal.example');
    const cor = screen.getByRole('textbox', { name: /^Cor/ });
    await user.clear(cor);
    await user.type(cor, '12345G');
    expect(screen.getByText('Informe uma cor válida para ver a prévia.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getAllByText(msg.naoEValido).length).toBeGreaterThanOrEqual(2));
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(caminho);
    await user.type(caminho, '/municipes');
    await user.clear(cor);
    await user.type(cor, '#ffd43b');
    // A light yellow: black text, and the ratio said in words.
    expect(await screen.findByText(/Contraste do texto sobre a cor: \d+,\d:1 \(bom, AA\)/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(BASE_PATH));
    const post = chamadas.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      tipo: 'aviso',
      titulo: 'Nova versão',
      cor: 'FFD43B',
      redirecionar_path_url: '/municipes',
    });
  });
});
