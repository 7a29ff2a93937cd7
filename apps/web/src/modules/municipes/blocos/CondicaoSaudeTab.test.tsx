import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared/messages';
import { CondicaoSaudeTab } from './CondicaoSaudeTab';
import { VisualizarCondicaoSaude } from './VisualizarCondicaoSaude';
import { fakeApi } from '../../../test/fakeApi';
import { MUNICIPE_ID, municipeDe, blocoApi, pergunta, renderTab, responder, saudeDe, TODAS } from './testUtils';

const URL = `/api/v1/municipes/${MUNICIPE_ID}/condicao_saude`;
const INTERNACAO = 'Teve alguma internação nos últimos 12 meses?';

describe('CondicaoSaudeTab', () => {
  it('groups the questions in the e-SUS sections', async () => {
    fakeApi({ [`GET ${URL}`]: { body: saudeDe() } });
    renderTab(<CondicaoSaudeTab />);
    for (const titulo of [
      'Condições/situações de saúde gerais',
      'Outras condições de saúde',
      'Cidadão em situação de rua',
    ]) {
      expect(await screen.findByRole('heading', { name: titulo })).toBeInTheDocument();
    }
    // ≤ 5 options are radios; the hospitalisation question looks back 12 months (spec §5).
    expect(
      within(screen.getByRole('radiogroup', { name: 'Sobre seu peso, você se considera?' })).getAllByRole('radio'),
    ).toHaveLength(3);
    expect(pergunta(INTERNACAO)).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /^Outra condição de saúde \d$/ })).toHaveLength(3);
  });

  // A long form in jsdom: clicks are slow, not the code.
  it(
    'asks the cause of a hospitalisation in the last 12 months only after "Sim", and saves both',
    { timeout: 20_000 },
    async () => {
      const { chamadas } = blocoApi(URL, saudeDe, saudeDe({ lock_version: 5, hipertensao: true }), 6);
      const { user } = renderTab(<CondicaoSaudeTab />);
      await screen.findByRole('radiogroup', { name: INTERNACAO });
      expect(within(pergunta('Tem hipertensão arterial?')).getByRole('radio', { name: 'Sim' })).toBeChecked();
      expect(screen.queryByRole('textbox', { name: 'Por qual causa?' })).not.toBeInTheDocument();

      await responder(user, INTERNACAO, 'Sim');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText(`Por qual causa? ${msg.naoDeveFicarEmBranco}`)).toBeInTheDocument();

      await user.click(screen.getByRole('textbox', { name: 'Por qual causa?' }));
      await user.paste('Pneumonia');
      await user.click(screen.getByRole('textbox', { name: 'Outra condição de saúde 2' }));
      await user.paste('Enxaqueca');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Condição de saúde foi salva com sucesso')).toBeInTheDocument();
      expect(chamadas.find((c) => c.method === 'PUT')?.body).toMatchObject({
        hipertensao: true,
        internacao_12_meses: true,
        internacao_causa: 'Pneumonia',
        outras_condicoes: ['Enxaqueca'],
        lock_version: 5,
      });
    },
  );

  it('opens the street-situation questions on "Sim" and empties them all on "Não"', { timeout: 20_000 }, async () => {
    const { chamadas } = blocoApi(URL, saudeDe, saudeDe({ lock_version: 1 }), 2);
    const { user } = renderTab(<CondicaoSaudeTab />);
    await screen.findByRole('radiogroup', { name: 'Está em situação de rua?' });
    expect(screen.queryByRole('radiogroup', { name: 'Tempo em situação de rua' })).not.toBeInTheDocument();

    await responder(user, 'Está em situação de rua?', 'Sim');
    await user.click(screen.getByRole('radio', { name: '1 a 5 anos' }));
    await responder(user, 'Visita algum familiar com frequência?', 'Sim');
    await user.click(screen.getByRole('textbox', { name: 'Qual o grau de parentesco?' }));
    await user.paste('Irmã');
    await responder(user, 'Tem acesso a higiene pessoal?', 'Sim');
    await user.click(screen.getByRole('checkbox', { name: 'Banho' }));

    await responder(user, 'Está em situação de rua?', 'Não');
    expect(screen.queryByRole('radiogroup', { name: 'Tempo em situação de rua' })).not.toBeInTheDocument();
    await responder(user, 'Está em situação de rua?', 'Sim');
    expect(screen.getByRole('radio', { name: '1 a 5 anos' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Qual o grau de parentesco?' })).not.toBeInTheDocument();

    await responder(user, 'Está em situação de rua?', 'Não');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(chamadas.some((c) => c.method === 'PUT')).toBe(true));
    const body = chamadas.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      situacao_rua: false,
      visita_familiar: false,
      acesso_higiene: false,
      acesso_higiene_ids: [],
    });
    expect(body.tempo_situacao_rua_id).toBeUndefined();
    expect(body.grau_parentesco_familiar).toBeUndefined();
  });

  it('answers 403 without update or create, even when the URL is typed, and reads nothing', async () => {
    const { fetchMock } = fakeApi({});
    renderTab(<CondicaoSaudeTab />, { permissoes: { ...TODAS, condicoes_saude: ['show'] } });
    expect(await screen.findByText(msg.status403)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the saved answers read-only to a profile that may create but not update', async () => {
    fakeApi({ [`GET ${URL}`]: { body: saudeDe({ lock_version: 0, diabetes: true }) } });
    renderTab(<CondicaoSaudeTab />, { permissoes: { ...TODAS, condicoes_saude: ['create', 'show'] } });
    expect((await screen.findByText('Tem diabetes?')).nextElementSibling).toHaveTextContent('Sim');
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it('creates the block with POST for a profile that may create but not update', async () => {
    const { chamadas } = fakeApi({
      [`GET ${URL}`]: { body: saudeDe() },
      [`POST ${URL}`]: ({ body }) => ({ status: 201, body: saudeDe({ ...(body as object), lock_version: 0 }) }),
    });
    const { user } = renderTab(<CondicaoSaudeTab />, { permissoes: { ...TODAS, condicoes_saude: ['create'] } });
    await screen.findByRole('radiogroup', { name: 'Tem diabetes?' });
    await responder(user, 'Tem diabetes?', 'Sim');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(chamadas.find((c) => c.method === 'POST')?.body).toMatchObject({ diabetes: true, lock_version: null }),
    );
  });
});

