import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import { renderWithProviders } from '../../../test/render';
import { VISITA_CANCELADA } from './CancelarVisitaDialog';
import { VisitaFamiliaDetalhesPage } from './VisitaFamiliaDetalhesPage';
import { VisitaFamiliaListPage } from './VisitaFamiliaListPage';
import { fakeApi } from '../../../test/fakeApi';
import {
  contextoDe,
  contextoSemAgente,
  detalheDe,
  FAMILIA_ID,
  familiaParaVisitaDe,
  JOSE_ID,
  PERMISSOES_ACS,
  PERMISSOES_MEDICO,
  visitaDe,
  VISITA_ID,
} from './testUtils';

// jsdom has no document.fonts; the justification's autosize textarea listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const BASE = '/atencao_primaria/visitas_domiciliares';
const API = `/api/v1${BASE}`;
const DETALHES = `${BASE}/${FAMILIA_ID}/detalhes`;

const abrirDetalhes = () =>
  renderWithProviders(<VisitaFamiliaDetalhesPage />, {
    route: DETALHES,
    path: `${BASE}/:familiaId/detalhes`,
    routes: [
      { path: `${BASE}/:familiaId/membro/:municipeId?/visitar`, element: <p>Formulário do membro</p> },
      { path: BASE, element: <p>Lista</p> },
    ],
  });

/** The family's detail, its visit context and a history of `visitas`, with other routes (e.g. the cancel's answer). */
const rotasDoDetalhe = (visitas = [visitaDe()]) => ({
  [`GET ${API}/familias/${FAMILIA_ID}`]: { body: detalheDe() },
  [`GET ${API}/contexto`]: { body: contextoDe() },
  [`GET ${API}`]: { body: visitas, headers: { 'X-Total-Count': String(visitas.length) } },
});

/** Opens the cancel dialog of the first visit and confirms with `justificativa`. */
async function cancelar(user: ReturnType<typeof abrirDetalhes>['user'], justificativa: string) {
  await user.click(await screen.findByRole('button', { name: 'Cancelar visita' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancelar visita' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Justificativa' }), justificativa);
  await user.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));
  return dialog;
}

