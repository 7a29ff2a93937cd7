// npm run bench:primeira-tela — what the first screens cost on the wire (issue 12, "Field work on a weak connection"):
// the production build in its own process, Chromium (Debian's, /usr/bin/chromium) with an empty cache opens /login,
// then signs in as `medico` and lands on the home page. Prints the bytes transferred (as sent, compressed or not) by
// kind for each, and the time until the page shows something on an emulated slow 3G link (50 kB/s,
// 400 ms) — the splash in index.html counts. Run `npm run build` first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo';
import { log, startServer } from './lib';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-bench-tela-'));
fs.chmodSync(dataDir, 0o755);
const server = await startServer({ DATA_DIR: dataDir, DEMO: 'true' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  type Entry = { type: string; transferred: number };
  async function visit(signIn: boolean, slow: boolean) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (slow)
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400,
        downloadThroughput: 50 * 1024,
        uploadThroughput: 50 * 1024,
      });
    const types = new Map<string, string>();
    const entries: Entry[] = [];
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) =>
      entries.push({ type: types.get(e.requestId) ?? '?', transferred: e.encodedDataLength }),
    );
    const t0 = Date.now();
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    // The first thing a person sees: the splash (index.html) or the app itself.
    await page.locator('body :is(#splash, form)').first().waitFor({ state: 'visible', timeout: 120_000 });
    const firstPaint = Date.now() - t0;
    await page.getByLabel('Login').waitFor({ timeout: 120_000 });
    const usable = Date.now() - t0;
    if (signIn) {
      entries.length = 0;
      await page.getByLabel('Login').fill('medico');
      await page.locator('input[type=password]').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await page.waitForLoadState('networkidle');
    } else await page.waitForLoadState('networkidle');
    await context.close();
    return { entries, firstPaint, usable };
  }
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(8);
  const show = (title: string, entries: Entry[]) => {
    const by = new Map<string, number>();
    for (const e of entries) by.set(e.type, (by.get(e.type) ?? 0) + e.transferred);
    log(
      `\n${title}: ${entries.length} respostas, ${kb(entries.reduce((a, e) => a + e.transferred, 0)).trim()} kB transferidos`,
    );
    for (const [t, n] of [...by.entries()].sort((a, b) => b[1] - a[1])) log(`  ${t.padEnd(12)} ${kb(n)} kB`);
  };
  const login = await visit(false, false);
  show('Entrar (/login), cache vazio', login.entries);
  const home = await visit(true, false);
  show('Depois de entrar (início), além do /login', home.entries);
  const slow = await visit(false, true);
  log(
    `\n3G lento (50 kB/s, 400 ms): algo na tela em ${(slow.firstPaint / 1000).toFixed(1)} s, ` +
      `formulário de entrada em ${(slow.usable / 1000).toFixed(1)} s`,
  );
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
