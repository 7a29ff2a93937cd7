import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allPermissions } from '@saude/shared';
import { msg } from '@saude/shared/messages';
import { BiometriaTab } from './BiometriaTab';
import { fakeApi } from '../../../test/fakeApi';
import { MUNICIPE_ID, municipeDe, renderTab } from './testUtils';

// The biometrics tab (issue 39): capture through the reader's agent, store for the chosen finger, list, replace, remove.
const URL = `/api/v1/municipes/${MUNICIPE_ID}/biometrias`;
const AGENTE = 'http://127.0.0.1:9090';
const parametrizacao = (habilita: boolean, agente: string | null = null) => ({
  'GET /api/ferramentas/parametrizacao': {
    body: {
      cliente_nome: 'SMS',
      brasao: '/brasao.svg',
      habilita_biometria: habilita,
      widgets: { chat_url: null, libras_url: null, biometria_agente_url: agente },
    },
  },
});
const leitor = {
  'GET /status': { body: { pronto: true } },
  'POST /captura': { body: { template_base64: 'QUJD', qualidade: 87 } },
};
const indicador = { dedo: 2, qualidade: 70, capturada_em: '2026-11-02T13:05:00Z', capturada_por_nome: 'Ana Souza' };

describe('BiometriaTab', () => {
  it('captures through the configured agent, stores the template for the chosen finger and lists it', async () => {
    const { chamadas } = fakeApi({
      ...parametrizacao(true, AGENTE),
      ...leitor,
      [`GET ${URL}`]: { body: { itens: [] } },
      [`PUT ${URL}`]: ({ body }) => ({
        body: { itens: [{ ...indicador, dedo: (body as { dedo: number }).dedo, qualidade: 87 }] },
      }),
    });
    const { user } = renderTab(<BiometriaTab />);
    expect(await screen.findByText('Nenhuma digital cadastrada.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Dedo' }));
    await user.click(await screen.findByRole('option', { name: 'Polegar esquerdo' }));
    await user.click(screen.getByRole('button', { name: 'Capturar digital' }));
    expect(await screen.findByText(/Polegar esquerdo — qualidade da leitura: 87%/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gravar digital' }));
    const tabela = await screen.findByRole('table', { name: 'Digitais cadastradas' });
    expect(within(tabela).getByRole('cell', { name: 'Polegar esquerdo' })).toBeInTheDocument();
    expect(within(tabela).getByRole('cell', { name: '87%' })).toBeInTheDocument();
    expect(chamadas.find((c) => c.method === 'PUT')?.body).toEqual({ dedo: 6, template_base64: 'QUJD', qualidade: 87 });
    expect(chamadas.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['GET /status', 'POST /captura']),
    );
  });

  it('asks before replacing a registered finger and sends nothing when the user keeps it', async () => {
    const { chamadas } = fakeApi({
      ...parametrizacao(true, AGENTE),
      ...leitor,
      [`GET ${URL}`]: { body: { itens: [indicador] } },
    });
    const { user } = renderTab(<BiometriaTab />);
    await user.click(await screen.findByRole('button', { name: 'Capturar digital' }));
    await user.click(await screen.findByRole('button', { name: 'Gravar digital' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Substituir a digital do indicador direito?' });
    await user.click(within(dialogo).getByRole('button', { name: msg.naoManter }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chamadas.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("removes a finger after the spec's confirmation", async () => {
    const { chamadas } = fakeApi({
      ...parametrizacao(true, AGENTE),
      [`GET ${URL}`]: { body: { itens: [indicador] } },
      [`DELETE ${URL}/2`]: { body: { itens: [] } },
    });
    const { user } = renderTab(<BiometriaTab />);
    await user.click(await screen.findByRole('button', { name: 'Remover a digital do indicador direito' }));
    const dialogo = await screen.findByRole('dialog', { name: msg.removerModel('a digital do indicador direito') });
    await user.click(within(dialogo).getByRole('button', { name: msg.simRemover }));
    expect(await screen.findByText('Nenhuma digital cadastrada.')).toBeInTheDocument();
    expect(chamadas.some((c) => c.method === 'DELETE' && c.path === `${URL}/2`)).toBe(true);
  });

  it("shows the server's 422 reason beside the capture", async () => {
    fakeApi({
      ...parametrizacao(true, AGENTE),
      ...leitor,
      [`GET ${URL}`]: { body: { itens: [] } },
      [`PUT ${URL}`]: {
        status: 422,
        body: { message: 'Não foi possível gravar', errors: { template_base64: [msg.digitalFormato] } },
      },
    });
    const { user } = renderTab(<BiometriaTab />);
    await user.click(await screen.findByRole('button', { name: 'Capturar digital' }));
    await user.click(await screen.findByRole('button', { name: 'Gravar digital' }));
    expect(await screen.findByText(msg.digitalFormato)).toBeInTheDocument();
  });

  it('offers no capture for a deceased citizen', async () => {
    fakeApi({ ...parametrizacao(true, AGENTE), [`GET ${URL}`]: { body: { itens: [indicador] } } });
    renderTab(<BiometriaTab />, { municipe: municipeDe({ data_obito: '2026-10-01' }) });
    expect(await screen.findByText(/Munícipe falecido/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Capturar digital' })).not.toBeInTheDocument();
  });

  it('offers neither capture nor removal to a profile that may only read', async () => {
    const leitura = allPermissions.filter(
      (p) => p !== 'municipes/biometrias:update' && p !== 'municipes/biometrias:destroy',
    );
    fakeApi(
      { ...parametrizacao(true, AGENTE), [`GET ${URL}`]: { body: { itens: [indicador] } } },
      { permissoes: leitura },
    );
    renderTab(<BiometriaTab />);
    expect(await screen.findAllByRole('cell', { name: 'Indicador direito' })).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Capturar digital' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remover a digital/ })).not.toBeInTheDocument();
  });

  it("says 'Falha na comunicação' when no reader answers", async () => {
    fakeApi({ ...parametrizacao(true), [`GET ${URL}`]: { body: { itens: [] } } });
    const { user } = renderTab(<BiometriaTab />);
    await user.click(await screen.findByRole('button', { name: 'Capturar digital' }));
    expect(await screen.findByText(msg.falhaComunicacao)).toBeInTheDocument();
    expect(screen.getByText(/Nenhum leitor biométrico foi detectado/)).toBeInTheDocument();
  });

  it('does not exist when habilita_biometria is off', async () => {
    fakeApi(parametrizacao(false));
    renderTab(<BiometriaTab />);
    expect(await screen.findByText(msg.status404)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Capturar digital' })).not.toBeInTheDocument();
  });
});
