import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { msg } from '@saude/shared';
import { renderWithProviders } from '../../../test/render';
import { VisitaFormPage } from './VisitaFormPage';
import { fakeApi, type Chamada } from '../../../test/fakeApi';
import {
  contextoDe,
  contextoSemAgente,
  FAMILIA_ID,
  familiaDe,
  JOSE_ID,
  MARIA_ID,
  PERMISSOES_ACS,
  visitaDe,
} from './testUtils';

const BASE = '/atencao_primaria/visitas_domiciliares';
const API = `/api/v1${BASE}`;
const FAMILIA_SPEC7 = `/api/atencao_primaria/familias/${FAMILIA_ID}`;
const DETALHES = `${BASE}/${FAMILIA_ID}/detalhes`;

function abrir(url: string, path: string) {
  return renderWithProviders(<VisitaFormPage />, {
    route: url,
    path,
    routes: [
      { path: DETALHES, element: <p>Detalhes da família</p> },
      { path: BASE, element: <p>Lista de famílias</p> },
    ],
  });
}
const abrirMembro = (municipeId = MARIA_ID) =>
  abrir(`${BASE}/${FAMILIA_ID}/membro/${municipeId}/visitar`, `${BASE}/:familiaId/membro/:municipeId?/visitar`);
const posts = (chamadas: Chamada[]) => chamadas.filter((c) => c.method === 'POST' && c.path === API);

