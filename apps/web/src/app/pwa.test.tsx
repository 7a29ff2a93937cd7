// Issue 25: a new release is offered, never forced: the waiting worker takes over only when the user asks.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';

type Ouvinte = () => void;
const wb = vi.hoisted(() => ({
  ouvintes: new Map<string, Ouvinte[]>(),
  messageSkipWaiting: vi.fn(),
  register: vi.fn(async () => undefined),
  emitir(evento: string) {
    for (const fn of this.ouvintes.get(evento) ?? []) fn();
  },
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(evento: string, fn: Ouvinte) {
      wb.ouvintes.set(evento, [...(wb.ouvintes.get(evento) ?? []), fn]);
    }
    messageSkipWaiting = wb.messageSkipWaiting;
    register = wb.register;
  },
}));

describe('service worker registration (issue 25)', () => {
  beforeEach(() => {
    wb.ouvintes.clear();
    wb.messageSkipWaiting.mockClear();
  });

  it('offers "Nova versão disponível" when a worker waits, and activates it only on "Atualizar"', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderWithProviders(<p>App</p>);
    const { registrarServiceWorker } = await import('./pwa');
    registrarServiceWorker();
    expect(wb.register).toHaveBeenCalled();
    expect(screen.queryByText('Nova versão disponível')).not.toBeInTheDocument();

    wb.emitir('waiting');
    expect(await screen.findByText('Nova versão disponível')).toBeInTheDocument();
    // Nothing happens by itself: the agent may be in the middle of a form.
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(wb.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    wb.emitir('controlling');
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});
