import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import { fakeApi, lista } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { API_BASE, BASE_PATH } from './api';
import { AvisoListPage } from './AvisoListPage';
import { AvisoShowPage } from './AvisoShowPage';
import { API_AVISO, AVISO, avisoDe, itemDe, opcoes, PERFIL_VIGILANCIA } from './testUtils';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const rotas = [
  { path: BASE_PATH, element: <AvisoListPage /> },
  { path: `${BASE_PATH}/:id/show`, element: <AvisoShowPage /> },
  { path: `${BASE_PATH}/:id/edit`, element: <h1>Editar aviso</h1> },
  { path: `${BASE_PATH}/new`, element: <h1>Novo aviso</h1> },
];
const LEITURA = ['comunicacao/avisos:index', 'comunicacao/avisos:show', 'comunicacao/avisos:visualizar'];
const GESTOR = [
  ...LEITURA,
  'comunicacao/avisos:create',
  'comunicacao/avisos:update',
  'comunicacao/avisos:destroy',
  'comunicacao/avisos:todos',
];
const OUTRO_AVISO = '0190a6d2-1c1e-7000-8000-0000000000f8';

describe('AvisoListPage', { timeout: 60_000 }, () => {
  // A desk's screen: every column shows (jsdom matches no width by default, as a phone).
  const semLargura = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      ...semLargura(query),
      matches: query.includes('min-width') || query.includes('prefers-reduced-motion: reduce'),
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = semLargura;
  });

  it('lists the notices with period, situation and counts, filters by profile and deletes after "Deseja excluir esse aviso?"', async () => {
    let excluido = false;
    const { chamadas } = fakeApi(
      {
        [`GET ${API_BASE}`]: () =>
          lista(
            excluido
              ? [itemDe({ id: OUTRO_AVISO, titulo: 'Reunião de equipe', situacao: 'inativo', checar_resposta: false })]
              : [
                  itemDe(),
                  itemDe({ id: OUTRO_AVISO, titulo: 'Reunião de equipe', situacao: 'inativo', checar_resposta: false }),
                ],
          ),
        [`GET ${API_BASE}/opcoes`]: { body: opcoes },
        [`DELETE ${API_AVISO}`]: () => {
          excluido = true;
          return { status: 204 };
        },
      },
      { permissoes: GESTOR },
    );
    const { user, router } = renderRoutes(rotas, BASE_PATH);
    const linha = await screen.findByRole('row', { name: /Campanha de vacinação/ });
    expect(within(linha).getByText('23/11/2026 a 30/11/2099')).toBeVisible();
    expect(within(linha).getByText('Ativo')).toBeVisible();
    expect(within(screen.getByRole('row', { name: /Reunião de equipe/ })).getByText('Inativo')).toBeVisible();
    expect(screen.getByText('Exibindo 1 a 2 de 2 registros')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Novo aviso' })).toHaveAttribute('href', `${BASE_PATH}/new`);
    expect(within(linha).getByRole('link', { name: 'Editar aviso Campanha de vacinação' })).toHaveAttribute(
      'href',
      `${BASE_PATH}/${AVISO}/edit`,
    );
    expect(chamadas.find((c) => c.path === API_BASE)?.query.get('per_page')).toBe('10');

    // A manager filters by target: the URL and the request carry the chosen profile.
    await user.click(await screen.findByRole('combobox', { name: 'Perfis' }));
    await user.click(await screen.findByRole('option', { name: 'Vigilância' }));
    await waitFor(() => expect(router.state.location.search).toContain(`perfil_ids=${PERFIL_VIGILANCIA}`));
    await waitFor(() =>
      expect(
        chamadas
          .filter((c) => c.path === API_BASE)
          .at(-1)
          ?.query.get('perfil_ids'),
      ).toBe(PERFIL_VIGILANCIA),
    );
    await user.keyboard('{Escape}');

    await user.click(within(linha).getByRole('button', { name: 'Excluir aviso Campanha de vacinação' }));
    const dialogo = await screen.findByRole('dialog', { name: msg.avisoConfirmarExclusao });
    // The row did not open the notice under the dialog.
    expect(router.state.location.pathname).toBe(BASE_PATH);
    await user.click(within(dialogo).getByRole('button', { name: 'Sim, excluir' }));
    expect(await screen.findByText(msg.avisoExcluido)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Campanha de vacinação/ })).toBeNull());
    expect(chamadas.some((c) => c.method === 'DELETE' && c.path === API_AVISO)).toBe(true);
  });

  it('shows an active notice whose period ended as "Encerrado", one not begun as "Agendado", counts in singular', async () => {
    fakeApi(
      {
        [`GET ${API_BASE}`]: lista([
          itemDe({ data_inicial: '2020-01-06', data_final: '2020-01-10', total_visualizacoes: 1, total_respostas: 1 }),
          itemDe({
            id: OUTRO_AVISO,
            titulo: 'Reunião de equipe',
            data_inicial: '2099-01-04',
            data_final: '2099-01-08',
          }),
        ]),
      },
      { permissoes: LEITURA },
    );
    renderRoutes(rotas, BASE_PATH);
    const encerrado = await screen.findByRole('row', { name: /Campanha de vacinação/ });
    expect(within(encerrado).getAllByText('Encerrado')[0]).toBeVisible();
    expect(within(encerrado).queryByText('Ativo')).toBeNull();
    // The phone line under the title (hidden at this width, but in the document) agrees in number.
    expect(within(encerrado).getByText(/· 1 visualização, 1 resposta$/)).toBeInTheDocument();
    const agendado = screen.getByRole('row', { name: /Reunião de equipe/ });
    expect(within(agendado).getAllByText('Agendado')[0]).toBeVisible();
    expect(within(agendado).getByText(/· 4 visualizações, 3 respostas$/)).toBeInTheDocument();
  });

  it('gives whoever only reads their own notices no target filters and no write buttons', async () => {
    fakeApi({ [`GET ${API_BASE}`]: lista([itemDe()]) }, { permissoes: LEITURA });
    renderRoutes(rotas, BASE_PATH);
    const linha = await screen.findByRole('row', { name: /Campanha de vacinação/ });
    expect(within(linha).getByRole('link', { name: 'Ver aviso Campanha de vacinação' })).toBeVisible();
    expect(within(linha).queryByRole('link', { name: /Editar aviso/ })).toBeNull();
    expect(within(linha).queryByRole('button', { name: /Excluir aviso/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Novo aviso' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Perfis' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Buscar aviso' })).toBeVisible();
  });
});

describe('AvisoShowPage', { timeout: 60_000 }, () => {
  it('shows the notice, its targets by name, its counts and who confirmed it with the reply', async () => {
    fakeApi({ [`GET ${API_AVISO}`]: { body: avisoDe() } }, { permissoes: GESTOR });
    renderRoutes(rotas, `${BASE_PATH}/${AVISO}/show`);
    expect(await screen.findByRole('heading', { name: 'Campanha de vacinação', level: 1 })).toBeVisible();
    expect(screen.getByText('Começa segunda. Memorando 12/2026.')).toBeVisible();
    expect(screen.getByText('23/11/2026 a 30/11/2026')).toBeVisible();
    expect(screen.getByText('A partir das 08:00 no primeiro dia')).toBeVisible();
    const destinatarios = screen.getByRole('region', { name: 'Destinatários' });
    expect(within(destinatarios).getByText('Vigilância')).toBeVisible();
    expect(within(destinatarios).getByText('UBS Centro')).toBeVisible();
    // A kind left empty is not a restriction: everyone of it.
    expect(within(destinatarios).getAllByText('Todos')).toHaveLength(2);
    expect(screen.getByText('3 profissionais')).toBeVisible();
    const confirmacao = screen.getByRole('row', { name: /Vera Vigilante/ });
    expect(within(confirmacao).getByText('23/11/2026 11:05')).toBeVisible();
    expect(within(confirmacao).getByText('Ciente, equipe avisada.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Editar aviso' })).toHaveAttribute('href', `${BASE_PATH}/${AVISO}/edit`);
    expect(screen.getByRole('button', { name: 'Excluir aviso' })).toBeVisible();
  });

  it('says "Todos os profissionais" for a notice aimed at everyone and offers no writes to who only reads', async () => {
    fakeApi(
      {
        [`GET ${API_AVISO}`]: {
          body: avisoDe({ unidade_ids: [], unidades: [], perfil_ids: [], perfis: [], visualizacoes: [] }),
        },
      },
      { permissoes: LEITURA },
    );
    renderRoutes(rotas, `${BASE_PATH}/${AVISO}/show`);
    await screen.findByRole('heading', { name: 'Campanha de vacinação', level: 1 });
    expect(screen.getByText('Todos os profissionais')).toBeVisible();
    expect(screen.getByText('Ninguém confirmou este aviso ainda.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Editar aviso' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir aviso' })).toBeNull();
  });
});
