import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isoToBr, msg, todayIso } from '@saude/shared';
import { BASE_PATH } from './api';
import { CadastroDomiciliarFormPage, CadastroDomiciliarIdentificacaoTab } from './CadastroDomiciliarFormPage';
import { FamiliasTab } from './FamiliasTab';
import { domicilioDe, DOMICILIO_ID, fakeApi } from './testUtils';
import { renderRoutes } from '../../../test/render';

const rotas = [
  { path: `${BASE_PATH}`, element: <h1>Lista de domicílios</h1> },
  { path: `${BASE_PATH}/new`, element: <CadastroDomiciliarFormPage /> },
  { path: `${BASE_PATH}/:id/detalhes`, element: <h1>Detalhe do domicílio</h1> },
  {
    path: `${BASE_PATH}/:id/edit`,
    element: <CadastroDomiciliarFormPage />,
    children: [
      { index: true, element: <CadastroDomiciliarIdentificacaoTab /> },
      { path: 'familias', element: <FamiliasTab /> },
    ],
  },
];

const secao = (nome: string) => screen.queryByRole('group', { name: nome });

async function escolher(user: ReturnType<typeof renderRoutes>['user'], campo: string, opcao: string) {
  await user.click(screen.getByRole('combobox', { name: campo }));
  await user.click(await screen.findByRole('option', { name: opcao }));
}

