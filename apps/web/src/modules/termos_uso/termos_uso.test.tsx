import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { msg } from '@saude/shared';
import type { TermoUso } from '@saude/shared/schemas/termo_uso';
import { fakeApi } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { API, BASE_PATH } from './api';
import { TermoAceitePage } from './TermoAceitePage';
import { TermoUsoFormPage } from './TermoUsoFormPage';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const ID = '0190a6d2-1c1e-7000-8000-0000000000f1';
const termo = (o: Partial<TermoUso> = {}): TermoUso => ({
  id: ID,
  lock_version: 3,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  versao: 4,
  titulo: 'Termos de uso do sistema',
  texto: '<h2>Uso</h2><p>Texto dos termos.</p>',
  publicado_em: null,
  publicado_por_nome: null,
  aceites: 0,
  ...o,
});

describe('TermoAceitePage', { timeout: 60_000 }, () => {
  it('renders the sanitised text, asks for the box, accepts and goes where the user was going', async () => {
    const parseFromString = vi.spyOn(DOMParser.prototype, 'parseFromString');
    const { chamadas } = fakeApi({
      [`GET ${API}/pendente`]: {
        body: termo({
          publicado_em: '2026-11-25T10:00:00.000Z',
          texto: '<p>Texto dos termos.</p><img src=x onerror="alert(1)"><a href="javascript:alert(1)">clique</a>',
        }),
      },
      [`POST ${API}/${ID}/aceite`]: { body: { termo_uso_id: ID, versao: 4, aceito_em: '2026-11-25T10:01:00.000Z' } },
    });
    const { user, router, container } = renderRoutes(
      [
        { path: '/termos_uso/aceite', element: <TermoAceitePage /> },
        { path: '/municipes', element: <h1>Munícipes</h1> },
      ],
      '/termos_uso/aceite?retorno=%2Fmunicipes',
    );
    expect(await screen.findByRole('heading', { name: 'Termos de uso do sistema', level: 1 })).toBeVisible();
    expect(screen.getByText('Texto dos termos.')).toBeVisible();
    // Spec §9's long date 'dd MMMM yyyy' (issue 39).
    expect(screen.getByText(/^Versão 4, publicada em 25 novembro 2026\./)).toBeVisible();
    // Neither the image with its handler nor the javascript: link reach the page.
    expect(container.querySelector('img, [onerror]')).toBeNull();
    // Nor a browser parser: even an inert document's <img onerror> makes Chromium try the handler (issue 39).
    expect(parseFromString).not.toHaveBeenCalled();
    expect(screen.getByText('clique').closest('a')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Aceitar' }));
    expect(screen.getByText(msg.termoAceiteObrigatorio)).toBeVisible();
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }));
    await user.click(screen.getByRole('button', { name: 'Aceitar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/municipes'));
    expect(chamadas.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${API}/${ID}/aceite`]);
  });

  it('says so when the text cannot be loaded, and Aceitar stays off', async () => {
    fakeApi({ [`GET ${API}/pendente`]: { status: 404, body: { code: 'nao_encontrado', message: 'x' } } });
    renderRoutes([{ path: '/termos_uso/aceite', element: <TermoAceitePage /> }], '/termos_uso/aceite');
    expect(await screen.findByText('Não foi possível carregar os termos de uso.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Aceitar' })).toBeDisabled();
  });
});

describe('TermoUsoFormPage', { timeout: 60_000 }, () => {
  const rotas = [
    { path: `${BASE_PATH}/new`, element: <TermoUsoFormPage /> },
    { path: `${BASE_PATH}/:id/edit`, element: <TermoUsoFormPage /> },
  ];

  it('formats with the toolbar, shows the preview and creates a draft', async () => {
    const { chamadas } = fakeApi({
      [`POST ${API}`]: ({ body }) => ({ status: 201, body: termo(body as Partial<TermoUso>) }),
      [`GET ${API}/${ID}`]: { body: termo() },
    });
    const { user, router } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Nova versão dos termos de uso', level: 1 });
    await user.type(screen.getByRole('textbox', { name: /^Título/ }), 'Termos v4');
    const texto = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Texto \(HTML\)/ });
    await user.type(texto, 'Importante');
    texto.setSelectionRange(0, texto.value.length);
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Negrito' }));
    expect(texto.value).toBe('<strong>Importante</strong>');
    // The preview draws it.
    expect(screen.getByText('Importante', { selector: 'strong' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${ID}/edit`));
    expect(chamadas.find((c) => c.method === 'POST')?.body).toEqual({
      titulo: 'Termos v4',
      texto: '<strong>Importante</strong>',
    });
  });

  it('shows the field errors the API answers', async () => {
    fakeApi({
      [`POST ${API}`]: { status: 422, body: { code: 'validacao', message: 'x', errors: { texto: [msg.obrigatorio] } } },
    });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Nova versão dos termos de uso', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(msg.obrigatorio)).toBeVisible();
  });

  it('publishes a draft after the confirmation, with the version read', async () => {
    const { chamadas } = fakeApi({
      [`GET ${API}/${ID}`]: { body: termo() },
      [`POST ${API}/${ID}/publicar`]: { body: termo({ publicado_em: '2026-11-25T10:00:00.000Z', lock_version: 4 }) },
    });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${ID}/edit`);
    await screen.findByRole('heading', { name: 'Termos de uso — versão 4', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText(msg.termoConfirmarPublicacao)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sim, publicar' }));
    await waitFor(() => expect(chamadas.some((c) => c.path === `${API}/${ID}/publicar`)).toBe(true));
    expect(chamadas.find((c) => c.path === `${API}/${ID}/publicar`)?.body).toEqual({ lock_version: 3 });
  });

  it('shows a published version read-only with its acceptances', async () => {
    fakeApi({
      [`GET ${API}/${ID}`]: {
        body: termo({ publicado_em: '2026-11-25T10:00:00.000Z', publicado_por_nome: 'Gestora', aceites: 1 }),
      },
      [`GET ${API}/${ID}/aceites`]: {
        body: [
          {
            profissional_nome: 'Agente Teste',
            login: 'acs',
            aceito_em: '2026-11-25T10:05:00.000Z',
            unidade_nome: 'UBS Centro',
            ip: '10.0.0.1',
            user_agent: 'Navegador',
          },
        ],
        headers: { 'X-Total-Count': '1' },
      },
    });
    renderRoutes(rotas, `${BASE_PATH}/${ID}/edit`);
    const tabela = await screen.findByRole('table', { name: 'Aceites desta versão' });
    expect(within(tabela).getByText('acs')).toBeVisible();
    expect(within(tabela).getByText('10.0.0.1')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /^Título/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publicar' })).toBeNull();
    expect(screen.getByText(/por Gestora/)).toBeVisible();
  });
});
