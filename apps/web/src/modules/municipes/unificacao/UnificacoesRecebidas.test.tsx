import { screen, waitFor } from '@testing-library/react';
import { allPermissions } from '@saude/shared';
import { type Unificacao, unificacaoMsg } from '@saude/shared/schemas/municipe_unificacao';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, lista } from '../../../test/fakeApi';
import { renderWithProviders } from '../../../test/render';
import { UnificacoesRecebidas } from './UnificacoesRecebidas';

const SOBREVIVENTE = '0190a6d2-1c1e-7000-8000-0000000000b1';
const ID = '0190a6d2-1c1e-7000-8000-0000000000b3';
const unificacao: Unificacao = {
  id: ID,
  sobrevivente_id: SOBREVIVENTE,
  sobrevivente_nome: 'Antônia Ribeiro Sales',
  absorvido_id: '0190a6d2-1c1e-7000-8000-0000000000b2',
  absorvido_nome: 'Antonia Ribeiro Salles',
  // 02:30 UTC is still the day before in São Paulo.
  unificado_em: '2026-11-30T02:30:00.000Z',
  desfeito_em: null,
  desfazer_ate: '2027-02-28T02:30:00.000Z',
  movidos: {},
};
const rota = `GET /api/v1/municipes/unificacoes`;

describe("UnificacoesRecebidas (issue 45: the survivor's record)", () => {
  it('asks for the merges this citizen received that can still be undone, and says when, in São Paulo dates', async () => {
    const { chamadas } = fakeApi({ [rota]: lista([unificacao]) });
    renderWithProviders(<UnificacoesRecebidas municipeId={SOBREVIVENTE} onDesfeita={() => undefined} />);
    expect(
      await screen.findByText(
        (_, el) =>
          el?.tagName === 'P' &&
          el.textContent ===
            'Este cadastro recebeu os dados de Antonia Ribeiro Salles em 29/11/2026. A unificação pode ser desfeita até 27/02/2027.',
      ),
    ).toBeInTheDocument();
    const pedido = chamadas.find((c) => c.path === '/api/v1/municipes/unificacoes')!;
    expect(pedido.query.get('sobrevivente_id')).toBe(SOBREVIVENTE);
    expect(pedido.query.get('desfazivel')).toBe('true');
  });

  it('a double click asks once; confirmed, one DELETE, the toast, then the record reloads', async () => {
    let desfeita = false;
    const { chamadas } = fakeApi({
      [rota]: () => lista(desfeita ? [] : [unificacao]),
      [`DELETE /api/v1/municipes/unificacoes/${ID}`]: () => {
        desfeita = true;
        return { status: 204 };
      },
    });
    const onDesfeita = vi.fn();
    const { user } = renderWithProviders(<UnificacoesRecebidas municipeId={SOBREVIVENTE} onDesfeita={onDesfeita} />);
    await user.dblClick(await screen.findByRole('button', { name: 'Desfazer unificação de Antonia Ribeiro Salles' }));
    expect(await screen.findAllByRole('dialog', { name: 'Desfazer unificação?' })).toHaveLength(1);
    await user.dblClick(screen.getByRole('button', { name: 'Sim, desfazer' }));
    expect(await screen.findByText(unificacaoMsg.unificacaoDesfeita)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Desfazer unificação/ })).not.toBeInTheDocument());
    expect(onDesfeita).toHaveBeenCalledTimes(1);
    expect(chamadas.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('shows nothing and asks nothing to whom may not undo a merge', async () => {
    const { chamadas } = fakeApi(
      { [rota]: lista([unificacao]) },
      { permissoes: allPermissions.filter((p) => p !== 'municipes/unificacoes:destroy') },
    );
    const { container, queryClient } = renderWithProviders(
      <UnificacoesRecebidas municipeId={SOBREVIVENTE} onDesfeita={() => undefined} />,
    );
    // Mounted, its query exists but never starts (with the permission it would be fetching by now).
    const consultas = queryClient.getQueryCache().findAll({ queryKey: ['municipes', 'unificacoes'] });
    expect(consultas).toHaveLength(1);
    expect(consultas[0]!.state.fetchStatus).toBe('idle');
    expect(container.querySelector('[role="status"]')).toBeNull();
    expect(chamadas.filter((c) => c.path === '/api/v1/municipes/unificacoes')).toHaveLength(0);
  });
});
