import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared/messages';
import { SociodemograficaTab } from './SociodemograficaTab';
import { VisualizarSociodemografica } from './VisualizarSociodemografica';
import { fakeApi } from '../../../test/fakeApi';
import {
  MUNICIPE_ID,
  municipeDe,
  nascidoHa,
  blocoApi,
  pergunta,
  renderTab,
  responder,
  socioDe,
  TODAS,
} from './testUtils';

const URL = `/api/v1/municipes/${MUNICIPE_ID}/sociodemografica`;
const CUIDADOR = 'Crianças de 0 a 9 anos, com quem fica?';

describe('SociodemograficaTab', () => {
  it('asks the caregiver question of a child of 9 and not of a child of 10 (spec §5)', async () => {
    fakeApi({ [`GET ${URL}`]: { body: socioDe() } });
    const crianca = renderTab(<SociodemograficaTab />, { municipe: municipeDe({ data_nascimento: nascidoHa(9) }) });
    expect(await screen.findByRole('group', { name: CUIDADOR })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Creche' })).toBeInTheDocument();
    crianca.unmount();

    renderTab(<SociodemograficaTab />, { municipe: municipeDe({ data_nascimento: nascidoHa(10) }) });
    await screen.findByRole('radiogroup', { name: 'Frequenta escola ou creche?' });
    expect(screen.queryByRole('group', { name: CUIDADOR })).not.toBeInTheDocument();
  });

  it('starts a never-saved block unanswered and creates it with lock_version null', async () => {
    const { chamadas } = blocoApi(URL, socioDe, socioDe(), 0);
    const { user } = renderTab(<SociodemograficaTab />, { municipe: municipeDe({ data_nascimento: nascidoHa(5) }) });
    await screen.findByRole('group', { name: CUIDADOR });
    expect(within(pergunta('Possui plano de saúde privado?')).getByRole('radio', { name: 'Não' })).not.toBeChecked();
    await responder(user, 'Possui plano de saúde privado?', 'Sim');
    await user.click(screen.getByRole('checkbox', { name: 'Adulto responsável' }));
    await user.click(screen.getByRole('checkbox', { name: 'Creche' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informação sociodemográfica foi salva com sucesso')).toBeInTheDocument();
    const put = chamadas.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      plano_saude_privado: true,
      responsaveis_criancas: [1, 134],
      lock_version: null,
      deficiencias: [],
    });
  });

  it('shows the details of a "Sim", requires them, and empties them on "Não"', async () => {
    const { chamadas } = blocoApi(URL, socioDe, socioDe({ lock_version: 2 }), 3);
    const { user } = renderTab(<SociodemograficaTab />);
    await screen.findByRole('radiogroup', { name: 'Tem alguma deficiência?' });
    expect(screen.queryByRole('group', { name: 'Quais deficiências?' })).not.toBeInTheDocument();

    await responder(user, 'Tem alguma deficiência?', 'Sim');
    expect(screen.getByRole('group', { name: 'Quais deficiências?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // Required once "Sim": the summary and the field say so, nothing is sent.
    expect(await screen.findByText(msg.naoFoiPossivelGravar('Informação sociodemográfica', 1))).toBeInTheDocument();
    expect(screen.getByText(`Quais deficiências? ${msg.naoDeveFicarEmBranco}`)).toBeInTheDocument();
    expect(chamadas.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'TEA' }));
    await responder(user, 'Tem alguma deficiência?', 'Não');
    expect(screen.queryByRole('group', { name: 'Quais deficiências?' })).not.toBeInTheDocument();
    await responder(user, 'Tem alguma deficiência?', 'Sim');
    expect(screen.getByRole('checkbox', { name: 'TEA' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Visual' }));
    await responder(user, 'Deseja informar orientação sexual?', 'Sim');
    await user.click(screen.getByRole('combobox', { name: 'Qual orientação sexual?' }));
    await user.click(await screen.findByRole('option', { name: 'Bissexual' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(chamadas.some((c) => c.method === 'PUT')).toBe(true));
    expect(chamadas.find((c) => c.method === 'PUT')?.body).toMatchObject({
      possui_deficiencia: true,
      deficiencias: [13],
      informa_orientacao_sexual: true,
      orientacao_sexual_id: 154,
      lock_version: 2,
    });
  });

  it("puts the API's 422 messages on the fields", async () => {
    fakeApi({
      [`GET ${URL}`]: { body: socioDe({ lock_version: 0 }) },
      [`PUT ${URL}`]: { status: 422, body: { message: 'inválido', errors: { ocupacao_id: [msg.naoEValido] } } },
    });
    const { user } = renderTab(<SociodemograficaTab />);
    await screen.findByRole('radiogroup', { name: 'É responsável familiar?' });
    await responder(user, 'É responsável familiar?', 'Sim');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`Ocupação ${msg.naoEValido}`)).toBeInTheDocument();
  });

  it("offers 'Recarregar' when someone saved first (409) and says which answers they changed", async () => {
    let atual = socioDe({ lock_version: 4 });
    fakeApi({
      [`GET ${URL}`]: () => ({ body: atual }),
      [`PUT ${URL}`]: () => {
        atual = socioDe({ lock_version: 5, plano_saude_privado: true });
        return { status: 409, body: { code: 'edicao_desatualizada', message: msg.edicaoDesatualizada, errors: {} } };
      },
    });
    const { user } = renderTab(<SociodemograficaTab />);
    await screen.findByRole('radiogroup', { name: 'É responsável familiar?' });
    await responder(user, 'É responsável familiar?', 'Sim');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(msg.edicaoDesatualizada)).toBeInTheDocument();
    expect(screen.getByText('Alterado: Possui plano de saúde privado?.')).toBeInTheDocument();
    expect(screen.queryByText(msg.algoDeuErrado)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeInTheDocument();
  });

  it('answers 403 without update or create, even when the URL is typed, and reads nothing', async () => {
    const { fetchMock } = fakeApi({});
    renderTab(<SociodemograficaTab />, { permissoes: { ...TODAS, sociodemograficas: ['show'] } });
    expect(await screen.findByText(msg.status403)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('VisualizarSociodemografica', () => {
  it('shows the answers as text with the code labels, and details only after "Sim"', async () => {
    fakeApi({
      [`GET ${URL}`]: {
        body: socioDe({
          lock_version: 1,
          frequenta_escola: true,
          curso_mais_elevado_id: 63,
          possui_deficiencia: true,
          deficiencias: [12, 232],
          situacao_mercado_trabalho_id: null,
        }),
      },
    });
    renderTab(<VisualizarSociodemografica />);
    const escola = await screen.findByText('Frequenta escola ou creche?');
    expect(escola.nextElementSibling).toHaveTextContent('Sim');
    expect(
      screen.getByText('Qual é o curso mais elevado que frequenta ou frequentou?').nextElementSibling,
    ).toHaveTextContent('Superior, aperfeiçoamento, especialização, mestrado, doutorado');
    expect(screen.getByText('Quais deficiências?').nextElementSibling).toHaveTextContent('Auditiva, TEA');
    expect(screen.getByText('Situação no mercado de trabalho').nextElementSibling).toHaveTextContent('Não informado');
    expect(screen.getByText('Possui plano de saúde privado?').nextElementSibling).toHaveTextContent('Não');
    expect(screen.queryByText('Qual orientação sexual?')).not.toBeInTheDocument();
    expect(screen.queryByText(CUIDADOR)).not.toBeInTheDocument();
    // Read-only: nothing to type or save.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it("reads 'Não informado' everywhere for a block never saved", async () => {
    fakeApi({ [`GET ${URL}`]: { body: socioDe() } });
    renderTab(<VisualizarSociodemografica />);
    expect(await screen.findByText('Este bloco ainda não foi preenchido para este munícipe.')).toBeInTheDocument();
    expect(screen.getByText('Possui plano de saúde privado?').nextElementSibling).toHaveTextContent('Não informado');
  });

  it('answers 403 without show', async () => {
    fakeApi({});
    renderTab(<VisualizarSociodemografica />, { permissoes: { ...TODAS, sociodemograficas: ['create', 'update'] } });
    expect(await screen.findByText(msg.status403)).toBeInTheDocument();
  });
});