describe('VisitaFamiliaDetalhesPage', () => {
  it('lists the members with age and last visit, a Visitar button each, and the history', async () => {
    fakeApi(rotasDoDetalhe(), { permissoes: PERMISSOES_ACS });
    const { user, router } = abrirDetalhes();
    expect(await screen.findByRole('heading', { name: 'Família de Maria da Silva' })).toBeInTheDocument();
    const membros = screen.getByRole('list', { name: 'Membros da família' });
    const maria = within(membros).getAllByRole('listitem')[0]!;
    expect(maria).toHaveTextContent('45 anos, 1 mês e 2 dias · Responsável familiar');
    expect(maria).toHaveTextContent('Última visita: 04/03/2025');
    const jose = within(membros).getAllByRole('listitem')[1]!;
    expect(jose).toHaveTextContent('47 anos · Cônjuge / Companheiro(a)');
    expect(jose).toHaveTextContent('Última visita: Sem visitas');
    expect(await screen.findByRole('link', { name: 'Visitar família' })).toHaveAttribute(
      'href',
      `${BASE}/${FAMILIA_ID}/visitar`,
    );

    const historico = await screen.findByRole('list', { name: 'Histórico de visitas' });
    const visita = within(historico).getByRole('listitem');
    // 13:30 UTC is 10:30 in São Paulo, whatever the browser's zone.
    expect(visita).toHaveTextContent('04/03/2025 às 10:30 · Manhã');
    expect(visita).toHaveTextContent('Maria da Silva');
    expect(visita).toHaveTextContent('Visita realizada');
    expect(visita).toHaveTextContent('Motivos: Visita periódica, Pessoa com hipertensão');
    expect(visita).toHaveTextContent('Temperatura 36,5 °C · PA 120/80 mmHg');

    await user.click(screen.getByRole('link', { name: 'Visitar José da Silva' }));
    expect(router.state.location.pathname).toBe(`${BASE}/${FAMILIA_ID}/membro/${JOSE_ID}/visitar`);
  });

  it('marks a deceased member "Óbito" and offers no visit to them', async () => {
    const d = detalheDe();
    fakeApi(
      {
        ...rotasDoDetalhe([]),
        [`GET ${API}/familias/${FAMILIA_ID}`]: {
          body: { ...d, membros: [d.membros[0]!, { ...d.membros[1]!, obito: true }] },
        },
      },
      { permissoes: PERMISSOES_ACS },
    );
    abrirDetalhes();
    expect(await screen.findByRole('link', { name: 'Visitar Maria da Silva' })).toBeInTheDocument();
    const jose = within(screen.getByRole('list', { name: 'Membros da família' })).getAllByRole('listitem')[1]!;
    expect(jose).toHaveTextContent('Óbito');
    expect(within(jose).queryByRole('link')).toBeNull();
  });

  it('cancels a visit of the user with a justification of at least 5 characters', async () => {
    const { chamadas } = fakeApi(
      {
        ...rotasDoDetalhe(),
        [`POST ${API}/${VISITA_ID}/cancelar`]: ({ body }) => ({
          body: visitaDe({
            situacao: 'cancelada',
            justificativa_cancelamento: (body as { justificativa: string }).justificativa,
          }),
        }),
      },
      { permissoes: PERMISSOES_ACS },
    );
    const { user } = abrirDetalhes();
    const dialog = await cancelar(user, 'erro');
    expect(await within(dialog).findByText(msg.min(5))).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Justificativa' }), ' de digitação');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));
    expect(await screen.findByText(VISITA_CANCELADA)).toBeInTheDocument();
    expect(chamadas.find((c) => c.path === `${API}/${VISITA_ID}/cancelar`)?.body).toEqual({
      justificativa: 'erro de digitação',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'Esta visita já foi cancelada.' when someone cancelled it first", async () => {
    fakeApi(
      {
        ...rotasDoDetalhe(),
        [`POST ${API}/${VISITA_ID}/cancelar`]: { status: 409, body: { message: msg.visitaJaCancelada, errors: {} } },
      },
      { permissoes: PERMISSOES_ACS },
    );
    const { user } = abrirDetalhes();
    const dialog = await cancelar(user, 'visita duplicada');
    expect(await within(dialog).findByText(msg.visitaJaCancelada)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });

  it('keeps a cancelled visit in the history, marked with its justification, and offers no cancel on others’ visits', async () => {
    fakeApi(
      {
        [`GET ${API}/familias/${FAMILIA_ID}`]: { body: detalheDe() },
        [`GET ${API}/contexto`]: { body: contextoDe() },
        [`GET ${API}`]: {
          body: [
            visitaDe({
              situacao: 'cancelada',
              justificativa_cancelamento: 'Lançada na família errada',
              cancelada_por_nome: 'Ana Agente',
              cancelada_em: '2025-03-05T12:00:00.000Z',
              pode_cancelar: false,
            }),
            visitaDe({
              id: '0190a6d2-1c1e-7000-8000-0000000000a2',
              profissional_nome: 'Outro Agente',
              municipe_id: null,
              municipe_nome: null,
              pode_cancelar: false,
            }),
          ],
          headers: { 'X-Total-Count': '2' },
        },
      },
      { permissoes: PERMISSOES_ACS },
    );
    abrirDetalhes();
    const itens = within(await screen.findByRole('list', { name: 'Histórico de visitas' })).getAllByRole('listitem');
    expect(itens[0]).toHaveTextContent('Cancelada');
    expect(itens[0]).toHaveTextContent('por Ana Agente. Justificativa: Lançada na família errada');
    expect(itens[1]).toHaveTextContent('Família');
    expect(itens[1]).toHaveTextContent('Por Outro Agente');
    await screen.findByRole('link', { name: 'Visitar família' });
    expect(screen.queryByRole('button', { name: 'Cancelar visita' })).not.toBeInTheDocument();
  });

  it('shows the history to a doctor with the reason and no Visitar button', async () => {
    fakeApi(
      {
        [`GET ${API}/familias/${FAMILIA_ID}`]: { body: detalheDe() },
        [`GET ${API}/contexto`]: {
          body: contextoSemAgente(),
        },
        [`GET ${API}`]: { body: [visitaDe({ pode_cancelar: false })], headers: { 'X-Total-Count': '1' } },
      },
      {
        permissoes: PERMISSOES_MEDICO,
        usuario: {
          login: 'medico',
          nome: 'Ana Agente',
          email: null,
          perfil: 'Médico',
          unidade_atual: null,
          permissoes: [],
        },
      },
    );
    abrirDetalhes();
    expect(await screen.findByText(msg.visitaSomenteAgentes)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Histórico de visitas' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Visitar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar visita' })).not.toBeInTheDocument();
  });

  it('says a family that moved away receives no visits and does not ask the context', async () => {
    const { chamadas } = fakeApi(
      {
        [`GET ${API}/familias/${FAMILIA_ID}`]: { body: detalheDe({ mudou: true }) },
        [`GET ${API}`]: { body: [], headers: { 'X-Total-Count': '0' } },
      },
      { permissoes: PERMISSOES_ACS },
    );
    abrirDetalhes();
    expect(await screen.findByText(msg.familiaMudou)).toBeInTheDocument();
    expect(screen.getByText('Mudou-se')).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma visita registrada para esta família.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Visitar/ })).not.toBeInTheDocument();
    expect(chamadas.some((c) => c.path === `${API}/contexto`)).toBe(false);
  });

  it("goes back to the list with 'Cadastro não encontrado' for a family out of reach", async () => {
    fakeApi({}, { permissoes: PERMISSOES_ACS });
    const { router } = abrirDetalhes();
    expect(await screen.findByText(msg.cadastroNaoEncontrado)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(BASE));
  });
});

