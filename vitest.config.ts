import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Web files that replace a module (vi.mock), or need a module's first load (marked `// isolated:`), run isolated: a
// stand-in never leaks into files sharing a worker. Found by reading the files, so no list is kept by hand.
const webMocking = readdirSync('apps/web/src', { recursive: true, encoding: 'utf8' })
  .filter(
    (f) => /\.test\.tsx?$/.test(f) && /vi\.mock\(|^\/\/ isolated:/m.test(readFileSync(`apps/web/src/${f}`, 'utf8')),
  )
  .map((f) => `apps/web/src/${f}`);
// API files that replace a module (vi.mock) run isolated too: the api project shares one module cache per worker.
const apiMocking = readdirSync('apps/api/src', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.ts$/.test(f) && /vi\.mock\(/.test(readFileSync(`apps/api/src/${f}`, 'utf8')))
  .map((f) => `apps/api/src/${f}`);
const webTest = {
  environment: 'jsdom' as const,
  // Forms typed as a user would take seconds each; a machine three times slower must still pass.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  setupFiles: ['apps/web/src/test/setup.ts'],
  css: false,
};

// Three kinds of project, one runner: pure rules, the API on PGlite (or PostgreSQL), and web components in jsdom.
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; the runner itself idles, so two workers use both cores (CI ≤ 30 min).
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      // The repository's own checks (lint rules, the module cycle check).
      // Some start real servers (PostgreSQL, nginx, API processes): a test may wait seconds on a loaded machine.
      {
        test: { name: 'tooling', include: ['scripts/**/*.test.mjs'], environment: 'node', testTimeout: 180_000 },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: apiMocking,
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
        // The API files that replace a module (vi.mock) keep their own module cache; they open no test database.
        test: {
          name: 'api-isolated',
          include: apiMocking,
          environment: 'node',
          testTimeout: 30_000,
          setupFiles: ['apps/api/src/test/setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: webMocking,
          ...webTest,
          // Files share a worker's module cache (Mantine, React Query, the form kit load once per worker, not once per
          // file): 291 s → 118 s on 2 cores. Each test renders its own tree with its own client (test/render.tsx).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        // The files that replace a module (vi.mock) keep their own module cache, so no other file sees the stand-in.
        test: { name: 'web-isolated', include: webMocking, ...webTest },
      },
    ],
  },
});
