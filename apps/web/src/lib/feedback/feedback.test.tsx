import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@mantine/core';
import { msg } from '@saude/shared';
import { ApiError } from '../http';
import { renderWithProviders } from '../test-utils';
import { confirmDelete } from './confirmDelete';
import { notifyError, notifyRemoveFailed, notifyRemoved, notifySaved } from './notify';

describe('confirmDelete', () => {
  function Page({ onConfirm, onCancel }: { onConfirm: () => void; onCancel?: () => void }) {
    return <Button onClick={() => confirmDelete({ model: 'família', onConfirm, onCancel })}>Remover</Button>;
  }

  it("asks 'Remover família?' and removes on 'Sim, remover'", async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(<Page onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover família?' });
    expect(dialog).toHaveTextContent(msg.acaoIrreversivel);
    // Destructive button in red (ux.md).
    expect(screen.getByRole('button', { name: 'Sim, remover' }).getAttribute('style')).toContain('--mantine-color-red');
    await user.click(screen.getByRole('button', { name: 'Sim, remover' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the record on 'Não, manter'", async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderWithProviders(<Page onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    await user.click(await screen.findByRole('button', { name: 'Não, manter' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('toasts', () => {
  it("notifySaved shows 'Sucesso' and 'Família foi salva com sucesso'", async () => {
    renderWithProviders(<div />);
    notifySaved('Família');
    expect(await screen.findByText('Família foi salva com sucesso')).toBeInTheDocument();
    expect(screen.getByText('Sucesso')).toBeInTheDocument();
  });

  it('notifyRemoved and notifyRemoveFailed use the catalogue texts', async () => {
    renderWithProviders(<div />);
    notifyRemoved('Família');
    notifyRemoveFailed();
    expect(await screen.findByText('Família foi removido(a).')).toBeInTheDocument();
    expect(screen.getByText(msg.falhaAoRemover)).toBeInTheDocument();
    expect(screen.getByText(msg.falhaAoRemoverTexto)).toBeInTheDocument();
  });

  it("notifyError shows the API's own message", async () => {
    renderWithProviders(<div />);
    notifyError(new ApiError(403, msg.familiaMudou));
    expect(await screen.findByText(msg.familiaMudou)).toBeInTheDocument();
    expect(screen.getByText(msg.algoDeuErrado)).toBeInTheDocument();
  });

  it('notifyError shows the generic text for anything else', async () => {
    renderWithProviders(<div />);
    notifyError(new TypeError('x is undefined'));
    expect(await screen.findByText(msg.erroGenerico)).toBeInTheDocument();
    expect(screen.queryByText('x is undefined')).not.toBeInTheDocument();
  });

  it("notifyError on 409 explains the stale edit and offers 'Recarregar'", async () => {
    const onReload = vi.fn();
    const { user } = renderWithProviders(<div />);
    notifyError(new ApiError(409, 'conflict'), { onReload });
    expect(await screen.findByText(msg.edicaoDesatualizada)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Recarregar' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