describe('VisitaFormPage', () => {
  it('asks the family first and, when it moved away, says so without opening the form (spec §4)', async () => {
    const { chamadas } = fakeApi(
      { [`GET ${FAMILIA_SPEC7}`]: { body: familiaDe({ mudou: true }) } },
      { permissoes: PERMISSOES_ACS },
    );
    const { user, router } = abrirMembro();
    expect(await screen.findByText(msg.familiaMudou)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(chamadas.some((c) => c.path === `${API}/contexto`)).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Voltar para a família' }));
    expect(router.state.location.pathname).toBe(DETALHES);
  });

  it('shows why a user who is not an agent cannot launch, without the form', async () => {
    fakeApi({
      [`GET ${FAMILIA_SPEC7}`]: { body: familiaDe() },
      [`GET ${API}/contexto`]: {
        body: contextoSemAgente(),
      },
    });
    abrirMembro();
    expect(await screen.findByText(msg.visitaSomenteAgentes)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it('saves a member visit with its reasons and keeps the same id when the save is retried', async () => {
    let tentativa = 0;
    const { chamadas } = fakeApi(
      {
        [`GET ${FAMILIA_SPEC7}`]: { body: familiaDe() },
        [`GET ${API}/contexto`]: { body: contextoDe() },
        [`POST ${API}`]: ({ body }) =>
          ++tentativa === 1
            ? { status: 503, body: { message: msg.erroGenerico } }
            : { status: 201, body: visitaDe({ id: (body as { id: string }).id }) },
      },
      { permissoes: PERMISSOES_ACS },
    );
    const { user, router } = abrirMembro();
    expect(await screen.findByRole('heading', { name: 'Visita ao membro' })).toBeInTheDocument();
    expect(screen.getByText(/^Maria da Silva · \d+ anos$/)).toBeInTheDocument();
    // Defaults from the context: specialty, micro-area, record number, unit.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Unidade de saúde' })).toHaveValue('UBS Centro'));
    expect(screen.getByRole('combobox', { name: 'Tipo de imóvel' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Micro-área' })).toHaveValue('01');
    expect(screen.getByRole('textbox', { name: 'Nº do prontuário' })).toHaveValue('M1');
    // Nobody answered the shared-visit question: neither option is selected (issue 39: no preselected "Não").
    const compartilhada = screen.getByRole('radiogroup', { name: 'Visita compartilhada com outros profissionais?' });
    for (const r of within(compartilhada).getAllByRole('radio')) expect(r).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Visita realizada' }));
    await user.click(screen.getByRole('checkbox', { name: 'Visita periódica' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pessoa com hipertensão' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(msg.erroGenerico)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DETALHES));

    const [primeira, segunda] = posts(chamadas).map((c) => c.body as Record<string, unknown>);
    expect(primeira).toMatchObject({
      familia_id: FAMILIA_ID,
      municipe_id: MARIA_ID,
      ocupacao_id: '515105',
      desfecho_id: 1,
      motivo_visita_ids: [29, 11],
      micro_area: '01',
      tipo_imovel_id: 1,
      numero_prontuario: 'M1',
      visita_compartilhada: null,
    });
    expect(primeira?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(segunda?.id).toBe(primeira?.id);
  });

  it('sets the shift from the typed hour (24 h), and the agent may still change it', async () => {
    fakeApi(
      {
        [`GET ${FAMILIA_SPEC7}`]: { body: familiaDe() },
        [`GET ${API}/contexto`]: { body: contextoDe() },
      },
      { permissoes: PERMISSOES_ACS },
    );
    const { user } = abrirMembro();
    const hora = await screen.findByRole('textbox', { name: 'Hora da visita' });
    expect((hora as HTMLInputElement).value).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    await user.clear(hora);
    await user.type(hora, '1430');
    expect(hora).toHaveValue('14:30');
    expect(screen.getByRole('radio', { name: 'Tarde' })).toBeChecked();
    await user.clear(hora);
    await user.type(hora, '1905');
    expect(screen.getByRole('radio', { name: 'Noite' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Tarde' }));
    expect(screen.getByRole('radio', { name: 'Tarde' })).toBeChecked();
  });

  it('hides and clears reasons and measurements when the visit was refused', async () => {
    const { chamadas } = fakeApi(
      {
        [`GET ${FAMILIA_SPEC7}`]: { body: familiaDe() },
        [`GET ${API}/contexto`]: { body: contextoDe() },
        [`POST ${API}`]: ({ body }) => ({ status: 201, body: visitaDe({ id: (body as { id: string }).id }) }),
      },
      { permissoes: PERMISSOES_ACS },
    );
    const { user } = abrirMembro();
    await user.click(await screen.findByRole('radio', { name: 'Visita realizada' }));
    await user.click(screen.getByRole('checkbox', { name: 'Visita periódica' }));
    await user.type(screen.getByRole('textbox', { name: 'Temperatura' }), '37');
    await user.click(screen.getByRole('radio', { name: 'Visita recusada' }));
    expect(screen.queryByRole('group', { name: 'Tipo de visita' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Temperatura' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Visita realizada' }));
    expect(screen.getByRole('checkbox', { name: 'Visita periódica' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Temperatura' })).toHaveValue('');
    await user.click(screen.getByRole('radio', { name: 'Ausente' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(posts(chamadas)).toHaveLength(1));
    expect(posts(chamadas)[0]?.body).toMatchObject({ desfecho_id: 3, motivo_visita_ids: [] });
    expect((posts(chamadas)[0]?.body as Record<string, unknown>).temperatura).toBeUndefined();
  });

  it("shows the physiologic range and refuses 50 °C with 'deve estar entre 20 e 45' before sending", async () => {
    const { chamadas } = fakeApi(
      {
        [`GET ${FAMILIA_SPEC7}`]: { body: familiaDe() },
        [`GET ${API}/contexto`]: { body: contextoDe() },
      },
      { permissoes: PERMISSOES_ACS },
    );
    const { user } = abrirMembro();
    await user.click(await screen.findByRole('radio', { name: 'Visita realizada' }));
    await user.click(screen.getByRole('checkbox', { name: 'Visita periódica' }));
    expect(screen.getByText('Entre 20 e 45 °C')).toBeInTheDocument();
    expect(screen.getByText('Entre 0,5 e 500 kg')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Temperatura' }), '50');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('deve estar entre 20 e 45')).toBeInTheDocument();
    expect(screen.getByText(msg.naoFoiPossivelGravar('Visita domiciliar', 1))).toBeInTheDocument();
    expect(posts(chamadas)).toHaveLength(0);
  });

  it('offers no Gestante nor Puérpera for a male member', async () => {
    fakeApi(
      {
        [`GET ${FAMILIA_SPEC7}`]: { body: familiaDe() },
        [`GET ${API}/contexto`]: { body: contextoDe() },
      },
      { permissoes: PERMISSOES_ACS },
    );
    const { user } = abrirMembro(JOSE_ID);
    await user.click(await screen.findByRole('radio', { name: 'Visita realizada' }));
    const acompanhamento = screen.getByRole('group', { name: 'Acompanhamento' });
    expect(within(acompanhamento).queryByRole('checkbox', { name: 'Gestante' })).not.toBeInTheDocument();
    expect(within(acompanhamento).queryByRole('checkbox', { name: 'Puérpera' })).not.toBeInTheDocument();
    expect(within(acompanhamento).getByRole('checkbox', { name: 'Recém-nascido' })).toBeInTheDocument();
  });

  it('takes no measurements in a visit to the family as a whole', async () => {
    fakeApi(
      {
        [`GET ${FAMILIA_SPEC7}`]: { body: familiaDe() },
        [`GET ${API}/contexto`]: { body: contextoDe() },
      },
      { permissoes: PERMISSOES_ACS },
    );
    const { user } = abrir(`${BASE}/${FAMILIA_ID}/visitar`, `${BASE}/:familiaId/visitar`);
    expect(await screen.findByRole('heading', { name: 'Visita à família' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Visita realizada' }));
    expect(screen.getByRole('group', { name: 'Acompanhamento' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Temperatura' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Altura' })).not.toBeInTheDocument();
  });

  it("puts the API's 422 messages on the fields and its 403 text on the form", async () => {
    let resposta = { status: 422, body: { message: 'x', errors: { numero_prontuario: [msg.naoEValido] } } };
    fakeApi(
      {
        [`GET ${FAMILIA_SPEC7}`]: { body: familiaDe() },
        [`GET ${API}/contexto`]: { body: contextoDe() },
        [`POST ${API}`]: () => resposta,
      },
      { permissoes: PERMISSOES_ACS },
    );
    const { user } = abrirMembro();
    await user.click(await screen.findByRole('radio', { name: 'Ausente' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const prontuario = screen.getByRole('textbox', { name: 'Nº do prontuário' });
    await waitFor(() => expect(prontuario).toHaveAccessibleDescription(msg.naoEValido));
    resposta = { status: 403, body: { message: msg.familiaMudou, errors: {} } } as typeof resposta;
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const alerta = await screen.findByRole('alert', { name: 'Não é possível lançar a visita' });
    expect(alerta).toHaveTextContent(msg.familiaMudou);
  });

  it('opens a territorial visit (no family, no citizen) with the property type to choose', async () => {
    fakeApi(
      {
        [`GET ${API}/contexto`]: {
          body: contextoDe({ micro_area: null, numero_prontuario: null, tipo_imovel_id: null, familia_id: null }),
        },
      },
      { permissoes: PERMISSOES_ACS },
    );
    const { user } = abrir(`${BASE}/membro/visitar`, `${BASE}/membro/:municipeId?/visitar`);
    expect(await screen.findByRole('heading', { name: 'Visita sem família vinculada' })).toBeInTheDocument();
    const tipo = screen.getByRole('combobox', { name: 'Tipo de imóvel' });
    expect(tipo).not.toHaveAttribute('readonly');
    await user.click(tipo);
    await user.click(await screen.findByRole('option', { name: 'Comércio' }));
    await user.click(screen.getByRole('radio', { name: 'Visita realizada' }));
    // At a shop only the environmental reasons and a few others apply; no record number.
    expect(screen.queryByRole('group', { name: 'Acompanhamento' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Imóvel com foco' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Nº do prontuário' })).not.toBeInTheDocument();
  });

  it('asks where a visit without a family happened, with no property type assumed, and sends the address', async () => {
    const { chamadas } = fakeApi(
      {
        [`GET ${API}/contexto`]: {
          body: contextoDe({ micro_area: null, numero_prontuario: null, tipo_imovel_id: null, familia_id: null }),
        },
        [`POST ${API}`]: ({ body }) => ({ status: 201, body: visitaDe({ id: (body as { id: string }).id }) }),
      },
      { permissoes: PERMISSOES_ACS },
    );
    const { user } = abrir(`${BASE}/membro/visitar`, `${BASE}/membro/:municipeId?/visitar`);
    const tipo = await screen.findByRole('combobox', { name: 'Tipo de imóvel' });
    expect(tipo).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // Nothing assumed: the type, the outcome and the address are asked, with the catalogue's words.
    await waitFor(() => expect(tipo).toHaveAccessibleDescription(msg.obrigatorio));
    expect(screen.getByRole('textbox', { name: 'Logradouro' })).toHaveAccessibleDescription(msg.obrigatorio);
    expect(screen.getByRole('textbox', { name: 'Bairro' })).toHaveAccessibleDescription(msg.obrigatorio);
    // The group's error is under the options, in the group's wrapper.
    expect(screen.getByRole('radiogroup', { name: /Desfecho/ }).parentElement).toHaveTextContent(msg.obrigatorio);
    expect(posts(chamadas)).toHaveLength(0);
  });

  it('offline, says the visit waits for the network, keeps the form and a draft, and sends it when back online', async () => {
    let online = false;
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => online });
    try {
      const { chamadas } = fakeApi(
        {
          [`GET ${FAMILIA_SPEC7}`]: { body: familiaDe() },
          [`GET ${API}/contexto`]: { body: contextoDe() },
          [`POST ${API}`]: ({ body }) => ({ status: 201, body: visitaDe({ id: (body as { id: string }).id }) }),
        },
        { permissoes: PERMISSOES_ACS },
      );
      const { user, router } = abrirMembro();
      await user.click(await screen.findByRole('radio', { name: 'Ausente' }));
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      const alerta = await screen.findByRole('alert', { name: 'Aguardando a rede' });
      expect(alerta).toHaveTextContent(msg.visitaSemConexao);
      expect(posts(chamadas)).toHaveLength(0);
      expect(screen.getByRole('radio', { name: 'Ausente' })).toBeChecked();
      // Kept for a reload of this tab.
      expect(Object.keys(sessionStorage).some((k) => k.includes(`membro/${MARIA_ID}/visitar`))).toBe(true);

      online = true;
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(router.state.location.pathname).toBe(DETALHES));
      expect(posts(chamadas)).toHaveLength(1);
      expect(Object.keys(sessionStorage).some((k) => k.includes(`membro/${MARIA_ID}/visitar`))).toBe(false);
    } finally {
      Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }
  });

  it('offline, a family never kept on this device says how to get it, not a generic failure (issue 25)', async () => {
    fakeApi({ [`GET ${API}/contexto`]: { body: contextoDe() } }, { permissoes: PERMISSOES_ACS });
    const fake = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      String(url).startsWith(FAMILIA_SPEC7) ? Promise.reject(new TypeError('Failed to fetch')) : fake(url, init),
    );
    abrirMembro();
    expect(await screen.findByRole('alert')).toHaveTextContent(msg.familiaForaDoAparelho);
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });
});
