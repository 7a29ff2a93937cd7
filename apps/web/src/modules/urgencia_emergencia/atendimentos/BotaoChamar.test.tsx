import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import { fakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { BotaoChamar } from './BotaoChamar';

const ID = '0190a6d2-1c1e-7000-8000-0000000000c1';
const chamadoAgora = {
  id: ID,
  situacao: 'chamado' as const,
  chamado_em: new Date().toISOString(),
  paciente_nome: 'Ana',
  sexo_id: 1 as number | null,
};
const abrir = (atendimento = chamadoAgora) =>
  renderRoutes([{ path: '/', element: <BotaoChamar tipo="atendimentos" atendimento={atendimento} /> }], '/');

describe('BotaoChamar', () => {
  it("counts the unit's tempo_chamadas down before calling the patient again", async () => {
    fakeApi({ 'GET /api/ferramentas/parametrizacao/tempo_chamadas': { body: { tempo_unidade_atual: 30 } } });
    abrir();
    expect(await screen.findByRole('button', { name: /^Chamar novamente \(\d+ s\)$/ })).toBeDisabled();
  });

  it("without the unit's time (endpoint missing), calls and shows the API's refusal with the seconds left", async () => {
    fakeApi({
      'GET /api/ferramentas/parametrizacao/tempo_chamadas': {
        status: 404,
        body: { code: 'nao_encontrado', message: 'x' },
      },
      [`POST /api/v1/urgencia_emergencia/atendimentos/${ID}/chamar`]: {
        status: 409,
        body: { code: 'conflito', message: msg.chamadaRepetidaCedo(27), errors: {}, segundos_restantes: 27 },
      },
    });
    const { user } = abrir();
    const botao = screen.getByRole('button', { name: 'Chamar novamente' });
    await user.click(botao);
    expect(await screen.findByText('Aguarde 27 segundos para chamar novamente.')).toBeInTheDocument();
  });

  it.each([
    [1, 'Ana foi chamada.'],
    [0, 'Ana foi chamado.'],
    [null, 'Ana foi chamado(a).'],
  ])('says the call in the patient gender (sexo %s, issue 39)', async (sexo_id, texto) => {
    fakeApi({
      'GET /api/ferramentas/parametrizacao/tempo_chamadas': { body: { tempo_unidade_atual: 30 } },
      [`POST /api/v1/urgencia_emergencia/atendimentos/${ID}/chamar`]: { body: {} },
    });
    const { user } = abrir({ ...chamadoAgora, situacao: 'aguardando' as never, chamado_em: null as never, sexo_id });
    await user.click(await screen.findByRole('button', { name: 'Chamar' }));
    expect(await screen.findByText(texto)).toBeInTheDocument();
  });
});
