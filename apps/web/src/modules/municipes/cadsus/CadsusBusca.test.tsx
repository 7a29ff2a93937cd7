import { cadsusMsg } from '@saude/shared/schemas/municipe_cadsus';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allPermissions } from '@saude/shared';
import { msg } from '@saude/shared/messages';
import {
  cadsusCamposSchema,
  type CadsusCampos,
  type CadsusEstado,
  type CadsusMunicipe,
} from '@saude/shared/schemas/municipe_cadsus';
import { fakeApi, lista, type Chamada } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { MunicipeFormPage } from '../MunicipeFormPage';
import { MunicipeListPage } from '../MunicipeListPage';
import { preenchimento } from './preencher';

// Issue 24: "Buscar no CADSUS" on the new-citizen form fills it, marks what came from the registry and saves nothing.

const CPF = '52998224725';
const ESTADO: CadsusEstado = {
  configurado: true,
  servico: 'servicos.saude.gov.br',
  autenticacao: 'usuario',
  token_valido: true,
  certificado: null,
  timeout_ms: 5000,
};
const vazio = Object.fromEntries(Object.keys(cadsusCamposSchema.shape).map((k) => [k, null])) as CadsusCampos;
const ACHADO: CadsusMunicipe = {
  campos: {
    ...vazio,
    nome: 'MARIA DAS DORES',
    nome_mae: 'JOANA DAS DORES',
    data_nascimento: '1984-03-09',
    sexo_id: 1,
    cpf_numero: CPF,
    codigo_cns: '898001160660761',
    telefone_celular: '61991837465',
  },
  cns: [{ numero: '898001160660761', definitivo: false }],
  ja_cadastrados: [],
};

function abrir(cadsus: (c: Chamada) => { status?: number; body?: unknown }, permissoes = allPermissions) {
  const api = fakeApi(
    {
      'GET /api/v1/ferramentas/parametrizacao/cadsus': { body: ESTADO },
      'GET /api/v1/municipes/cadsus': cadsus,
    },
    { permissoes },
  );
  const r = renderRoutes([{ path: '/municipes/new', element: <MunicipeFormPage /> }], '/municipes/new');
  return { ...api, ...r };
}

