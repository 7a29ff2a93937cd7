import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { marcarOcioso } from '../shell/firstUse';

// Tests wait on conditions, never on fixed delays; on a busy machine (three times slower) a condition may take a few
// seconds to come true, so findBy/waitFor wait up to 10 s (the default 1 s timed out under load).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

// jsdom lacks these; Mantine needs them. Tests prefer reduced motion: with the theme's respectReducedMotion
// (render.tsx) Mantine's transitions end at once instead of leaving timers that fire after a test file's teardown
// ("window is not defined" on a slow machine).
window.matchMedia ??= ((query: string) => ({
  matches: query.includes('prefers-reduced-motion: reduce'),
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};

// The shell draws some parts from the home's idle moment on (shell/firstUse.tsx, issue 41); unit tests render as after
// it. ModaisDepois.test.tsx goes back to before it.
marcarOcioso();

// Intervals the app starts for the life of a tab (the offline visits' sender, every 30 s) would outlive the test file
// in a shared worker and fire after its jsdom is gone ("navigator is not defined", CI of 30/11): each file's intervals
// end with it.
const intervalos = new Set<ReturnType<typeof setInterval>>();
const setIntervalOriginal = globalThis.setInterval;
globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
  const id = setIntervalOriginal(...args);
  intervalos.add(id);
  return id;
}) as typeof setInterval;
afterAll(() => {
  for (const id of intervalos) clearInterval(id);
  intervalos.clear();
  globalThis.setInterval = setIntervalOriginal;
});
