import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OuvidoriaNotificacao } from '@saude/shared/schemas/ouvidoria';
import { fakeApi, lista, usuarioTeste } from '../test/fakeApi';
import { renderWithProviders } from '../test/render';
import { dataHoraSino, INTERVALO_SINO_MS, POR_PAGINA_SINO, SINO_API } from '../modules/ouvidoria';
import { Sino } from './Sino';

const item = (n: number): OuvidoriaNotificacao => ({
  id: `0190a6d2-1c1e-7000-8000-00000000020${n}`,
  solicitacao_id: `0190a6d2-1c1e-7000-8000-00000000030${n}`,
  protocolo: `202600000${n}`,
  created_at: '2026-11-25T13:04:05.000Z',
  prioridade: { nome: 'Urgente', cor: '#C92A2A' },
  tipo_solicitacao: { nome: 'Reclamação', icone: 'IconAlertTriangle' },
  lido: false,
});

const GET = `GET ${SINO_API}`;

describe('the ombudsman bell (spec §1, §4, §9)', () => {
  it('polls every 30 s for 5 items', () => {
    expect(INTERVALO_SINO_MS).toBe(30_000);
    expect(POR_PAGINA_SINO).toBe(5);
  });

  it('formats the time as dd/MM/yyyy-HH:mm:ss in São Paulo', () => {
    expect(dataHoraSino('2026-11-25T13:04:05.000Z')).toBe('25/11/2026-10:04:05');
  });

  it.each([
    [3, '3', 'Ouvidoria: 3 não lidas'],
    [98, '98', 'Ouvidoria: 98 não lidas'],
    [99, null, 'Ouvidoria: 99 não lidas'],
    // At the poll's cap (issue 41) the name says 'mais de 99'.
    [100, '99+', 'Ouvidoria: mais de 99 não lidas'],
  ])('with %i unread shows the badge %s and says the count in its name', async (total, badge, nome) => {
    fakeApi({ [GET]: () => lista([item(1)], total) });
    renderWithProviders(<Sino usuario={usuarioTeste} />);
    const botao = await screen.findByRole('button', { name: nome });
    expect(botao).toHaveAccessibleName(nome);
    if (badge) expect(screen.getByTestId('sino-badge')).toHaveTextContent(badge);
    else expect(screen.queryByTestId('sino-badge')).toBeNull();
  });

  it('is not there without ouvidoria:index, and asks nothing', () => {
    const api = fakeApi({ [GET]: () => lista([]) });
    const sem = { ...usuarioTeste, permissoes: usuarioTeste.permissoes.filter((p) => !p.startsWith('ouvidoria')) };
    renderWithProviders(<Sino usuario={sem} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(api.chamadas.filter((c) => c.path.startsWith(SINO_API))).toHaveLength(0);
  });

  it('opens the list of unread; "Marcar todas como lidas" posts /leituras and polls again', async () => {
    let total = 2;
    const api = fakeApi({
      [GET]: () => (total ? lista([item(1), item(2)], total) : lista([], 0)),
      [`POST ${SINO_API}/leituras`]: () => {
        total = 0;
        return { body: { lidas: 2 } };
      },
    });
    renderWithProviders(<Sino usuario={usuarioTeste} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ouvidoria: 2 não lidas' }));
    expect(
      await screen.findByRole('button', { name: /^Reclamação, prioridade Urgente Protocolo 2026000001 · / }),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Ouvidoria: nenhuma não lida' })).toBeInTheDocument(),
    );
    expect(api.chamadas.some((c) => c.method === 'POST' && c.path.endsWith('/leituras'))).toBe(true);
  });
});
