import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import { BASE_PATH } from './api';
import { CadastroDomiciliarDetalhesPage, visitasDestino } from './CadastroDomiciliarDetalhesPage';
import { CadastroDomiciliarListPage } from './CadastroDomiciliarListPage';
import { domicilioDe, DOMICILIO_ID, FAMILIA_ID, fakeApi, lista, MARIA } from './testUtils';
import { renderRoutes } from '../../../test/render';

const rotas = [
  { path: BASE_PATH, element: <CadastroDomiciliarListPage /> },
  { path: `${BASE_PATH}/:id/detalhes`, element: <CadastroDomiciliarDetalhesPage /> },
];
const URL_DOMICILIO = `/api/v1/atencao_primaria/cadastros_domiciliares/${DOMICILIO_ID}`;
const familia = {
  id: FAMILIA_ID,
  responsavel_id: MARIA,
  responsavel_nome: 'Maria da Silva',
  responsavel_cns: null,
  responsavel_obito: false,
  numero_prontuario: 'F12',
  numero_membros: 3,
  mudou: false,
  vinculado_em: null,
};
const itemDaLista = {
  id: DOMICILIO_ID,
  endereco: 'Rua das Flores, 12 - Centro',
  cep: '70000001',
  tipo_imovel_id: 1,
  st_micro_area: '01',
  fora_area: false,
  unidade_saude_id: domicilioDe().unidade_saude_id,
  unidade_saude_nome: 'UBS Centro',
  equipe_id: null,
  equipe_nome: 'ESF Centro 1',
  profissional_id: domicilioDe().profissional_id,
  profissional_nome: 'Agente Teste',
  numero_familias: 1,
  data_cadastro: '2025-03-01T12:00:00.000Z',
  termo_recusa: false,
};

describe('CadastroDomiciliarDetalhesPage', () => {
  it('shows the home read-only with the four actions of the interface dictionary', async () => {
    fakeApi({
      [`GET ${URL_DOMICILIO}`]: {
        body: domicilioDe({
          familias: [familia],
          telefone_contato: '61991234570',
          temperatura: 36.5,
          possui_animais: null,
        }),
      },
    });
    renderRoutes(rotas, `${BASE_PATH}/${DOMICILIO_ID}/detalhes`);
    expect(await screen.findByRole('heading', { name: 'Rua das Flores, 12 - Centro' })).toBeInTheDocument();
    expect(screen.getByText('CEP 70000-001 · Brasília/DF · Micro-área 01')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Cadastro individual' })).toHaveAttribute(
      'href',
      '/atencao_primaria/cadastros_individuais/new',
    );
    expect(screen.getByRole('link', { name: 'Editar domicílio' })).toHaveAttribute(
      'href',
      `${BASE_PATH}/${DOMICILIO_ID}/edit`,
    );
    expect(screen.getByRole('link', { name: 'Visitas domiciliares' })).toHaveAttribute(
      'href',
      `/atencao_primaria/visitas_domiciliares/${FAMILIA_ID}/detalhes`,
    );
    expect(screen.getByRole('button', { name: 'Remover domicílio' })).toBeInTheDocument();
    const moradia = screen.getByRole('region', { name: 'Condições de moradia' });
    expect(moradia).toHaveTextContent('Próprio');
    expect(within(moradia).getByText('Disponibilidade de energia elétrica?').nextSibling).toHaveTextContent('Sim');
    expect(moradia).toHaveTextContent('Concessionária');
    // Read as text, not a greyed-out form; the unanswered animals question reads "Não informado".
    expect(moradia.querySelector('input')).toBeNull();
    const animais = screen.getByRole('region', { name: 'Animais no domicílio' });
    expect(within(animais).getByText('Tem animais no domicílio?').nextSibling).toHaveTextContent('Não informado');
    expect(screen.getByText('(61) 99123-4570')).toBeInTheDocument();
    expect(screen.getByText('36,5 °C')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Famílias do domicílio' })).getByRole('link', {
        name: 'Maria da Silva',
      }),
    ).toHaveAttribute('href', `/atencao_primaria/familias/${FAMILIA_ID}/edit`);
  });

  it('sends "Visitas domiciliares" to the list of families when no family lives there, and prefers one that did not move', () => {
    expect(visitasDestino({ familias: [] })).toBe('/atencao_primaria/visitas_domiciliares');
    const mudou = { ...familia, id: '0190a6d2-1c1e-7000-8000-0000000000f9', mudou: true };
    expect(visitasDestino({ familias: [mudou, familia] })).toBe(
      `/atencao_primaria/visitas_domiciliares/${FAMILIA_ID}/detalhes`,
    );
  });

  it("asks 'Remover domicílio?', shows why a home with families is refused, and removes one without", async () => {
    let recusar = true;
    const { chamadas } = fakeApi({
      [`GET ${URL_DOMICILIO}`]: { body: domicilioDe() },
      [`DELETE ${URL_DOMICILIO}`]: () =>
        recusar ? { status: 409, body: { message: msg.domicilioComFamilias, errors: {} } } : { status: 204 },
      'GET /api/v1/atencao_primaria/cadastros_domiciliares': lista([itemDaLista]),
    });
    const { user, router } = renderRoutes(rotas, `${BASE_PATH}/${DOMICILIO_ID}/detalhes`);
    await user.click(await screen.findByRole('button', { name: 'Remover domicílio' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Remover domicílio?' });
    expect(dialogo).toHaveTextContent(msg.acaoIrreversivel);
    await user.click(within(dialogo).getByRole('button', { name: 'Sim, remover' }));
    expect(await screen.findByText(msg.domicilioComFamilias)).toBeInTheDocument();
    expect(screen.getByText(msg.falhaAoRemover)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${BASE_PATH}/${DOMICILIO_ID}/detalhes`);

    recusar = false;
    await user.click(screen.getByRole('button', { name: 'Remover domicílio' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, remover' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(BASE_PATH));
    expect(await screen.findByText('Cadastro domiciliar foi removido(a).')).toBeInTheDocument();
    expect(chamadas.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });
});

describe('CadastroDomiciliarListPage', () => {
  it('lists homes with their property type, sends the filters from the URL and opens the detail on a row click', async () => {
    const { chamadas } = fakeApi({
      'GET /api/v1/atencao_primaria/cadastros_domiciliares': lista([itemDaLista], 31),
      [`GET ${URL_DOMICILIO}`]: { body: domicilioDe() },
    });
    const { user, router } = renderRoutes(rotas, `${BASE_PATH}?micro_area=01&tipo_imovel_id=1&endereco=flores`);
    const linha = await screen.findByRole('row', { name: /Rua das Flores, 12 - Centro/ });
    // Narrow columns (CEP, team) hide on small screens; jsdom matches no media query.
    expect(linha).toHaveTextContent('Domicílio');
    expect(screen.getByText('Exibindo 1 a 1 de 31 registros')).toBeInTheDocument();
    const busca = chamadas.find((c) => c.path === '/api/v1/atencao_primaria/cadastros_domiciliares');
    expect(Object.fromEntries(busca!.query)).toEqual({
      micro_area: '01',
      tipo_imovel_id: '1',
      endereco: 'flores',
      page: '1',
      per_page: '10',
    });
    await user.click(within(linha).getByText('Rua das Flores, 12 - Centro'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${DOMICILIO_ID}/detalhes`));
    expect(await screen.findByRole('heading', { name: 'Rua das Flores, 12 - Centro' })).toBeInTheDocument();
  });
});
