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
  nome_mae: null,
  data_nascimento: '1980-05-10',
  cpf_numero: null,
  codigo_cns: '700000000000005',
  nacionalidade_id: 1,
  micro_area: '01',
  fora_area: false,
};
const rotas = [{ path: `${BASE_PATH}/new`, element: <CadastroIndividualFormPage /> }];
const abrirNovo = () => renderRoutes(rotas, `${BASE_PATH}/new?municipe_id=${MARIA}`);

describe('CadastroIndividualFormPage', () => {
  it('asks the hour of the registration on the 24-hour clock, starting at now in São Paulo (issue 12)', async () => {
    fakeApi({ [`GET /api/v1/municipes/${MARIA}`]: { body: maria }, 'GET /api/v1/municipes': lista([]) });
    abrirNovo();
    const hora = await screen.findByRole('textbox', { name: 'Hora do cadastro' });
    expect(hora).toHaveAttribute('inputmode', 'numeric');
    expect(hora).not.toHaveAttribute('type', 'time');
    expect(hora).toHaveValue(zonedDateTimeParts()!.time);
  });

  it("shows the server's reason for a conflict, and offers nothing to reload (issue 12)", async () => {
    fakeApi({
      [`GET /api/v1/municipes/${MARIA}`]: { body: maria },
      'GET /api/v1/municipes': lista([]),
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
});
