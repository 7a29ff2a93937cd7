import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import { ANA, familiaDe, FAMILIA_ID, fakeApi, JOAO, MARIA, type Chamada } from '../cadastros_domiciliares/testUtils';
import { renderRoutes } from '../../../test/render';
import { BASE_PATH } from './api';
import { FamiliaFormPage } from './FamiliaFormPage';
import { campoDoForm, familiaFormSchema, mesAnoParaIso, novaFamilia } from './formValues';
import { PARENTESCO_RESPONSAVEL } from '@saude/shared/schemas/familia';

const rotas = [
  { path: BASE_PATH, element: <h1>Lista de famílias</h1> },
  { path: `${BASE_PATH}/new`, element: <FamiliaFormPage /> },
  { path: `${BASE_PATH}/:id/edit`, element: <FamiliaFormPage /> },
];
const URL_FAMILIA = `/api/v1/atencao_primaria/familias/${FAMILIA_ID}`;

const pessoas = [
  { id: MARIA, nome: 'Maria da Silva', data_nascimento: '1980-05-10', cpf_numero: null, codigo_cns: '700000000000005' },
  { id: JOAO, nome: 'João da Silva', data_nascimento: '1978-01-02', cpf_numero: null, codigo_cns: null },
  { id: ANA, nome: 'Ana da Silva', data_nascimento: '2010-07-20', cpf_numero: null, codigo_cns: null },
];
/** GET /api/v1/municipes?q=: the people whose name has the typed word. */
const buscaMunicipes = ({ query }: Chamada) => {
  const q = (query.get('q') ?? '').toLowerCase();
  const rows = pessoas.filter((p) => p.nome.toLowerCase().includes(q));
  return { body: rows, headers: { 'X-Total-Count': String(rows.length) } };
};

