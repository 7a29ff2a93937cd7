import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import { fakeApi, type Chamada } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { API_BASE, BASE_PATH } from './api';
import { AvisoFormPage } from './AvisoFormPage';
import { API_AVISO, AVISO, avisoDe, EU, opcoes, PERFIL_VIGILANCIA, UBS_CENTRO } from './testUtils';

// jsdom has no document.fonts; the autosize textareas listen to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const rotas = [
  { path: `${BASE_PATH}/new`, element: <AvisoFormPage /> },
  { path: `${BASE_PATH}/:id/edit`, element: <AvisoFormPage /> },
  { path: `${BASE_PATH}/:id/show`, element: <h1>Aviso salvo</h1> },
  { path: BASE_PATH, element: <h1>Avisos</h1> },
];
const GESTOR = [
  'comunicacao/avisos:index',
  'comunicacao/avisos:show',
  'comunicacao/avisos:create',
  'comunicacao/avisos:update',
  'comunicacao/avisos:destroy',
  'comunicacao/avisos:todos',
];

/** The reach answers 40 for everyone, 0 once Vigilância is chosen (nobody has that profile in the test). */
const alcance = ({ query }: Chamada) => ({
  body: { total_profissionais: query.get('perfil_ids') === PERFIL_VIGILANCIA ? 0 : 40 },
});
const base = {
  [`GET ${API_BASE}/opcoes`]: { body: opcoes },
  [`GET ${API_BASE}/alcance`]: alcance,
  [`GET ${API_BASE}/opcoes/profissionais`]: ({ query }: Chamada) => ({
    body: query.get('nome') === 'acs' ? [{ id: EU, nome: 'Agente Teste', login: 'acs' }] : [],
  }),
};
const campo = (nome: RegExp) => screen.getByRole('textbox', { name: nome });
const alcanceTexto = () => screen.getByTestId('alcance');

async function escolher(user: ReturnType<typeof renderRoutes>['user'], rotulo: RegExp, opcao: string) {
  await user.click(screen.getByRole('combobox', { name: rotulo }));
  await user.click(await screen.findByRole('option', { name: opcao }));
  await user.keyboard('{Escape}');
}

describe('AvisoFormPage', { timeout: 60_000 }, () => {
  it('shows the required errors, the reach as the targets change, and creates after "Deseja criar este aviso?"', async () => {
    const { chamadas } = fakeApi(
      { ...base, [`POST ${API_BASE}`]: { status: 201, body: avisoDe() } },
      { permissoes: GESTOR },
    );
    const { user, router } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Novo aviso', level: 1 });
    // Nothing chosen: everyone, and the line says so.
    await waitFor(() => expect(alcanceTexto()).toHaveTextContent('Este aviso alcança 40 profissionais (todos'));

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(campo(/Título/)).toHaveAccessibleDescription(msg.obrigatorio));
    expect(campo(/Mensagem/)).toHaveAccessibleDescription(expect.stringContaining(msg.obrigatorio));
    expect(campo(/Data final/)).toHaveAccessibleDescription(expect.stringContaining(msg.obrigatorio));
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    await user.type(campo(/Título/), 'Campanha de vacinação');
    await user.type(campo(/Mensagem/), 'Memorando 12');
    expect(screen.getByText('12/50')).toBeVisible();
    const inicio = campo(/Data inicial/);
    await user.clear(inicio);
    await user.type(inicio, '23112026');
    await user.type(campo(/Data final/), '22112026');
    await user.type(campo(/Horário/), '0800');
    await waitFor(() =>
      expect(campo(/Data final/)).toHaveAccessibleDescription(
        expect.stringContaining(msg.maiorOuIgualQue('23/11/2026')),
      ),
    );
    const fim = campo(/Data final/);
    await user.clear(fim);
    await user.type(fim, '30112026');

    // A profile nobody has: the line turns into the spec's message.
    await escolher(user, /Perfis/, 'Vigilância');
    await waitFor(() => expect(alcanceTexto()).toHaveTextContent(msg.avisoSemProfissionais));
    expect(
      chamadas
        .filter((c) => c.path.endsWith('/alcance'))
        .at(-1)
        ?.query.get('perfil_ids'),
    ).toBe(PERFIL_VIGILANCIA);
    await escolher(user, /Unidades/, 'UBS Centro');
    await user.click(screen.getByRole('switch', { name: 'Exigir resposta' }));
    // The signed-in user answers for it unless another is chosen.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Responsável' })).toHaveValue('Agente Teste'));

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialogo = await screen.findByRole('dialog', { name: msg.avisoConfirmarCriacao });
    await user.click(within(dialogo).getByRole('button', { name: 'Sim, criar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${AVISO}/show`));
    expect(chamadas.find((c) => c.method === 'POST')?.body).toEqual({
      titulo: 'Campanha de vacinação',
      mensagem: 'Memorando 12',
      data_inicial: '2026-11-23',
      data_final: '2026-11-30',
      horario: '08:00',
      tipo_unidade_ids: [],
      unidade_ids: [UBS_CENTRO],
      perfil_ids: [PERFIL_VIGILANCIA],
      profissional_ids: [],
      checar_resposta: true,
      responsavel_id: EU,
      situacao: 'ativo',
    });
  });

  it("puts the server's refusal of the targeting on Destinatários and keeps editing when the save is not confirmed", async () => {
    const { chamadas } = fakeApi(
      {
        ...base,
        [`GET ${API_AVISO}`]: { body: avisoDe() },
        [`PUT ${API_AVISO}`]: {
          status: 422,
          body: { code: 'validacao', message: 'Dados inválidos', errors: { alvos: [msg.avisoSemProfissionais] } },
        },
      },
      { permissoes: GESTOR },
    );
    const { user, router } = renderRoutes(rotas, `${BASE_PATH}/${AVISO}/edit`);
    await screen.findByRole('heading', { name: 'Editar aviso Campanha de vacinação', level: 1 });
    expect(screen.getByRole('switch', { name: 'Aviso ativo' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Responsável' })).toHaveValue('Gestora Teste');

    await user.click(screen.getByRole('switch', { name: 'Aviso ativo' }));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    let dialogo = await screen.findByRole('dialog', { name: msg.avisoConfirmarAlteracoes });
    await user.click(within(dialogo).getByRole('button', { name: 'Não, continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chamadas.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    dialogo = await screen.findByRole('dialog', { name: msg.avisoConfirmarAlteracoes });
    await user.click(within(dialogo).getByRole('button', { name: 'Sim, salvar' }));
    const destinatarios = screen.getByRole('group', { name: 'Destinatários' });
    expect(await within(destinatarios).findByRole('alert')).toHaveTextContent(msg.avisoSemProfissionais);
    expect(chamadas.find((c) => c.method === 'PUT')?.body).toMatchObject({ situacao: 'inativo', lock_version: 2 });
    expect(router.state.location.pathname).toBe(`${BASE_PATH}/${AVISO}/edit`);
  });
});