describe('Buscar no CADSUS on the citizen form', () => {
  it('fills the form by the CPF typed, marks the fields that came from the registry and saves nothing', async () => {
    const { user, chamadas } = abrir(() => ({ body: ACHADO }));
    const botao = await screen.findByRole('button', { name: 'Buscar no CADSUS' });
    expect(botao).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'CPF' }), CPF);
    await user.click(botao);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Nome( \*| obrigatório)?$/ })).toHaveValue('MARIA DAS DORES'),
    );
    expect(screen.getByRole('textbox', { name: /Nome da mãe/ })).toHaveValue('JOANA DAS DORES');
    expect(screen.getByText('Dados encontrados no CADSUS')).toBeInTheDocument();
    expect(screen.getByText(/Preenchidos pelo CADSUS: .*Nome, .*Nome da mãe/)).toBeInTheDocument();
    expect(screen.getAllByText('Preenchido pelo CADSUS').length).toBeGreaterThanOrEqual(4);
    expect(chamadas.find((c) => c.path === '/api/v1/municipes/cadsus')?.query.get('cpf')).toBe(CPF);
    expect(chamadas.filter((c) => c.method !== 'GET' && c.path.startsWith('/api/v1/municipes'))).toEqual([]);
  });

  it('says "not found in the national registry" with a link to the advanced search holding the CPF', async () => {
    const { user } = abrir(() => ({ status: 404, body: { code: 'nao_encontrado', message: msg.cadsusNaoEncontrado } }));
    await user.type(await screen.findByRole('textbox', { name: 'CPF' }), CPF);
    await user.click(screen.getByRole('button', { name: 'Buscar no CADSUS' }));
    expect(await screen.findByText(msg.cadsusNaoEncontrado, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir a busca avançada' })).toHaveAttribute(
      'href',
      `/municipes?avancada=1&cpf_numero=${CPF}`,
    );
  });

  it.each([
    [502, 'servico_autenticacao', msg.cadsusFalhaAutenticacao],
    [503, 'servico_indisponivel', cadsusMsg.cadsusTempoEsgotado],
  ])('on %i says what the server said and leaves the form usable', async (status, code, message) => {
    const { user } = abrir(() => ({ status, body: { code, message, errors: {} } }));
    const cpf = await screen.findByRole('textbox', { name: 'CPF' });
    await user.type(cpf, CPF);
    await user.click(screen.getByRole('button', { name: 'Buscar no CADSUS' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    const nome = screen.getByRole('textbox', { name: /^Nome( \*| obrigatório)?$/ });
    await user.type(nome, 'Digitado');
    expect(nome).toHaveValue('Digitado');
    expect(within(document.body).getByRole('button', { name: /Salvar/ })).toBeEnabled();
  });

  it('is not offered without municipes:cadsus', async () => {
    abrir(
      () => ({ body: ACHADO }),
      allPermissions.filter((p) => p !== 'municipes:cadsus'),
    );
    expect(await screen.findByRole('textbox', { name: 'CPF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buscar no CADSUS' })).not.toBeInTheDocument();
  });

  it('maps the phones to the form and unticks an unknown parent when the registry names one', () => {
    const p = preenchimento({ ...vazio, nome_pai: 'JOSE', telefone_residencial: '6133445566' });
    expect(p).toEqual([
      { campo: 'nome_pai', valor: 'JOSE' },
      { campo: 'telefones.residencial', valor: '6133445566' },
      { campo: 'pai_desconhecido', valor: false },
    ]);
  });
});

describe('Buscar no CADSUS on the registry list', () => {
  function lista$(resposta: CadsusMunicipe) {
    fakeApi({
      'GET /api/v1/ferramentas/parametrizacao/cadsus': { body: ESTADO },
      'GET /api/v1/municipes': lista([]),
      'GET /api/v1/municipes/cadsus': { body: resposta },
    });
    return renderRoutes(
      [
        { path: '/municipes', element: <MunicipeListPage /> },
        { path: '/municipes/new', element: <MunicipeFormPage /> },
        { path: '/municipes/:id/edit', element: <p>cadastro existente</p> },
      ],
      '/municipes',
    );
  }

  it('opens the new-citizen form already filled with the person found, nothing saved', async () => {
    const { user, router } = lista$(ACHADO);
    await user.click(await screen.findByRole('button', { name: 'Buscar no CADSUS' }));
    await user.type(await screen.findByRole('textbox', { name: /CPF ou CNS/ }), '529.982.247-25');
    await user.click(screen.getAllByRole('button', { name: 'Buscar no CADSUS' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/municipes/new'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Nome( \*| obrigatório)?$/ })).toHaveValue('MARIA DAS DORES'),
    );
    expect(screen.getByText('Dados encontrados no CADSUS')).toBeInTheDocument();
  });

  it('offers the record of someone already registered here before a new one', async () => {
    const id = '0190a6d2-1c1e-7000-8000-0000000000c1';
    const { user, router } = lista$({ ...ACHADO, ja_cadastrados: [{ id, nome: 'Maria das Dores' }] });
    await user.click(await screen.findByRole('button', { name: 'Buscar no CADSUS' }));
    await user.type(await screen.findByRole('textbox', { name: /CPF ou CNS/ }), CPF);
    await user.click(screen.getAllByRole('button', { name: 'Buscar no CADSUS' }).at(-1)!);
    expect(await screen.findByRole('link', { name: 'Maria das Dores' })).toHaveAttribute(
      'href',
      `/municipes/${id}/edit`,
    );
    expect(router.state.location.pathname).toBe('/municipes');
    await user.click(screen.getByRole('button', { name: 'Novo cadastro com os dados do CADSUS' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/municipes/new'));
  });

  it('says the number is not valid without asking the registry', async () => {
    const { user } = lista$(ACHADO);
    await user.click(await screen.findByRole('button', { name: 'Buscar no CADSUS' }));
    await user.type(await screen.findByRole('textbox', { name: /CPF ou CNS/ }), '123');
    await user.click(screen.getAllByRole('button', { name: 'Buscar no CADSUS' }).at(-1)!);
    expect(await screen.findByText(msg.naoEValido)).toBeInTheDocument();
  });
});
