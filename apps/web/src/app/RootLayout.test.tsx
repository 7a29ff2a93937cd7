import { MantineProvider } from '@mantine/core';
import { NavigationProgress, nprogress, nprogressStore } from '@mantine/nprogress';
import { render } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_STEP_MS } from './RootLayout';

// Spec §9: the progress bar's duration is 5 s (from start to full, when the page takes that long).
describe('navigation progress bar', () => {
  afterEach(() => {
    nprogress.reset();
    vi.useRealTimers();
  });

  it('fills in 5 s', () => {
    vi.useFakeTimers();
    render(
      <MantineProvider>
        <NavigationProgress stepInterval={PROGRESS_STEP_MS} />
      </MantineProvider>,
    );
    act(() => nprogress.start());
    act(() => {
      vi.advanceTimersByTime(4_800);
    });
    expect(nprogressStore.getState().progress).toBeLessThan(100);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(nprogressStore.getState().progress).toBe(100);
  });
});
