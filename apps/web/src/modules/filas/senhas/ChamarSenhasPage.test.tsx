import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '@saude/shared';
import type { SenhaContexto, SenhaListItem } from '@saude/shared/schemas/senha';
import { SENHA_SIMPLES_SOURCE } from '@saude/shared/schemas/senha_simples';
import { fakeApi, lista } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { ChamarSenhasPage } from './ChamarSenhasPage';

const FILA = '0190a6d2-1c1e-7000-8000-0000000000f1';
const CLASSIFICACAO = '0190a6d2-1c1e-7000-8000-0000000000f2';
const GUICHE = '0190a6d2-1c1e-7000-8000-0000000000d1';

const contexto: SenhaContexto = {
  categorias: [],
  filas: [
    { id: FILA, nome: 'Recepção', locais: [{ id: GUICHE, nome: 'Guichê 1' }] },
    { id: CLASSIFICACAO, nome: 'Classificação de risco', locais: [] },
  ],
  tempo_chamadas: 30,
};

const senha = (over: Partial<SenhaListItem> = {}): SenhaListItem => ({
  id: '0190a6d2-1c1e-7000-8000-0000000000e1',
  codigo: 'P012',
  numero: 12,
  data: '2026-11-24',
  categoria: {
    id: '0190a6d2-1c1e-7000-8000-0000000000c1',
    nome: 'Preferencial 60+',
    sigla: 'P',
    cor: '#E65100',
    prioridade: 2,
  },
  fila: { id: FILA, nome: 'Recepção' },
  situacao: 'aguardando',
  emitida_em: new Date().toISOString(),
  na_fila_desde: new Date().toISOString(),
  encaminhada_de: null,
  local: null,
  chamada_por: null,
  chamada_em: null,
  chamadas: 0,
  atendimento_iniciado_em: null,
  concluida_em: null,
  atendimento_id: null,
  lock_version: 0,
  ...over,
});

const TOKEN = 'token-do-senha-simples-0123456789';

/** Opens the desk and connects it to SenhaSimples: the popup (stubbed) posts its token back from this origin. */
const abrir = async () => {
  // The desk chose its queue and location before (remembered on this device).
  localStorage.setItem('saude.filas.chamadas', JSON.stringify({ fila_id: FILA, local_id: GUICHE }));
  const r = renderRoutes([{ path: '/filas/chamadas', element: <ChamarSenhasPage /> }], '/filas/chamadas');
  expect(screen.queryByRole('button', { name: 'Chamar próxima' })).not.toBeInTheDocument();
  await r.user.click(await screen.findByRole('button', { name: 'Conectar ao SenhaSimples' }));
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: SENHA_SIMPLES_SOURCE, token: TOKEN },
        origin: window.location.origin,
      }),
    );
  });
  return r;
};

beforeEach(() => {
  vi.stubGlobal(
    'open',
    vi.fn(() => ({ closed: false, focus: () => {} }) as unknown as Window),
  );
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('ChamarSenhasPage', () => {
  it('calls the next ticket and counts down before "Chamar novamente"', async () => {
    const chamada = senha({
      situacao: 'chamada',
      local: { id: GUICHE, nome: 'Guichê 1' },
      chamada_em: new Date().toISOString(),
      chamadas: 1,
      lock_version: 1,
    });
    const { chamadas } = fakeApi({
      'GET /api/v1/filas/senhas/contexto': { body: contexto },
      'GET /api/v1/filas/senhas': lista([]),
      'POST /api/v1/filas/senhas/chamar_proxima': { body: chamada },
    });
    const { user } = await abrir();
    // Enabled once the queue, the location and the permissions have loaded (a click before that does nothing).
    const botao = await screen.findByRole('button', { name: 'Chamar próxima' });
    await waitFor(() => expect(botao).toBeEnabled());
    await user.click(botao);
    expect(await screen.findByTestId('senha-atual')).toHaveTextContent('P012');
    const chamarProxima = chamadas.find((c) => c.path.endsWith('/chamar_proxima'));
    expect(chamarProxima?.body).toEqual({ fila_id: FILA, local_id: GUICHE });
    // Ticket calls carry the SenhaSimples token, not the staff session's.
    expect(chamarProxima?.authorization).toBe(`Bearer ${TOKEN}`);
    const de_novo = screen.getByRole('button', { name: /^Chamar novamente \(\d+ s\)$/ });
    expect(de_novo).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Iniciar atendimento' })).toBeEnabled();
  });

  it("shows the API's refusal in its own words", async () => {
    fakeApi({
      'GET /api/v1/filas/senhas/contexto': { body: contexto },
      'GET /api/v1/filas/senhas': ({ query }) => lista(query.get('situacao') === 'aguardando' ? [senha()] : []),
      'POST /api/v1/filas/senhas/0190a6d2-1c1e-7000-8000-0000000000e1/chamar': {
        status: 409,
        body: { code: 'conflito', message: msg.senhaEmAtendimento, errors: {} },
      },
      'POST /api/v1/filas/senhas/chamar_proxima': {
        status: 409,
        body: { code: 'conflito', message: msg.filaSemSenhasAguardando, errors: {} },
      },
    });
    const { user } = await abrir();
    await user.click(await screen.findByRole('button', { name: 'Chamar P012' }));
    expect(await screen.findByText(msg.senhaEmAtendimento)).toBeInTheDocument();
    await user.keyboard('{F2}');
    expect(await screen.findByText(msg.filaSemSenhasAguardando)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Nenhuma senha em atendimento neste local.')).toBeInTheDocument());
  });
});
