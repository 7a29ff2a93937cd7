import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg, zonedDateTimeParts } from '@saude/shared';
import { renderRoutes } from '../../../test/render';
import { fakeApi, lista, MARIA } from '../cadastros_domiciliares/testUtils';
import { BASE_PATH } from './api';
import { CadastroIndividualFormPage } from './CadastroIndividualFormPage';

const maria = {
  id: MARIA,
  nome: 'Maria da Silva',
  nome_social: null,
  nome_mae: 'Joana da Silva',
  data_nascimento: '1980-05-10',
  cpf_numero: null,
  codigo_cns: '700000000000005',
  // The identity e-SUS requires (issue 39), already in the citizen's record.
  raca_cor_id: 1,
  mae_desconhecida: false,
  nome_pai: null,
  pai_desconhecido: true,
  municipio_nascimento_ibge: '5300108',
  municipio_nascimento_nome: 'BRASÍLIA - DF',
  nacionalidade_id: 1,
  micro_area: '01',
  fora_area: false,
};
const candidato = (id: string, nome: string, impedimento: string | null) => ({
  id,
  nome,
  nome_social: null,
  data_nascimento: '1980-05-10',
  idade: 45,
  sexo_id: 1,
  nome_mae: null,
  cpf_numero: null,
  codigo_cns: null,
  impedimento,
  cadastro_id: null,
});
const rotas = [{ path: `${BASE_PATH}/new`, element: <CadastroIndividualFormPage /> }];
const abrirNovo = () => renderRoutes(rotas, `${BASE_PATH}/new?municipe_id=${MARIA}`);

describe('CadastroIndividualFormPage', () => {
  it('asks the hour of the registration on the 24-hour clock, starting at now in São Paulo (issue 12)', async () => {
    fakeApi({ [`GET /api/v1/municipes/${MARIA}`]: { body: maria }, [`GET /api/v1${BASE_PATH}/municipes`]: lista([]) });
    const antes = zonedDateTimeParts()!.time;
    abrirNovo();
    const hora = await screen.findByRole('textbox', { name: 'Hora do cadastro' });
    expect(hora).toHaveAttribute('inputmode', 'numeric');
    expect(hora).not.toHaveAttribute('type', 'time');
    // The minute may turn while a loaded machine renders: the form's "now" lies between the two readings.
    expect([antes, zonedDateTimeParts()!.time]).toContain((hora as HTMLInputElement).value);
  });

  it('asks at entry what the e-SUS record requires of a citizen registered without it, before any request (issue 39)', async () => {
    const { chamadas } = fakeApi({
      [`GET /api/v1/municipes/${MARIA}`]: {
        body: { ...maria, raca_cor_id: null, nome_mae: null, pai_desconhecido: false, municipio_nascimento_ibge: null },
      },
      [`GET /api/v1${BASE_PATH}/municipes`]: lista([]),
    });
    const { user } = abrirNovo();
    expect(await screen.findByText(/Abrir no cadastro de munícipes/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    for (const campo of ['Raça/cor', 'Nome da mãe', 'Nome do pai', 'Município de nascimento'])
      expect(await screen.findByRole('button', { name: new RegExp(`^${campo}`) })).toBeInTheDocument();
    expect(chamadas.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the server's reason for a conflict, and offers nothing to reload (issue 12)", async () => {
    fakeApi({
      [`GET /api/v1/municipes/${MARIA}`]: { body: maria },
      [`GET /api/v1${BASE_PATH}/municipes`]: lista([]),
      'POST /api/v1/atencao_primaria/cadastros_individuais': {
        status: 409,
        body: { code: 'conflito', message: msg.cadastroIndividualAtivoExistente, errors: {} },
      },
    });
    const { user } = abrirNovo();
    expect(await screen.findByText(/Abrir no cadastro de munícipes/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(msg.cadastroIndividualAtivoExistente)).toBeInTheDocument();
    expect(screen.queryByText(msg.edicaoDesatualizada)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recarregar' })).not.toBeInTheDocument();
  });

  it('shows the deceased and the already registered in the picker, disabled, with the reason (issue 12)', async () => {
    const { chamadas } = fakeApi({
      [`GET /api/v1${BASE_PATH}/municipes`]: lista([
        candidato('0190a6d2-1c1e-7000-8000-0000000000c1', 'Mario Livre', null),
        candidato('0190a6d2-1c1e-7000-8000-0000000000c2', 'Mario Falecido', 'obito'),
        candidato('0190a6d2-1c1e-7000-8000-0000000000c3', 'Mario Cadastrado', 'cadastro_ativo'),
      ]),
    });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await user.type(await screen.findByRole('combobox', { name: /Munícipe/ }), 'Mario');
    const livre = await screen.findByRole('option', { name: /Mario Livre/ });
    expect(livre).not.toHaveAttribute('data-combobox-disabled');
    expect(screen.getByRole('option', { name: /Mario Falecido .* — óbito registrado$/ })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    expect(
      screen.getByRole('option', { name: /Mario Cadastrado .* — já possui cadastro individual ativo$/ }),
    ).toHaveAttribute('data-combobox-disabled', 'true');
    expect(chamadas.find((c) => c.path === `/api/v1${BASE_PATH}/municipes`)?.query.get('q')).toBe('Mario');
  });

  it('sends the questions nobody answered as null, never as "Não" (issue 12)', async () => {
    const { chamadas } = fakeApi({
      [`GET /api/v1/municipes/${MARIA}`]: { body: maria },
      [`GET /api/v1${BASE_PATH}/municipes`]: lista([]),
      [`POST /api/v1${BASE_PATH}`]: { status: 409, body: { code: 'conflito', message: 'x', errors: {} } },
    });
    const { user } = abrirNovo();
    expect(await screen.findByText(/Abrir no cadastro de munícipes/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('x');
    const body = chamadas.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      municipe_id: MARIA,
      alimentos_acabaram_sem_dinheiro: null,
      comeu_alguns_alimentos_sem_dinheiro: null,
      possui_deficiencia: null,
      informa_orientacao_sexual: null,
    });
  });
});