// Long forms typed as a user would: slower than the default 5 s on a busy machine.
describe('CadastroDomiciliarFormPage', { timeout: 60_000 }, () => {
  it('adapts to the property type: a home asks living conditions and animals, a shelter the institution, a shop only the address', async () => {
    fakeApi({});
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    expect(await screen.findByRole('heading', { name: 'Novo cadastro domiciliar' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tipo de imóvel' })).toHaveValue('Domicílio');
    expect(secao('Condições de moradia')).toBeInTheDocument();
    expect(
      within(secao('Condições de moradia')!).getByRole('combobox', { name: 'Situação de moradia / posse da terra' }),
    ).toBeInTheDocument();
    expect(secao('Animais no domicílio')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Telefone residencial' })).toBeInTheDocument();
    expect(secao('Instituição de permanência')).not.toBeInTheDocument();

    await escolher(user, 'Tipo de imóvel', 'Abrigo');
    expect(secao('Instituição de permanência')).toBeInTheDocument();
    expect(secao('Condições de moradia')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Situação de moradia / posse da terra' })).not.toBeInTheDocument();
    expect(secao('Animais no domicílio')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Telefone residencial' })).not.toBeInTheDocument();

    await escolher(user, 'Tipo de imóvel', 'Comércio');
    expect(secao('Condições de moradia')).not.toBeInTheDocument();
    expect(secao('Instituição de permanência')).not.toBeInTheDocument();
    expect(secao('Endereço e local de permanência')).toBeInTheDocument();
    expect(secao('Sinais vitais')).toBeInTheDocument();

    // The refusal keeps only the header, the property type and the micro-area.
    await escolher(user, 'Tipo de imóvel', 'Domicílio');
    await user.click(screen.getByRole('checkbox', { name: 'Os moradores recusaram o cadastro (termo de recusa)' }));
    expect(secao('Condições de moradia')).not.toBeInTheDocument();
    expect(secao('Animais no domicílio')).not.toBeInTheDocument();
  });

  it('asks land tenure only in a rural area, the energy source only with electricity, and which animals only when there are any', async () => {
    fakeApi({});
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Novo cadastro domiciliar' });
    expect(screen.queryByRole('combobox', { name: 'Condição de posse e uso da terra' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Rural' }));
    expect(screen.getByRole('combobox', { name: 'Condição de posse e uso da terra' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Urbana' }));
    expect(screen.queryByRole('combobox', { name: 'Condição de posse e uso da terra' })).not.toBeInTheDocument();

    expect(screen.queryByRole('radiogroup', { name: 'Origem da energia elétrica' })).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Disponibilidade de energia elétrica?' })).getByRole('radio', {
        name: 'Sim',
      }),
    );
    expect(screen.getByRole('radiogroup', { name: 'Origem da energia elétrica' })).toBeInTheDocument();

    expect(screen.queryByRole('group', { name: 'Quais animais?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Quantos animais?' })).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Tem animais no domicílio?' })).getByRole('radio', { name: 'Sim' }),
    );
    expect(screen.getByRole('group', { name: 'Quais animais?' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Quantos animais?' })).toBeInTheDocument();
  });

  it('lists what is missing on save, with the shared messages, and sends nothing', async () => {
    const { chamadas } = fakeApi({});
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Novo cadastro domiciliar' });
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Tem animais no domicílio?' })).getByRole('radio', { name: 'Sim' }),
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const resumo = await screen.findByText(msg.naoFoiPossivelGravar('Cadastro domiciliar', 11));
    const alerta = resumo.closest('[role="alert"]') as HTMLElement;
    for (const campo of [
      'Micro-área',
      'CEP',
      'UF',
      'Município',
      'Tipo de logradouro',
      'Logradouro',
      'Número',
      'Bairro',
      'Localização',
      'Situação de moradia',
      'Quais animais',
    ]) {
      // After its label the message reads on in lower case (issue 39).
      expect(within(alerta).getByText(`${campo} não pode ficar em branco`)).toBeInTheDocument();
    }
    expect(chamadas.some((c) => c.method === 'POST' && c.path.endsWith('cadastros_domiciliares'))).toBe(false);
  });

  it('fills the street from the CEP, saves a home without what does not apply, and opens its detail', async () => {
    const { chamadas } = fakeApi({
      'GET /api/v1/enderecos/cep/70000001': {
        body: {
          cep: '70000001',
          uf: 'DF',
          municipio: 'Brasília',
          municipio_ibge: '5300108',
          tipo_logradouro: '081',
          logradouro: 'das Flores',
          bairro: 'Centro',
        },
      },
      'GET /api/v1/enderecos/municipios': { body: [{ codigo_ibge: '5300108', nome: 'Brasília', uf: 'DF' }] },
      'POST /api/v1/atencao_primaria/cadastros_domiciliares': { status: 201, body: domicilioDe() },
    });
    const { user, router } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Novo cadastro domiciliar' });
    await user.type(screen.getByRole('textbox', { name: 'Micro-área' }), '01');
    await user.type(screen.getByRole('textbox', { name: 'CEP' }), '70000001');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('das Flores'));
    expect(screen.getByRole('textbox', { name: 'Bairro' })).toHaveValue('Centro');
    await user.type(screen.getByRole('textbox', { name: 'Número' }), '12');
    await escolher(user, 'Situação de moradia / posse da terra', 'Próprio');
    await user.click(screen.getByRole('radio', { name: 'Rural' }));
    await escolher(user, 'Condição de posse e uso da terra', 'Proprietário');
    // Back to urban: the land tenure answer is hidden and must not be sent.
    await user.click(screen.getByRole('radio', { name: 'Urbana' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${DOMICILIO_ID}/detalhes`));
    expect(await screen.findByText('Ficha de cadastro domiciliar foi salva com sucesso')).toBeInTheDocument();
    const post = chamadas.find(
      (c) => c.method === 'POST' && c.path === '/api/v1/atencao_primaria/cadastros_domiciliares',
    );
    expect(post?.body).toMatchObject({
      st_micro_area: '01',
      cep: '70000001',
      uf: 'DF',
      municipio_ibge: '5300108',
      tipo_logradouro: '081',
      logradouro: 'das Flores',
      numero: '12',
      bairro: 'Centro',
      tipo_imovel_id: 1,
      situacao_moradia_id: 75,
      localizacao_id: 83,
      animal_ids: [],
    });
    // Nobody answered the animals question: it is not sent (stored null), never read as "Não".
    expect(post?.body).not.toHaveProperty('possui_animais');
    const body = post?.body as Record<string, unknown>;
    expect(body.condicao_posse_terra_id).toBeUndefined();
    expect(body.instituicao_nome).toBeUndefined();
    expect(body.unidade_saude_id).toBeUndefined();
    expect(typeof body.data_cadastro).toBe('string');
  });

  it("refuses a date in the future with 'não pode ser posterior à data atual' (today in São Paulo)", async () => {
    fakeApi({});
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Novo cadastro domiciliar' });
    const depoisDeAmanha = isoToBr(todayIso(new Date(Date.now() + 2 * 86_400_000)))!;
    const data = screen.getByRole('textbox', { name: 'Data do cadastro' });
    await user.clear(data);
    await user.type(data, depoisDeAmanha.replace(/\//g, ''));
    await user.tab();
    expect(await screen.findByText(msg.dataFutura)).toBeInTheDocument();
  });

  it("edits with the tabs 'Identificação' and 'Famílias', and a stale save offers 'Recarregar'", async () => {
    let versao = 2;
    const { chamadas } = fakeApi({
      [`GET /api/v1/atencao_primaria/cadastros_domiciliares/${DOMICILIO_ID}`]: () => ({
        body: domicilioDe({ lock_version: versao }),
      }),
      [`PUT /api/v1/atencao_primaria/cadastros_domiciliares/${DOMICILIO_ID}`]: {
        status: 409,
        body: { code: 'edicao_desatualizada', message: msg.edicaoDesatualizada },
      },
    });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${DOMICILIO_ID}/edit`);
    expect(await screen.findByRole('tab', { name: 'Identificação', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Famílias' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rua das Flores, 12 - Centro' })).toBeInTheDocument();
    const numero = screen.getByRole('textbox', { name: 'Número' });
    expect(numero).toHaveValue('12');
    await user.clear(numero);
    await user.type(numero, '14');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(msg.edicaoDesatualizada)).toBeInTheDocument();
    expect(chamadas.find((c) => c.method === 'PUT')?.body).toMatchObject({
      numero: '14',
      lock_version: 2,
      unidade_saude_id: domicilioDe().unidade_saude_id,
    });
    versao = 3;
    await user.click(screen.getByRole('button', { name: 'Recarregar' }));
    // Theirs replaces ours: the form remounts on the new version.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Número' })).toHaveValue('12'));
  });

  it("goes back to the list with 'Cadastro não encontrado' when the household cannot be loaded", async () => {
    fakeApi({});
    const { router } = renderRoutes(rotas, `${BASE_PATH}/0190a6d2-1c1e-7000-8000-00000000dead/edit`);
    expect(await screen.findByRole('heading', { name: 'Lista de domicílios' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(BASE_PATH);
    expect(await screen.findByText(msg.cadastroNaoEncontrado)).toBeInTheDocument();
  });
});
