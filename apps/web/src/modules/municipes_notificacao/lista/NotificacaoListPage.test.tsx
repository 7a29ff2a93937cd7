import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '@saude/shared';
import type { NotificacaoListItem, NotificacaoPonto } from '@saude/shared/schemas/notificacao_compulsoria';
import { fakeApi, lista, type Rota } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { API_BASE, BASE_PATH } from './api';
import { NotificacaoListPage } from './NotificacaoListPage';

const MARIA = '0190a6d2-1c1e-7000-8000-000000000201';
const JOAO = '0190a6d2-1c1e-7000-8000-000000000202';
const UNIDADE = '0190a6d2-1c1e-7000-8000-0000000000a1';

const linha = (o: Partial<NotificacaoListItem> = {}): NotificacaoListItem => ({
  id: MARIA,
  nome: 'Maria das Dores',
  data_nascimento: '1980-05-10',
  idade: '45 anos',
  sexo_id: 1,
  bairro: 'Centro',
  latitude: -15.79,
  longitude: -47.88,
  total: 3,
  suspeitos: 1,
  confirmados: 1,
  descartados: 1,
  ultima_notificacao: '2026-11-02',
  ...o,
});

const ponto = (o: Partial<NotificacaoPonto> = {}): NotificacaoPonto => ({
  notificacao_id: '0190a6d2-1c1e-7000-8000-000000000301',
  municipe_id: MARIA,
  nome: 'Maria das Dores',
  doenca_agravo_id: '9a',
  situacao: 'confirmado',
  data_notificacao: '2026-11-02',
  latitude: -15.79,
  longitude: -47.88,
  ...o,
});

const parametrizacao = (tiles_url: string | null) => ({
  body: {
    cliente_nome: 'Município',
    brasao: null,
    habilita_biometria: false,
    versao: '1',
    esus_versao: '1',
    pec_versao: '1',
    mapas: { chave: null, latitude: -15.78, longitude: -47.93, tiles_url },
    widgets: { chat_url: null, libras_url: null, biometria_agente_url: null },
    sso_habilitado: false,
    demonstracao: true,
  },
});

function abrir(url: string, rotas: Record<string, Rota> = {}) {
  const api = fakeApi({
    [`GET ${API_BASE}`]: lista([linha(), linha({ id: JOAO, nome: 'João Pereira', bairro: null, total: 1 })], 23),
    [`GET ${API_BASE}/mapa`]: {
      body: {
        pontos: [
          ponto(),
          ponto({
            notificacao_id: '0190a6d2-1c1e-7000-8000-000000000302',
            municipe_id: JOAO,
            nome: 'João Pereira',
            situacao: 'suspeito',
            latitude: -15.6,
            longitude: -47.7,
          }),
        ],
        sem_coordenadas: 4,
        limite: 5000,
        limitado: false,
      },
    },
    'GET /api/ferramentas/parametrizacao': parametrizacao(null),
    ...rotas,
  });
  const r = renderRoutes(
    [
      { path: BASE_PATH, element: <NotificacaoListPage /> },
      { path: `${BASE_PATH}/:id/detalhes`, element: <h1>Notificações do munícipe</h1> },
      { path: `${BASE_PATH}/:id/new`, element: <h1>Nova notificação</h1> },
    ],
    url,
  );
  return { ...api, ...r };
}

// Leaflet sizes the map from the container's box, which jsdom does not lay out: a tablet-sized box.
const caixa = { clientWidth: 800, clientHeight: 480 };
const originais = Object.fromEntries(
  Object.keys(caixa).map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]),
);
beforeEach(() => {
  for (const [k, v] of Object.entries(caixa))
    Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
});
afterEach(() => {
  for (const [k, d] of Object.entries(originais)) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
});

