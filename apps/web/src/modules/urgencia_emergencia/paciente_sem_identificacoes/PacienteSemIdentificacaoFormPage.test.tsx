import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allPermissions, msg } from '@saude/shared';
import type { PacienteSemIdentificacao } from '@saude/shared/schemas/paciente_sem_identificacao';
import { idadeEmAnos } from '@saude/shared/schemas/municipe';
import { fakeApi, lista, type Chamada } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { BASE_PATH } from './api';
import { PacienteSemIdentificacaoFormPage } from './PacienteSemIdentificacaoFormPage';

// jsdom has no document.fonts; the autosize textarea (other traits) listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const ID = '0190a6d2-1c1e-7000-8000-0000000000f1';
const MUNICIPE = '0190a6d2-1c1e-7000-8000-0000000000f2';
const API = `/api/v1${BASE_PATH}`;
const rotas = [
  { path: BASE_PATH, element: <h1>Lista de pacientes</h1> },
  { path: `${BASE_PATH}/new`, element: <PacienteSemIdentificacaoFormPage /> },
  { path: `${BASE_PATH}/:id/edit`, element: <PacienteSemIdentificacaoFormPage /> },
];

const paciente = (over: Partial<PacienteSemIdentificacao> = {}): PacienteSemIdentificacao => ({
  id: ID,
  lock_version: 0,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  unidade_saude_id: '0190a6d2-1c1e-7000-8000-0000000000a1',
  unidade_saude_nome: 'UPA 24h Municipal',
  profissional_id: '0190a6d2-1c1e-7000-8000-0000000000a2',
  profissional_nome: 'Recepção Teste',
  ocupacao_id: '422105',
  ocupacao_nome: 'Recepcionista',
  nome: 'Desconhecido(a) 7',
  data_nascimento_estimada: null,
  idade_estimada: 40,
  possui_deficiencia: null,
  deficiencia_ids: [],
  sexo_id: null,
  raca_cor_id: null,
  cor_cabelo_id: null,
  cor_olhos_id: null,
  altura_aproximada: null,
  peso_aproximado: null,
  outras_caracteristicas: null,
  nome_mae: null,
  nome_mae_sem_informacao: false,
  nacionalidade_id: null,
  municipio_nascimento_ibge: null,
  municipio_nascimento_nome: null,
  pais_nascimento_id: null,
  municipe_id: null,
  municipe_nome: null,
  identificado_em: null,
  identificado_por: null,
  identificado_por_nome: null,
  atendimentos: [
    {
      id: '0190a6d2-1c1e-7000-8000-0000000000f3',
      data_chegada: '2026-11-20T13:30:00.000Z',
      situacao: 'aguardando',
      retroativo: false,
      senha: 'A12',
      especialidade: null,
      profissional_nome: 'Recepção Teste',
    },
  ],
  ...over,
});

describe('PacienteSemIdentificacaoFormPage', { timeout: 60_000 }, () => {
  it('shows the answers that apply: deficiencies, the age from the date, birthplace or country', async () => {
    fakeApi({ [`GET ${API}/pseudonimo`]: { body: { nome: 'Desconhecido(a) 8' } } });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Novo paciente sem identificação', level: 1 });
    expect(screen.queryByRole('group', { name: /Quais deficiências/ })).toBeNull();
    await user.click(
      within(screen.getByRole('radiogroup', { name: /Tem alguma deficiência/ })).getByRole('radio', { name: 'Sim' }),
    );
    expect(await screen.findByRole('checkbox', { name: 'Visual' })).toBeVisible();

    await user.type(screen.getByLabelText(/Data de nascimento estimada/), '15061980');
    const idade = screen.getByRole('textbox', { name: /Idade estimada/ });
    await waitFor(() => expect(idade).toHaveValue(String(idadeEmAnos('1980-06-15'))));
    expect(idade).toBeDisabled();

    expect(screen.queryByRole('combobox', { name: /País de nascimento/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Estrangeiro' }));
    expect(await screen.findByRole('combobox', { name: /País de nascimento/ })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: /Município de nascimento/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Brasileira' }));
    expect(await screen.findByRole('combobox', { name: /Município de nascimento/ })).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'Sem informação' }));
    expect(screen.getByRole('textbox', { name: /Nome da mãe/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Usar pseudônimo "Desconhecido\(a\) 8"/ }));
    expect(screen.getByRole('textbox', { name: /Nome ou pseudônimo/ })).toHaveValue('Desconhecido(a) 8');
  });

  it('refuses a blank name before asking the server', async () => {
    const { chamadas } = fakeApi({ [`GET ${API}/pseudonimo`]: { body: { nome: 'Desconhecido(a) 1' } } });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findAllByText(msg.obrigatorio)).not.toHaveLength(0);
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);
  });

  it('identifies the patient after a confirmation that says the visits move, and shows the server error on the field', async () => {
    let identificado = false;
    const { chamadas } = fakeApi({
      [`GET ${API}/${ID}`]: () => ({ body: paciente() }),
      'GET /api/v1/municipes': lista([
        {
          id: MUNICIPE,
          nome: 'Roberto Souza',
          data_nascimento: '1979-03-08',
          cpf_numero: null,
          codigo_cns: null,
          data_obito: null,
        },
      ]),
      [`POST ${API}/${ID}/identificar`]: () => {
        if (!identificado) {
          identificado = true;
          return { status: 422, body: { code: 'validacao', message: 'x', errors: { municipe_id: ['não é válido'] } } };
        }
        return {
          body: paciente({
            lock_version: 1,
            municipe_id: MUNICIPE,
            municipe_nome: 'Roberto Souza',
            identificado_em: '2026-11-24T15:00:00.000Z',
            identificado_por_nome: 'Recepção Teste',
          }),
        };
      },
    });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${ID}/edit`);
    expect(await screen.findByRole('table', { name: 'Atendimentos do paciente' })).toHaveTextContent('A12');
    await user.type(screen.getByRole('combobox', { name: 'Munícipe' }), 'Roberto');
    await user.click(await screen.findByRole('option', { name: /^Roberto Souza/ }));
    await user.click(screen.getByRole('button', { name: 'Identificar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Identificar paciente?' });
    expect(dialogo).toHaveTextContent('O atendimento deste paciente passará para Roberto Souza');
    await user.click(within(dialogo).getByRole('button', { name: 'Sim, identificar' }));
    expect(await screen.findByText('não é válido')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Identificar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Identificar paciente?' })).getByRole('button', {
        name: 'Sim, identificar',
      }),
    );
    expect(await screen.findByText(/Identificado como/)).toHaveTextContent('Roberto Souza');
    expect(chamadas.filter((c: Chamada) => c.path.endsWith('/identificar')).at(-1)?.body).toEqual({
      municipe_id: MUNICIPE,
    });
    // Undo is a manager's: the test user holds every permission, so the button is there.
    expect(screen.getByRole('button', { name: 'Desfazer identificação' })).toBeVisible();
  });

  it('hides the undo from who lacks desfazer_identificacao, and the remove button while there are visits', async () => {
    fakeApi(
      {
        [`GET ${API}/${ID}`]: {
          body: paciente({
            municipe_id: MUNICIPE,
            municipe_nome: 'Roberto Souza',
            identificado_em: '2026-11-24T15:00:00Z',
          }),
        },
      },
      { permissoes: allPermissions.filter((p) => !p.endsWith(':desfazer_identificacao')) },
    );
    renderRoutes(rotas, `${BASE_PATH}/${ID}/edit`);
    expect(await screen.findByText(/Identificado como/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Desfazer identificação' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remover paciente' })).toBeNull();
  });
});
