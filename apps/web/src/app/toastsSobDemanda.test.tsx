// Issue 41: the toast container is not part of the first load; the first toast brings it, and it shows that toast.
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as carregar from '../lib/feedback/carregarToasts';
import { ToastsSobDemanda } from './toastsSobDemanda';

describe('the toast container on demand', () => {
  afterEach(() => {
    notifications.clean();
    vi.restoreAllMocks();
  });

  it('renders nothing until a toast is shown, then shows it in its region', async () => {
    render(
      <MantineProvider env="test">
        <ToastsSobDemanda />
      </MantineProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Notificações do sistema' })).not.toBeInTheDocument();
    act(() => void notifications.show({ title: 'Sucesso', message: 'Família foi salva com sucesso' }));
    expect(await screen.findByText('Família foi salva com sucesso')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notificações do sistema' })).toContainElement(
      screen.getByText('Família foi salva com sucesso'),
    );
  });

  it('fetches the container again when the network is back, if the first fetch failed offline', async () => {
    const real = carregar.carregarToasts;
    const espiao = vi.spyOn(carregar, 'carregarToasts').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    espiao.mockImplementation(real);
    render(
      <MantineProvider env="test">
        <ToastsSobDemanda />
      </MantineProvider>,
    );
    act(() => void notifications.show({ message: 'Sem conexão: a visita foi guardada neste aparelho' }));
    await vi.waitFor(() => expect(espiao).toHaveBeenCalledTimes(1));
    await act(async () => {}); // the failure is handled (its listener set) before the network comes back
    expect(screen.queryByText('Sem conexão: a visita foi guardada neste aparelho')).not.toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(espiao).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Sem conexão: a visita foi guardada neste aparelho')).toBeInTheDocument();
  });
});