type User = ReturnType<typeof renderRoutes>['user'];
async function escolherPessoa(user: User, campo: string, nome: string) {
  const box = screen.getByRole('combobox', { name: campo });
  await user.type(box, nome.split(' ')[0]!);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${nome}`) }));
}
async function escolher(user: User, campo: string, opcao: string) {
  await user.click(screen.getByRole('combobox', { name: campo }));
  await user.click(await screen.findByRole('option', { name: opcao }));
}

describe('family form values', () => {
  it('maps the API member paths to the form: member 0 is the head, member N the form row N-1', () => {
    expect(campoDoForm('membros.0.municipe_id')).toBe('responsavel_id');
    expect(campoDoForm('membros.2.municipe_id')).toBe('membros.1.municipe_id');
    expect(campoDoForm('membros.1.parentesco_id')).toBe('membros.0.parentesco_id');
    expect(campoDoForm('responsavel_id')).toBe('responsavel_id');
  });

  it("turns 'MM/aaaa' into the first of the month and leaves an impossible month as typed", () => {
    expect(mesAnoParaIso('04/2019')).toBe('2019-04-01');
    expect(mesAnoParaIso('')).toBeUndefined();
    expect(mesAnoParaIso('13/2019')).toBe('13/2019');
  });

  // The rules that relate members (shared familiaIssues) answer in the browser too, each on the form row it is about.
  const erros = (v: ReturnType<typeof novaFamilia>) => {
    const r = familiaFormSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  const comMembros = (membros: ReturnType<typeof novaFamilia>['membros']) => ({
    ...novaFamilia(),
    responsavel_id: MARIA,
    membros,
  });

  it('refuses the same citizen twice on the repeated row, and the head added again as a member', () => {
    expect(erros(comMembros([{ municipe_id: JOAO, parentesco_id: 137 }]))).toEqual({});
    expect(
      erros(
        comMembros([
          { municipe_id: JOAO, parentesco_id: 137 },
          { municipe_id: JOAO, parentesco_id: 138 },
        ]),
      ),
    ).toEqual({ 'membros.1.municipe_id': msg.membroRepetido });
    expect(erros(comMembros([{ municipe_id: MARIA, parentesco_id: 137 }]))).toEqual({
      'membros.0.municipe_id': msg.membroRepetido,
      'membros.0.parentesco_id': msg.parentescoDoResponsavel,
    });
  });

  it('refuses a second head: only the responsável has the head kinship', () => {
    expect(erros(comMembros([{ municipe_id: JOAO, parentesco_id: PARENTESCO_RESPONSAVEL }]))).toEqual({
      'membros.0.parentesco_id': msg.somenteUmResponsavel,
    });
  });
});

describe('FamiliaFormPage', { timeout: 60_000 }, () => {
  it('creates a family with a head and two members, the head sent first as Responsável familiar', async () => {
    const { chamadas } = fakeApi({
      'GET /api/v1/municipes': buscaMunicipes,
      'POST /api/v1/atencao_primaria/familias': { status: 201, body: familiaDe() },
      [`GET ${URL_FAMILIA}`]: { body: familiaDe() },
    });
    const { user, router } = renderRoutes(rotas, `${BASE_PATH}/new`);
    expect(await screen.findByRole('heading', { name: 'Nova família' })).toBeInTheDocument();
    await escolherPessoa(user, 'Responsável familiar', 'Maria da Silva');
    const cabeca = screen.getByLabelText('Responsável familiar (membro)');
    expect(cabeca).toHaveTextContent('Maria da Silva');
    expect(within(cabeca).queryByRole('button')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Nº do prontuário familiar' }), 'F77');
    await user.type(screen.getByRole('textbox', { name: 'Reside desde' }), '042019');
    await escolher(user, 'Renda familiar', 'Um salário mínimo');

    await user.click(screen.getByRole('button', { name: 'Adicionar membro' }));
    await escolherPessoa(user, 'Membro 1', 'João da Silva');
    await escolher(user, 'Parentesco do membro 1', 'Cônjuge / Companheiro(a)');
    await user.click(screen.getByRole('button', { name: 'Adicionar membro' }));
    await escolherPessoa(user, 'Membro 2', 'Ana da Silva');
    // The head's kinship is not offered to the others.
    await user.click(screen.getByRole('combobox', { name: 'Parentesco do membro 2' }));
    expect(screen.queryByRole('option', { name: 'Responsável familiar' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Filho(a)' }));

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Família foi salva com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${FAMILIA_ID}/edit`));
    expect(chamadas.find((c) => c.method === 'POST' && c.path === '/api/v1/atencao_primaria/familias')?.body).toEqual({
      numero_prontuario: 'F77',
      reside_desde: '2019-04-01',
      responsavel_id: MARIA,
      renda_familiar_id: 3,
      mudou: false,
      membros: [
        { municipe_id: MARIA, parentesco_id: 1 },
        { municipe_id: JOAO, parentesco_id: 137 },
        { municipe_id: ANA, parentesco_id: 138 },
      ],
    });
  });

  it("puts 'Este munícipe já está cadastrado em outra família' on the member's field and in the summary", async () => {
    const { chamadas } = fakeApi({
      'GET /api/v1/municipes': buscaMunicipes,
      'POST /api/v1/atencao_primaria/familias': {
        status: 409,
        body: {
          message: msg.municipeEmOutraFamilia,
          errors: { 'membros.1.municipe_id': [msg.municipeEmOutraFamilia] },
        },
      },
    });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Nova família' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // The browser answers first: a family needs its head.
    expect(await screen.findByText('Responsável familiar não pode ficar em branco')).toBeInTheDocument();
    await escolherPessoa(user, 'Responsável familiar', 'Maria da Silva');
    await user.click(screen.getByRole('button', { name: 'Adicionar membro' }));
    await escolherPessoa(user, 'Membro 1', 'João da Silva');
    await escolher(user, 'Parentesco do membro 1', 'Filho(a)');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(`Membro 1 ${msg.municipeEmOutraFamilia}`)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Membro 1' })).toHaveAccessibleDescription(msg.municipeEmOutraFamilia);
    expect(chamadas.filter((c) => c.method === 'POST' && c.path === '/api/v1/atencao_primaria/familias')).toHaveLength(
      1,
    );
  });

  it('edits the members: the head first and fixed, a removed member leaves the list that PUT replaces', async () => {
    const { chamadas } = fakeApi({
      [`GET ${URL_FAMILIA}`]: {
        body: familiaDe({
          domicilio_id: '0190a6d2-1c1e-7000-8000-0000000000d1',
          domicilio_endereco: 'Rua das Flores, 12 - Centro',
        }),
      },
      [`PUT ${URL_FAMILIA}`]: { body: familiaDe() },
    });
    const { user, router } = renderRoutes(rotas, `${BASE_PATH}/${FAMILIA_ID}/edit`);
    expect(await screen.findByRole('heading', { name: 'Família de Maria da Silva' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rua das Flores, 12 - Centro' })).toHaveAttribute(
      'href',
      '/atencao_primaria/cadastros_domiciliares/0190a6d2-1c1e-7000-8000-0000000000d1/detalhes',
    );
    expect(screen.getByRole('combobox', { name: 'Responsável familiar' })).toHaveValue('Maria da Silva · 10/05/1980');
    expect(screen.getByRole('textbox', { name: 'Reside desde' })).toHaveValue('04/2019');
    expect(screen.getByRole('combobox', { name: 'Membro 1' })).toHaveValue('João da Silva · 02/01/1978');
    expect(screen.getByRole('combobox', { name: 'Parentesco do membro 1' })).toHaveValue('Cônjuge / Companheiro(a)');
    await user.click(screen.getByRole('switch', { name: /Mudou-se/ }));
    await user.click(screen.getByRole('button', { name: 'Remover membro 1' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(BASE_PATH));
    expect(chamadas.find((c) => c.method === 'PUT')?.body).toMatchObject({
      lock_version: 1,
      mudou: true,
      membros: [{ municipe_id: MARIA, parentesco_id: 1 }],
    });
  });

  it("goes back to the list with 'Cadastro não encontrado' when the family cannot be loaded", async () => {
    fakeApi({});
    const { router } = renderRoutes(rotas, `${BASE_PATH}/${FAMILIA_ID}/edit`);
    expect(await screen.findByRole('heading', { name: 'Lista de famílias' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(BASE_PATH);
    expect(await screen.findByText(msg.cadastroNaoEncontrado)).toBeInTheDocument();
  });

  it('opens the family read-only for a profile that may only read families: answers as text, no save, a way back', async () => {
    // Physician: show, not update nor destroy (the unit's permissions come with the signed-in user).
    fakeApi(
      { [`GET ${URL_FAMILIA}`]: { body: familiaDe() } },
      { permissoes: ['atencao_primaria/familias:index', 'atencao_primaria/familias:show'] },
    );
    renderRoutes(rotas, `${BASE_PATH}/${FAMILIA_ID}/edit`);
    expect(await screen.findByRole('heading', { name: 'Família de Maria da Silva' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Voltar para a lista' })).toBeInTheDocument();
    // A legible view (issue 12), not a greyed-out disabled form: no input at all, each answer under its label.
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar membro' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Família' })).toHaveTextContent('Responsável familiarMaria da Silva ·');
    expect(screen.getByRole('region', { name: 'Membros' })).toHaveTextContent(
      'Parentesco do membro 1Cônjuge / Companheiro(a)',
    );
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover família' })).not.toBeInTheDocument();
  });
});
