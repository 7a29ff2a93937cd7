import { msg } from '@saude/shared/messages';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { renderWithProviders } from '../../../test/render';
import { PainelChaveCard } from './PainelChaveCard';

// The parametrization page's panel-key card (issue 17): a new key only after confirming that the old TV stops, and the
// panel's address shown once.

const URL_PAINEL = 'http://localhost:3000/filas/painel/0190a6d2-1c1e-7000-8000-0000000000a1?chave=nova';

describe('PainelChaveCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks before generating, then shows the address once', async () => {
    const { chamadas } = fakeApi({ 'POST /api/v1/filas/painel/chave': { body: { chave: 'nova', url: URL_PAINEL } } });
    const { user } = renderWithProviders(<PainelChaveCard />);
    await user.click(screen.getByRole('button', { name: 'Gerar nova chave do painel' }));
    expect(await screen.findByText(msg.painelChaveConfirmar)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Não, manter a atual' }));
    expect(chamadas.filter((c) => c.path === '/api/v1/filas/painel/chave')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Gerar nova chave do painel' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, gerar nova chave' }));
    expect(await screen.findByRole('textbox', { name: 'Endereço do painel' })).toHaveValue(URL_PAINEL);
    expect(screen.getByText(msg.painelChaveGerada)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar endereço do painel' })).toBeInTheDocument();
    expect(chamadas.filter((c) => c.method === 'POST' && c.path === '/api/v1/filas/painel/chave')).toHaveLength(1);
  });

  it('says why when the key cannot be generated', async () => {
    fakeApi({
      'POST /api/v1/filas/painel/chave': { status: 403, body: { code: 'proibido', message: msg.naoAutorizado } },
    });
    const { user } = renderWithProviders(<PainelChaveCard />);
    await user.click(screen.getByRole('button', { name: 'Gerar nova chave do painel' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, gerar nova chave' }));
    expect(await screen.findByText(msg.naoAutorizado)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Endereço do painel' })).not.toBeInTheDocument();
  });
});
