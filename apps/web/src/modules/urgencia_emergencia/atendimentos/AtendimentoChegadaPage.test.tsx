import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allPermissions, msg } from '@saude/shared';
import type { Atendimento, AtendimentoContexto } from '@saude/shared/schemas/atendimento';
import { fakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { AtendimentoChegadaPage, AtendimentoRetroativoChegadaPage } from './AtendimentoChegadaPage';
import { BASE_PATH, BASE_PATH_RETROATIVO } from './api';

// jsdom has no document.fonts; the late-entry reason's autosize textarea listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const MUNICIPE = '0190a6d2-1c1e-7000-8000-0000000000b1';
const ATENDIMENTO = '0190a6d2-1c1e-7000-8000-0000000000c1';

const contexto: AtendimentoContexto = {
  ocupacoes: [{ codigo: '422105', descricao: 'RECEPCIONISTA, EM GERAL' }],
  ocupacao_id: '422105',
  especialidade: null,
  profissionais: [],
  paciente: {
    municipe_id: MUNICIPE,
    paciente_sem_identificacao_id: null,
    paciente_nome: 'Maria da Silva',
    sem_identificacao: false,
    data_nascimento: '1980-05-10',
    codigo_cns: null,
    cpf_numero: null,
    sexo_id: 1,
    obito: false,
    identificado: false,
  },
  validacao_cadastro: { modo: 'aviso', pendencias: [] },
};

const rotas = [
  { path: BASE_PATH, element: <h1>Recepção</h1> },
  { path: `${BASE_PATH}/:municipeId/chamar`, element: <AtendimentoChegadaPage /> },
  { path: `${BASE_PATH}/:id/show`, element: <h1>Detalhe</h1> },
  { path: BASE_PATH_RETROATIVO, element: <h1>Retroativos</h1> },
  { path: `${BASE_PATH_RETROATIVO}/:municipeId/chamar`, element: <AtendimentoRetroativoChegadaPage /> },
];

type User = ReturnType<typeof renderRoutes>['user'];
async function escolher(user: User, campo: string, opcao: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${campo}`) }));
  await user.click(await screen.findByRole('option', { name: opcao }));
}
const responder = (user: User, pergunta: string, resposta: 'Sim' | 'Não') =>
  user.click(within(screen.getByRole('radiogroup', { name: pergunta })).getByRole('radio', { name: resposta }));

describe('AtendimentoChegadaPage', { timeout: 60_000 }, () => {
  it('shows the plate only for an arrival by vehicle and the companion only when there is one', async () => {
    const { chamadas } = fakeApi({
      'GET /api/v1/urgencia_emergencia/atendimentos/contexto': { body: contexto },
      'POST /api/v1/urgencia_emergencia/atendimentos': { status: 201, body: { id: ATENDIMENTO } as Atendimento },
    });
    const { user, router } = renderRoutes(rotas, `${BASE_PATH}/${MUNICIPE}/chamar`);
    expect(await screen.findByRole('heading', { name: 'Registrar chegada' })).toBeInTheDocument();
    expect(screen.getByText(/Maria da Silva/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Placa do veículo/ })).not.toBeInTheDocument();
    await escolher(user, 'Tipo de chegada', 'Ambulância do SAMU');
    await user.type(await screen.findByRole('textbox', { name: /Placa do veículo/ }), 'abc1d23');
    expect(screen.queryByRole('textbox', { name: /Nome do acompanhante/ })).not.toBeInTheDocument();
    await responder(user, 'Possui acompanhante', 'Sim');
    await user.type(await screen.findByRole('textbox', { name: /Nome do acompanhante/ }), 'Rosa Pereira');
    await responder(user, 'Possui acompanhante', 'Não');
    expect(screen.queryByRole('textbox', { name: /Nome do acompanhante/ })).not.toBeInTheDocument();
    // Back to an arrival on foot: the plate goes with the field.
    await escolher(user, 'Tipo de chegada', 'Meios próprios');
    expect(screen.queryByRole('textbox', { name: /Placa do veículo/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrar chegada' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${ATENDIMENTO}/show`));
    const post = chamadas.find((c) => c.method === 'POST' && c.path.endsWith('/atendimentos'));
    expect(post?.body).toMatchObject({ municipe_id: MUNICIPE, tipo_chegada_id: 1, possui_acompanhante: false });
    const body = post?.body as Record<string, unknown>;
    expect(body.placa_veiculo).toBeUndefined();
    expect(body.acompanhante_nome).toBeUndefined();
    expect(body.acolhimento).toBeNull();
  });

  it('asks the arrival type before saving, with the catalogue message', async () => {
    fakeApi({ 'GET /api/v1/urgencia_emergencia/atendimentos/contexto': { body: contexto } });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${MUNICIPE}/chamar`);
    await user.click(await screen.findByRole('button', { name: 'Registrar chegada' }));
    expect((await screen.findAllByText(msg.obrigatorio)).length).toBeGreaterThan(0);
    expect(screen.getByRole('combobox', { name: /^Tipo de chegada/ })).toHaveAttribute('aria-invalid', 'true');
    // A future arrival date says so, with today's date.
    const amanha = new Date(Date.now() + 86_400_000);
    const data = screen.getByRole('textbox', { name: /Data de chegada/ });
    await user.clear(data);
    await user.type(data, amanha.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }).replace(/\//g, ''));
    expect((await screen.findAllByText(msg.dataFutura)).length).toBeGreaterThan(0);
  });

  it('the retroactive form leaves the arrival blank and asks why the entry is late', async () => {
    fakeApi({ 'GET /api/v1/urgencia_emergencia/atendimentos_retroativos/contexto': { body: contexto } });
    const { user } = renderRoutes(rotas, `${BASE_PATH_RETROATIVO}/${MUNICIPE}/chamar`);
    expect(await screen.findByRole('heading', { name: 'Registrar atendimento retroativo' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Data de chegada/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Motivo do registro retroativo/ })).toBeInTheDocument();
    await escolher(user, 'Tipo de chegada', 'Meios próprios');
    await user.click(screen.getByRole('button', { name: 'Registrar chegada' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Motivo do registro retroativo/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(screen.getByRole('textbox', { name: /Data de chegada/ })).toHaveAttribute('aria-invalid', 'true');
  });

  describe("the unit's registration check (issue 39)", () => {
    const comPendencias = (modo: AtendimentoContexto['validacao_cadastro']['modo']): AtendimentoContexto => ({
      ...contexto,
      validacao_cadastro: { modo, pendencias: modo === 'sem_validacao' ? [] : ['Nome da mãe', 'Bairro'] },
    });
    const linkCompletar = () => screen.getByRole('link', { name: 'Completar cadastro' });

    it('by default warns what is missing, links to the record and still registers the arrival', async () => {
      fakeApi({
        'GET /api/v1/urgencia_emergencia/atendimentos/contexto': { body: comPendencias('aviso') },
        'POST /api/v1/urgencia_emergencia/atendimentos': { status: 201, body: { id: ATENDIMENTO } as Atendimento },
      });
      const { user, router } = renderRoutes(rotas, `${BASE_PATH}/${MUNICIPE}/chamar`);
      expect(await screen.findByText('Cadastro incompleto')).toBeInTheDocument();
      const faltas = screen.getByRole('list', { name: 'Falta no cadastro' });
      expect(
        within(faltas)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Nome da mãe', 'Bairro']);
      expect(linkCompletar()).toHaveAttribute('href', `/municipes/${MUNICIPE}/edit`);
      await escolher(user, 'Tipo de chegada', 'Meios próprios');
      await user.click(screen.getByRole('button', { name: 'Registrar chegada' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${ATENDIMENTO}/show`));
    });

    it('validacao_completa_municipe: the arrival of now waits for the complete record (no form)', async () => {
      fakeApi({ 'GET /api/v1/urgencia_emergencia/atendimentos/contexto': { body: comPendencias('completa') } });
      renderRoutes(rotas, `${BASE_PATH}/${MUNICIPE}/chamar`);
      const alerta = await screen.findByRole('alert');
      expect(alerta).toHaveTextContent('Complete o cadastro para registrar a chegada');
      expect(alerta).toHaveTextContent('Esta unidade exige o cadastro completo');
      expect(linkCompletar()).toHaveAttribute('href', `/municipes/${MUNICIPE}/edit`);
      expect(screen.queryByRole('button', { name: 'Registrar chegada' })).not.toBeInTheDocument();
    });

    it('validacao_completa_municipe: a late entry only warns (the patient is gone)', async () => {
      fakeApi(
        { 'GET /api/v1/urgencia_emergencia/atendimentos_retroativos/contexto': { body: comPendencias('completa') } },
        { permissoes: allPermissions.filter((p) => p !== 'municipes:update') },
      );
      renderRoutes(rotas, `${BASE_PATH_RETROATIVO}/${MUNICIPE}/chamar`);
      expect(await screen.findByText('Cadastro incompleto')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Registrar chegada' })).toBeInTheDocument();
      // Without the right to edit citizens, the warning says whom to ask instead of a link.
      expect(screen.queryByRole('link', { name: 'Completar cadastro' })).not.toBeInTheDocument();
      expect(screen.getByText('Peça a quem cadastra munícipes para completar o cadastro.')).toBeInTheDocument();
    });

    it('sem_validacao: no warning at all', async () => {
      fakeApi({ 'GET /api/v1/urgencia_emergencia/atendimentos/contexto': { body: comPendencias('sem_validacao') } });
      renderRoutes(rotas, `${BASE_PATH}/${MUNICIPE}/chamar`);
      expect(await screen.findByRole('button', { name: 'Registrar chegada' })).toBeInTheDocument();
      expect(screen.queryByText('Cadastro incompleto')).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Completar cadastro' })).not.toBeInTheDocument();
    });
  });
});
