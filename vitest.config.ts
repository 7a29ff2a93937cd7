import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects, one runner: pure rules, the API on PGlite (or PostgreSQL), and web components in jsdom.
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; the runner itself idles, so two workers use both cores (CI ≤ 30 min).
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own database in beforeAll (a copy of the run's migrated base): seconds on a loaded 2-core
          // machine; a machine three times slower must still pass.
          testTimeout: 30_000,
          hookTimeout: 180_000,
          setupFiles: ['apps/api/src/test/setup.ts'],
          // One migrated base database per run, copied by each file (test/global-setup.ts).
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // Files share a worker's module cache: the app's modules load once per worker, not once per file (seconds
          // each). Each file still builds its own app and database (useTestApp), and no API test mocks a module.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Forms typed as a user would take seconds each; a machine three times slower must still pass.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          setupFiles: ['apps/web/src/test/setup.ts'],
          css: false,
        },
      },
    ],
  },
});
