import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// A fresh embedded database per run; set once here so test workers (which reload this file) reuse it.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'saude-e2e-'));
  // As root, the embedded PostgreSQL runs as the user postgres, which must reach the folder.
  chmodSync(process.env.E2E_DATA_DIR, 0o755);
}
// The server's whole log of the run, which the global teardown searches for personal data (issue 14).
if (!process.env.E2E_LOG) process.env.E2E_LOG = join(mkdtempSync(join(tmpdir(), 'saude-e2e-log-')), 'servidor.log');
// E2E_PORT lets two suites run side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
// The identity provider e2e/sso.spec.ts starts (issue 23): the server is configured for it from the start, and asks
// it only when someone presses "Entrar com …" (discovery is lazy).
process.env.E2E_SSO_PORT ??= String(PORT + 7);
const SSO = {
  SSO_ISSUER_URL: `http://localhost:${process.env.E2E_SSO_PORT}`,
  SSO_CLIENT_ID: 'saude-municipal',
  SSO_CLIENT_SECRET: 'segredo-de-teste-do-cliente-saude-municipal',
  SSO_REDIRECT_URI: `${baseURL}/saude2_oauth`,
  SSO_PROVIDER_NAME: 'Acesso Município',
};
// The national registry's stand-in e2e/municipes_cadsus.spec.ts starts (issue 24), asked only by "Buscar no CADSUS".
process.env.E2E_CADSUS_PORT ??= String(PORT + 8);
const CADSUS = {
  CADSUS_URL: `http://127.0.0.1:${process.env.E2E_CADSUS_PORT}/cadsus/v5r0/CadsusService`,
  CADSUS_USUARIO: 'CADSUS.E2E',
  CADSUS_SENHA: 'senha-do-e2e',
};
// The municipality's tile server's stand-in (issue 44), started beside the app for the whole run: every map draws tiles.
process.env.E2E_TILES_PORT ??= String(PORT + 9);
const TILES = { MAP_TILES_URL: `http://127.0.0.1:${process.env.E2E_TILES_PORT}/{z}/{x}/{y}.png` };

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1400, height: 900 } };
/**
 * Specs that change what every signed-in user sees while they run: notices that pop up, the bell and the globe's
 * counts, a published terms version (the sign-in gate), a campaign theme (the top bar's colours), the system and unit
 * parameters, the queues of a unit. They run one at a time after the others, which never see them half done.
 */
const ESTADO_GLOBAL = [
  /comunicacao_avisos/,
  /notificacoes_globais/,
  /ouvidoria/,
  /termos_uso/,
  /ferramentas_/,
  /filas-/,
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two cores: the specs that only touch their own records run two at a time (the browser waits on the server
  // often); those that change what every user sees run alone afterwards (project 'estado-global' below).
  workers: 2,
  reporter: 'list',
  globalTeardown: './e2e/log-sem-dados-pessoais.ts',
  // Long flows with several axe scans: room for a machine three times slower than ours (CI takes whatever is free).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    headless: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Recording a trace for every test costs CPU on a 2-core CI; the retry of a failure records one.
    trace: 'on-first-retry',
    // The production build registers a service worker (issue 25); only the offline spec allows it, so the others keep
    // seeing their own requests (page.route) and never a worker's precache download competing with them.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: ESTADO_GLOBAL, use: DESKTOP },
    { name: 'estado-global', testMatch: ESTADO_GLOBAL, dependencies: ['chromium'], workers: 1, use: DESKTOP },
  ],
  webServer: [
    {
      // What production runs: the compiled API serving apps/web/dist (the npm `e2e` script builds both first).
      command: `exec node apps/api/dist/main.js >> '${process.env.E2E_LOG}' 2>&1`,
      url: `${baseURL}/api/health`,
      env: { PORT: String(PORT), DATA_DIR: process.env.E2E_DATA_DIR, DEMO: 'true', ...SSO, ...CADSUS, ...TILES },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    {
      command: `exec node e2e/tiles-standin.mjs ${process.env.E2E_TILES_PORT}`,
      url: `http://127.0.0.1:${process.env.E2E_TILES_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