describe('VisitaFamiliaListPage', () => {
  it('shows each family with its micro-area badge, members, last visit and moved-away badge; a row opens the detail', async () => {
    const { chamadas } = fakeApi({
      [`GET ${API}/familias`]: {
        body: [
          familiaParaVisitaDe(),
          familiaParaVisitaDe({
            id: '0190a6d2-1c1e-7000-8000-0000000000f2',
            responsavel_nome: 'João Pereira',
            micro_area: '03',
            minha_micro_area: false,
            mudou: true,
            ultima_visita: null,
            numero_membros: 4,
          }),
        ],
        headers: { 'X-Total-Count': '2' },
      },
    });
    const { user, router } = renderWithProviders(<VisitaFamiliaListPage />, {
      route: BASE,
      path: BASE,
      routes: [{ path: `${BASE}/:familiaId/detalhes`, element: <p>Detalhes</p> }],
    });
    await screen.findByRole('cell', { name: /João Pereira/ });
    const [maria, joao] = screen.getAllByRole('row').slice(1);
    expect(maria).toHaveTextContent('Maria da Silva');
    expect(maria).toHaveTextContent('Rua das Flores, 12 - Centro');
    expect(maria).toHaveTextContent('Minha micro-área');
    expect(maria).toHaveTextContent('04/03/2025');
    expect(joao).toHaveTextContent('Mudou-se');
    expect(joao).toHaveTextContent('Sem visitas');
    expect(joao).not.toHaveTextContent('Minha micro-área');
    // jsdom matches no media query: this is the phone, where the list is one column (issue 12).
    expect(screen.getAllByRole('columnheader')).toHaveLength(1);
    expect(maria).toHaveTextContent('Micro-área 01 · Última visita: 04/03/2025');

    await user.type(screen.getByRole('textbox', { name: 'Endereço' }), 'Flores{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Micro-área' }), '01');
    await waitFor(() => expect(router.state.location.search).toBe('?page=1&per_page=10&endereco=Flores&micro_area=01'));
    await waitFor(() => {
      const ultima = chamadas.filter((c) => c.path === `${API}/familias`).at(-1)!;
      expect(Object.fromEntries(ultima.query)).toEqual({
        endereco: 'Flores',
        micro_area: '01',
        page: '1',
        per_page: '10',
      });
    });
    await user.click(screen.getByRole('cell', { name: /Maria da Silva/ }));
    expect(router.state.location.pathname).toBe(`${BASE}/${FAMILIA_ID}/detalhes`);
  });

  it('says what to do when no family is found', async () => {
    fakeApi({ [`GET ${API}/familias`]: { body: [], headers: { 'X-Total-Count': '0' } } });
    renderWithProviders(<VisitaFamiliaListPage />, { route: BASE, path: BASE });
    expect(
      await screen.findByText('Nenhuma família encontrada. Confira os filtros ou cadastre a família no domicílio.'),
    ).toBeInTheDocument();
  });
});