describe('VisualizarCondicaoSaude', () => {
  it('shows the answers as text, the cause of the hospitalisation and the street block only when answered "Sim"', async () => {
    fakeApi({
      [`GET ${URL}`]: {
        body: saudeDe({
          lock_version: 2,
          hipertensao: true,
          internacao_12_meses: true,
          internacao_causa: 'Pneumonia',
          consideracao_peso_id: 23,
          doenca_respiratoria: true,
          doencas_respiratorias: [30, 31],
          outras_condicoes: ['Enxaqueca'],
        }),
      },
    });
    renderTab(<VisualizarCondicaoSaude />, { permissoes: { sociodemograficas: [], condicoes_saude: ['show'] } });
    const resposta = async (p: string) => (await screen.findByText(p)).nextElementSibling;
    expect(await resposta('Tem hipertensão arterial?')).toHaveTextContent('Sim');
    expect(await resposta('Tem diabetes?')).toHaveTextContent('Não');
    expect(await resposta(INTERNACAO)).toHaveTextContent('Sim');
    expect(await resposta('Por qual causa?')).toHaveTextContent('Pneumonia');
    expect(await resposta('Sobre seu peso, você se considera?')).toHaveTextContent('Acima do peso');
    expect(await resposta('Quais doenças respiratórias?')).toHaveTextContent('Asma, DPOC / Enfisema');
    expect(await resposta('Condições informadas')).toHaveTextContent('Enxaqueca');
    expect(await resposta('Está em situação de rua?')).toHaveTextContent('Não');
    expect(screen.queryByText('Tempo em situação de rua')).not.toBeInTheDocument();
    expect(screen.queryByText('Quais doenças cardíacas?')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('answers 403 without show', async () => {
    const { fetchMock } = fakeApi({});
    renderTab(<VisualizarCondicaoSaude />, { permissoes: { sociodemograficas: ['show'], condicoes_saude: [] } });
    expect(await screen.findByText(msg.status403)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('gestante (issue 12)', () => {
  it('is not asked of a male citizen, in the form and in the reading', async () => {
    fakeApi({ [`GET ${URL}`]: { body: saudeDe({ lock_version: 1 }) } });
    renderTab(<CondicaoSaudeTab />, { municipe: municipeDe({ sexo_id: 0 }) });
    await screen.findByRole('radiogroup', { name: 'Tem hipertensão arterial?' });
    expect(screen.queryByRole('radiogroup', { name: 'Está gestante?' })).not.toBeInTheDocument();
  });

  it('is asked of a female citizen', async () => {
    fakeApi({ [`GET ${URL}`]: { body: saudeDe({ lock_version: 1 }) } });
    renderTab(<CondicaoSaudeTab />, { municipe: municipeDe({ sexo_id: 1 }) });
    expect(await screen.findByRole('radiogroup', { name: 'Está gestante?' })).toBeInTheDocument();
  });

  it('reads no pregnancy line for a male citizen', async () => {
    fakeApi({ [`GET ${URL}`]: { body: saudeDe({ lock_version: 1 }) } });
    renderTab(<VisualizarCondicaoSaude />, { municipe: municipeDe({ sexo_id: 0 }) });
    expect(await screen.findByText('Tem hipertensão arterial?')).toBeInTheDocument();
    expect(screen.queryByText('Está gestante?')).not.toBeInTheDocument();
  });
});
