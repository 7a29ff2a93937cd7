import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteErrorBoundary';

const RELOADED_AT = 'saude.chunkReloadAt';

/** A screen whose chunk cannot be fetched, as when the device is offline or a deploy replaced the files. */
function openMissingChunk() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorBoundary />,
        lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Tela.js')),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('a screen whose code cannot be fetched (issue 12)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('offline, says the screen was never opened on this device and does not reload', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    openMissingChunk();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Sem conexão — esta tela ainda não foi aberta neste aparelho',
      }),
    ).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RELOADED_AT)).toBeNull();
  });

  it('reloads once the connection comes back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    openMissingChunk();
    await screen.findByTestId('erro-offline');
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    // The re-render that sees the connection may land after act on a busy machine: wait for it.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('online (a deploy replaced the files), reloads the page once', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    openMissingChunk();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(screen.queryByTestId('erro-offline')).not.toBeInTheDocument();
  });
});
