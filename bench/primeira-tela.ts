// npm run bench:primeira-tela — the first load as Chromium downloads it (issues 12 and 41): the production build in
// its own process, Chromium (Debian's, /usr/bin/chromium) with an empty cache opens /login, signs in as `medico` and
// lands on the home page. Counts every file the page fetched (as sent: compressed, headers included, from the
// browser's Resource Timing) until the home is idle — the moment the shell starts warming up the menus' code
// (performance mark 'saude:aquecimento', shell/firstUse.tsx), which it waits for. What the warm-up fetches after it
// is reported apart. Then the time until the page shows something on an emulated slow 3G
// link (50 kB/s, 400 ms) — the splash in index.html counts. `--check`: exits 1 when the scripts of sign-in + home pass
// the budget (npm test runs it after the build). Run `npm run build` first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo';
import { log, startServer } from './lib';

/** Issue 41: sign-in page, sign in, home until idle: every script, compressed, ≤ 170 kB. */
const ORCAMENTO_KB = 170;
const check = process.argv.includes('--check');

type Arquivo = { name: string; startTime: number; transferSize: number };
const kb = (n: number) => n / 1024;
const tipo = (f: Arquivo) => (/\.js(\?|$)/.test(f.name) ? 'script' : /\.css(\?|$)/.test(f.name) ? 'css' : 'outro');
const soma = (fs: Arquivo[], t?: string) =>
  kb(fs.filter((f) => !t || tipo(f) === t).reduce((a, f) => a + f.transferSize, 0));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-bench-tela-'));
fs.chmodSync(dataDir, 0o755);
const server = await startServer({ DATA_DIR: dataDir, DEMO: 'true' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
let falhou: boolean;
try {
  // The first load: /login with an empty cache, sign in, the home until idle.
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // The default buffer (250 entries) would drop files of a long first load.
  await page.addInitScript(() => performance.setResourceTimingBufferSize(2000));
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Login').waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  const entrar = await page.evaluate(() => performance.now());
  await page.getByLabel('Login').fill('medico');
  await page.locator('input[type=password]').fill(DEMO_PASSWORD);
  // Enter, not a click: the pointer left on the button would rest on a home tile and prefetch its screen (a hover).
  await page.locator('input[type=password]').press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  // The home is idle when the shell marks it (requestIdleCallback, at most 5 s after the shell is drawn); waiting
  // for the network's rest alone stopped at a pause on a busy machine, before the top bar's bell and globe came.
  await page.waitForFunction(() => performance.getEntriesByName('saude:aquecimento').length > 0, undefined, {
    timeout: 120_000,
  });
  await page.waitForLoadState('networkidle');
  const { arquivos, documento, ocioso } = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const mark = performance.getEntriesByName('saude:aquecimento')[0];
    return {
      arquivos: performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => !e.name.includes('/api/'))
        .map((e) => ({ name: new URL(e.name).pathname, startTime: e.startTime, transferSize: e.transferSize })),
      documento: nav.transferSize,
      ocioso: mark!.startTime,
    };
  });
  await context.close();

  const login = arquivos.filter((f) => f.startTime < entrar);
  const inicio = arquivos.filter((f) => f.startTime >= entrar && f.startTime < ocioso);
  const depois = arquivos.filter((f) => f.startTime >= ocioso);
  const linha = (titulo: string, fs: Arquivo[]) =>
    log(
      `${titulo.padEnd(44)} ${String(fs.filter((f) => tipo(f) === 'script').length).padStart(4)} scripts ` +
        `${soma(fs, 'script').toFixed(1).padStart(7)} kB   css ${soma(fs, 'css').toFixed(1).padStart(5)} kB   ` +
        `outros ${soma(fs, 'outro').toFixed(1).padStart(5)} kB`,
    );
  log(`\nPrimeiro carregamento no Chromium (cache vazio; comprimido, com cabeçalhos)\n`);
  log(`documento /login: ${kb(documento).toFixed(1)} kB`);
  linha('entrar (/login)', login);
  linha('depois de entrar, início até ficar ocioso', inicio);
  linha('aquecimento dos menus, depois de ocioso', depois);
  const total = soma(login, 'script') + soma(inicio, 'script');
  const ok = total <= ORCAMENTO_KB;
  log(
    `\nscripts de entrar + início: ${total.toFixed(1)} kB   meta ≤ ${ORCAMENTO_KB} kB   razão ${(total / ORCAMENTO_KB).toFixed(2)}` +
      `  ${ok ? 'OK' : 'ACIMA DA META'}`,
  );
  if (process.argv.includes('--arquivos'))
    for (const f of [...login, ...inicio]
      .filter((x) => tipo(x) === 'script')
      .sort((a, b) => b.transferSize - a.transferSize))
      log(`  ${kb(f.transferSize).toFixed(1).padStart(7)} kB  ${f.name}`);
  falhou = check && !ok;

  if (!check) {
    // Slow 3G: how soon the sign-in page shows something, and when its form can be used.
    const lento = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const p = await lento.newPage();
    const c = await lento.newCDPSession(p);
    await c.send('Network.enable');
    await c.send('Network.setCacheDisabled', { cacheDisabled: true });
    await c.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 50 * 1024,
      uploadThroughput: 50 * 1024,
    });
    const t0 = Date.now();
    await p.goto(`${server.url}/login`, { waitUntil: 'commit' });
    await p.locator('body :is(#splash, form)').first().waitFor({ state: 'visible', timeout: 120_000 });
    const algo = Date.now() - t0;
    await p.getByLabel('Login').waitFor({ timeout: 120_000 });
    const usavel = Date.now() - t0;
    await lento.close();
    log(
      `\n3G lento (50 kB/s, 400 ms): algo na tela em ${(algo / 1000).toFixed(1)} s, ` +
        `formulário de entrada em ${(usavel / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (falhou) {
  console.error(`\nPrimeiro carregamento acima de ${ORCAMENTO_KB} kB de scripts.`);
  process.exit(1);
}
