import { modals } from '@mantine/modals';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createTestQueryClient, renderWithProviders } from '../test/render';
import { DepoisDoOcioso, esquecerOcioso, marcarOcioso } from './firstUse';
import { ModaisDepois } from './ModaisDepois';

afterEach(() => marcarOcioso());

it('what waits for the idle moment is drawn from it on', () => {
  esquecerOcioso();
  renderWithProviders(<DepoisDoOcioso>lembretes</DepoisDoOcioso>);
  expect(screen.queryByText('lembretes')).toBeNull();
  act(() => marcarOcioso());
  expect(screen.getByText('lembretes')).toBeVisible();
});

it('a confirmation asked for before the idle moment mounts the provider at once and is shown', async () => {
  esquecerOcioso();
  // Without the test providers' own ModalsProvider: ModaisDepois's is the only one.
  render(
    <MantineProvider env="test" theme={{ respectReducedMotion: true }}>
      <QueryClientProvider client={createTestQueryClient()}>
        <ModaisDepois />
      </QueryClientProvider>
    </MantineProvider>,
  );
  act(() => void modals.openConfirmModal({ title: 'Remover família?', labels: { confirm: 'Sim', cancel: 'Não' } }));
  expect(await screen.findByText('Remover família?')).toBeVisible();
  expect(screen.getAllByText('Remover família?')).toHaveLength(1);
  act(() => modals.closeAll());
});
