import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, lista } from '../../test/fakeApi';
import { abrirFiltro } from '../../test/filtros';
import { renderRoutes } from '../../test/render';
import { BASE_PATH, LIST_PATH } from './api';
import { SolicitacaoListPage } from './SolicitacaoListPage';
import {
  API_OPCOES,
  API_SOLICITACOES,
  itemDe,
  opcoes,
  OUTRA,
  PRIORIDADE_BAIXA,
  SOLICITACAO,
  TIPO_ELOGIO,
} from './testUtils';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const rotas = [
  { path: LIST_PATH, element: <SolicitacaoListPage /> },
  { path: `${BASE_PATH}/new`, element: <h1>Nova solicitação</h1> },
  { path: `${BASE_PATH}/:id`, element: <h1>Solicitação</h1> },
];
const LEITURA = ['ouvidoria:index', 'ouvidoria:show', 'ouvidoria:update'];

const ultima = (chamadas: { path: string; query: URLSearchParams }[]) =>
  chamadas.filter((c) => c.path === API_SOLICITACOES).at(-1)?.query;

describe('SolicitacaoListPage', { timeout: 60_000 }, () => {
  // A desk's screen: every column and the filters show (jsdom matches no width by default, as a phone).
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

  it('shows protocol, subject, type with its icon, priority, situation and the deadline in words; filters go to the API', async () => {
    const { chamadas } = fakeApi({
      [`GET ${API_SOLICITACOES}`]: lista(
        [
          itemDe(),
          itemDe({
            id: OUTRA,
            protocolo: '2026000124',
            assunto: 'Ótimo atendimento',
            situacao: 'em_analise',
            tipo: { id: TIPO_ELOGIO, nome: 'Elogio', icone: 'IconThumbUp' },
            prioridade: { id: PRIORIDADE_BAIXA, nome: 'Baixa', cor: 'gray' },
            prazo: '2026-11-20',
            dias_restantes: -5,
            unidade_saude_nome: null,
          }),
        ],
        25,
      ),
      [`GET ${API_OPCOES}`]: { body: opcoes },
    });
    const { user, router } = renderRoutes(rotas, LIST_PATH);
    expect(await screen.findByRole('heading', { name: 'Ouvidoria', level: 1 })).toBeVisible();
    const linha = await screen.findByRole('row', { name: /2026000123/ });
    expect(within(linha).getByRole('link', { name: /2026000123/ })).toHaveAttribute(
      'href',
      `${BASE_PATH}/${SOLICITACAO}`,
    );
    expect(within(linha).getByText('Demora no atendimento')).toBeVisible();
    expect(within(linha).getByText('Reclamação')).toBeVisible();
    // The type's icon by its Tabler name, beside the written name.
    expect(linha.querySelector('svg.tabler-icon-alert-triangle')).not.toBeNull();
    expect(within(linha).getByText('Alta')).toBeVisible();
    expect(within(linha).getByText('Aberta')).toBeVisible();
    expect(within(linha).getByText('10/12/2026 · vence em 3 dias')).toBeVisible();
    expect(within(linha).getByText('UBS Centro')).toBeVisible();

    const outra = screen.getByRole('row', { name: /2026000124/ });
    expect(within(outra).getByText('Elogio')).toBeVisible();
    expect(outra.querySelector('svg.tabler-icon-thumb-up')).not.toBeNull();
    expect(within(outra).getByText('Baixa')).toBeVisible();
    expect(within(outra).getByText('Em análise')).toBeVisible();
    expect(within(outra).getByText('20/11/2026 · vencida há 5 dias')).toBeVisible();
    expect(within(outra).getByText('—')).toBeVisible();

    // The pager: 25 in all, 10 a page.
    expect(screen.getByText(/^Exibindo 1 a \d+ de 25 registros$/)).toBeVisible();
    expect(ultima(chamadas)?.get('per_page')).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(ultima(chamadas)?.get('page')).toBe('2'));

    // Each filter is a query parameter of the request (and of the URL).
    await abrirFiltro(user, 'Situação');
    await user.click(await screen.findByRole('option', { name: 'Em análise' }));
    await waitFor(() => expect(ultima(chamadas)?.get('situacao')).toBe('em_analise'));
    await user.keyboard('{Escape}');
    await abrirFiltro(user, 'Tipo');
    await user.click(await screen.findByRole('option', { name: 'Elogio' }));
    await waitFor(() => expect(ultima(chamadas)?.get('tipo_solicitacao_id')).toBe(TIPO_ELOGIO));
    await user.keyboard('{Escape}');
    await abrirFiltro(user, 'Prioridade');
    await user.click(await screen.findByRole('option', { name: 'Baixa' }));
    await waitFor(() => expect(ultima(chamadas)?.get('prioridade_id')).toBe(PRIORIDADE_BAIXA));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('checkbox', { name: 'Somente vencidas' }));
    await waitFor(() => expect(ultima(chamadas)?.get('vencidas')).toBe('true'));
    const q = ultima(chamadas)!;
    // Filters add up, and a new filter starts again at page 1.
    expect(q.get('situacao')).toBe('em_analise');
    expect(q.get('tipo_solicitacao_id')).toBe(TIPO_ELOGIO);
    expect(q.get('page')).toBe('1');
    expect(router.state.location.search).toContain('vencidas=true');

    // Unticked: the parameter is gone, not 'false'.
    await user.click(screen.getByRole('checkbox', { name: 'Somente vencidas' }));
    await waitFor(() => expect(ultima(chamadas)?.has('vencidas')).toBe(false));

    // "Nova solicitação" for whoever may create.
    expect(screen.getByRole('link', { name: 'Nova solicitação' })).toHaveAttribute('href', `${BASE_PATH}/new`);
  });

  it('offers no "Nova solicitação" without ouvidoria:create, and says so when nothing is found', async () => {
    fakeApi(
      { [`GET ${API_SOLICITACOES}`]: lista([]), [`GET ${API_OPCOES}`]: { body: opcoes } },
      { permissoes: LEITURA },
    );
    renderRoutes(rotas, `${LIST_PATH}?protocolo=99`);
    expect(await screen.findByText('Nenhuma solicitação encontrada.')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Buscar protocolo' })).toHaveValue('99');
    expect(screen.queryByRole('link', { name: 'Nova solicitação' })).toBeNull();
  });
});