describe('NotificacaoListPage', () => {
  it('lists the citizens with age, neighbourhood, counts and latest date; a row opens their notifications', async () => {
    const { user, router } = abrir(BASE_PATH);
    const tabela = await screen.findByRole('table', { name: 'Munícipes com notificações' });
    const maria = (await within(tabela).findByText('Maria das Dores')).closest('tr')!;
    // jsdom is a phone to the table (one column): the counts read under the name.
    expect(maria).toHaveTextContent('45 anos');
    expect(maria).toHaveTextContent('Centro · 3 registrada(s): 1 suspeita(s), 1 confirmada(s), 1 descartada(s)');
    expect(maria).toHaveTextContent('02/11/2026');
    expect(within(tabela).getByText(/Bairro não informado · 1 registrada/)).toBeInTheDocument();
    expect(screen.getByText(/de 23 registros/)).toBeInTheDocument();
    await user.click(within(maria).getByRole('link', { name: /^Maria das Dores/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${MARIA}/detalhes`));
  });

  it('exports the CSV of the filters only with a period, said before asking the server', async () => {
    const csv = `${API_BASE}/exportacao.csv`;
    const semPeriodo = abrir(BASE_PATH);
    await semPeriodo.user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText(msg.exportacaoSemPeriodo)).toBeInTheDocument();
    expect(semPeriodo.chamadas.some((c) => c.path === csv)).toBe(false);
    semPeriodo.unmount();

    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const { user, chamadas } = abrir(`${BASE_PATH}?data_inicio=2026-11-01&data_fim=2026-11-30&situacao=confirmado`, {
      [`GET ${csv}`]: { body: 'x', headers: { 'Content-Disposition': 'attachment; filename="notificacoes.csv"' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const pedido = chamadas.find((c) => c.path === csv)!;
    expect(Object.fromEntries(pedido.query)).toEqual({
      data_inicio: '2026-11-01',
      data_fim: '2026-11-30',
      situacao: 'confirmado',
    });
  });

  it('asks the list (with its page) and the map (without it) with the filters of the URL', async () => {
    const { chamadas, user } = abrir(
      `${BASE_PATH}?doenca_agravo_id=9a&situacao=confirmado&data_inicio=2026-10-01&data_fim=2026-11-30&unidade_saude_id=${UNIDADE}&bairro=Centro&nome=maria`,
    );
    await screen.findByText('João Pereira');
    const filtros = {
      doenca_agravo_id: '9a',
      situacao: 'confirmado',
      data_inicio: '2026-10-01',
      data_fim: '2026-11-30',
      unidade_saude_id: UNIDADE,
      bairro: 'Centro',
      nome: 'maria',
    };
    const daLista = chamadas.find((c) => c.path === API_BASE)!;
    expect(Object.fromEntries(daLista.query)).toMatchObject({ ...filtros, page: '1', per_page: '10' });
    await waitFor(() => expect(chamadas.some((c) => c.path === `${API_BASE}/mapa`)).toBe(true));
    const doMapa = chamadas.find((c) => c.path === `${API_BASE}/mapa`)!;
    expect(Object.fromEntries(doMapa.query)).toEqual(filtros);
    expect(screen.getByRole('combobox', { name: 'Doença ou agravo' })).toHaveValue('Dengue - Casos');
    // Next page: the server pages.
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() =>
      expect(
        chamadas
          .filter((c) => c.path === API_BASE)
          .at(-1)
          ?.query.get('page'),
      ).toBe('2'),
    );
  });

  it('"Notificar munícipe" finds any citizen and opens a new notification for them', async () => {
    const { user, router } = abrir(BASE_PATH, {
      'GET /api/v1/municipes': lista([
        {
          id: JOAO,
          nome: 'Joana Nunca Notificada',
          nome_social: null,
          data_nascimento: '1990-01-02',
          nome_mae: null,
          cpf_numero: null,
          codigo_cns: null,
          unidade_saude_referencia_id: null,
          unidade_referencia_nome: null,
          data_obito: null,
          idade: 36,
          obito: false,
        },
      ]),
    });
    const busca = await screen.findByRole('combobox', { name: 'Notificar munícipe' });
    await user.type(busca, 'Joana');
    await user.click(await screen.findByRole('option', { name: /Joana Nunca Notificada/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${JOAO}/new`));
  });

  it('maps one marker per case by status with a legend, says how many have no coordinates, and links the popup', async () => {
    const { user, router } = abrir(BASE_PATH);
    const mapa = await screen.findByRole('region', { name: /^Mapa das notificações\. 2 notificações no mapa/ });
    expect(mapa).toHaveAccessibleName(/Suspeito: 1, Confirmado: 1, Negativo\/Descartado: 0/);
    const legenda = screen.getByRole('list', { name: 'Legenda do mapa' });
    expect(within(legenda).getByText('Confirmado (1)')).toBeInTheDocument();
    expect(within(legenda).getByText('Negativo/Descartado (0)')).toBeInTheDocument();
    expect(screen.getByText(/4 notificações sem coordenadas/)).toBeInTheDocument();
    expect(screen.getByText(/Sem mapa de fundo configurado/)).toBeInTheDocument();
    // No tiles configured: nothing is fetched from a tile server.
    expect(mapa.querySelector('.leaflet-tile-pane img')).toBeNull();
    const marcador = await within(mapa).findByTitle('Maria das Dores: Dengue - Casos, Confirmado');
    expect(marcador).toHaveTextContent('C');
    expect(within(mapa).getByTitle('João Pereira: Dengue - Casos, Suspeito')).toHaveTextContent('S');
    // By keyboard, as the markers are reached with Tab (jsdom has no layout for a pointer's map position).
    marcador.focus();
    fireEvent.keyPress(marcador, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    await user.click(await within(mapa).findByRole('link', { name: 'Ver notificações de Maria das Dores' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${MARIA}/detalhes`));
  });

  it('groups cases of one home into one marker that lists them, and draws the configured tiles', async () => {
    abrir(BASE_PATH, {
      'GET /api/ferramentas/parametrizacao': parametrizacao('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
      [`GET ${API_BASE}/mapa`]: {
        body: {
          pontos: [
            ponto(),
            ponto({ notificacao_id: '0190a6d2-1c1e-7000-8000-000000000303', situacao: 'descartado' }),
            ponto({ notificacao_id: '0190a6d2-1c1e-7000-8000-000000000304', situacao: 'suspeito' }),
          ],
          sem_coordenadas: 0,
          limite: 5000,
          limitado: false,
        },
      },
    });
    const mapa = await screen.findByRole('region', { name: /3 notificações no mapa/ });
    const grupo = await within(mapa).findByTitle('3 notificações no mesmo endereço');
    expect(grupo).toHaveTextContent('3');
    expect(screen.queryByText(/sem coordenadas/)).not.toBeInTheDocument();
    await waitFor(() => expect(mapa.querySelector('.leaflet-tile-pane img')).not.toBeNull());
    expect(within(mapa).getByRole('link', { name: /colaboradores do OpenStreetMap/ })).toBeInTheDocument();
  });
});
