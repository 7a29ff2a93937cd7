// npm run bench:offline — issue 25: 200 visits queued on the device are sent over an emulated 3G link (Chrome DevTools
// network conditions: 750 kb/s, 300 ms latency). The production build in its own process with the demo data; Chromium
// (Debian's) signed in as `acs`, with the service worker. The 200 visits are written into the app's IndexedDB queue as
// the visit form writes them (a UUIDv7 each, state "aguardando"); then the visit list opens on the 3G link and the app
// sends them. Prints the total time (goal ≤ 60 s) and, from the server, how many arrived: 0 lost, 0 duplicated.
// Run `npm run build` first.
/* global indexedDB -- the page.evaluate callbacks run in the browser */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo';
import { newId } from '../packages/shared/src/ids';
import { log, printGoals, startServer } from './lib';

const N = Number(process.env.BENCH_VISITAS ?? 200);
const LISTA = '/atencao_primaria/visitas_domiciliares';
const API = `/api/v1${LISTA}`;
const VISITA_PERIODICA = 29;
const DESFECHO_REALIZADA = 1;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-bench-offline-'));
fs.chmodSync(dataDir, 0o755);
const server = await startServer({ DATA_DIR: dataDir, DEMO: 'true' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  // The agent's session, in UBS Centro, through the API.
  const call = async (method, url, token, body) => {
    const res = await fetch(server.url + url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res;
  };
  const { token } = await (
    await call('POST', '/api/v2/auth/login', null, { login: 'acs', senha: DEMO_PASSWORD })
  ).json();
  const lotacoes = await (await call('GET', '/api/v2/auth/lotacoes', token)).json();
  const lotacao = lotacoes.find((l) => l.unidade_nome === 'UBS Centro') ?? lotacoes[0];
  await call('PUT', '/api/v2/auth/unidade_atual', token, { unidade_saude_id: lotacao.unidade_saude_id });
  const familias = await (await call('GET', `${API}/familias?per_page=50`, token)).json();
  const familia = familias.find((f) => f.minha_micro_area && !f.mudou);
  const total = async () =>
    Number((await call('GET', `${API}?familia_id=${familia.id}&per_page=1`, token)).headers.get('x-total-count'));
  const antes = await total();

  const context = await browser.newContext({ viewport: { width: 800, height: 1280 } });
  await context.addInitScript((t) => localStorage.setItem('saude.token', t), token);
  const page = await context.newPage();
  // Online once: the service worker installs and the app creates its database.
  await page.goto(`${server.url}${LISTA}`);
  await page.getByRole('heading', { name: 'Neste aparelho' }).waitFor({ timeout: 60_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto(`${server.url}/`);

  // The queue as the visit form leaves it after a day offline.
  const agora = Date.now();
  const itens = Array.from({ length: N }, (_, i) => {
    const id = newId();
    return {
      chave: id,
      tipo: 'visita',
      visita_id: id,
      usuario_id: 'acs',
      familia_id: familia.id,
      descricao: `Família de ${familia.responsavel_nome}`,
      corpo: {
        id,
        familia_id: familia.id,
        data_visita: new Date(agora - (N - i) * 60_000).toISOString(),
        desfecho_id: DESFECHO_REALIZADA,
        motivo_visita_ids: [VISITA_PERIODICA],
        fora_area: false,
        visita_compartilhada: false,
      },
      estado: 'aguardando',
      motivo: null,
      tentativas: 0,
      criado_em: agora - (N - i) * 60_000,
      enviado_em: null,
    };
  });
  await page.evaluate(
    (rows) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('saude-visitas-offline');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const tx = req.result.transaction('fila', 'readwrite');
          for (const r of rows) tx.objectStore('fila').put(r);
          tx.oncomplete = () => (req.result.close(), resolve(undefined));
          tx.onerror = () => reject(tx.error);
        };
      }),
    itens,
  );
  const estados = () =>
    page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const req = indexedDB.open('saude-visitas-offline');
          req.onerror = () => reject(req.error);
          req.onsuccess = () => {
            const all = req.result.transaction('fila').objectStore('fila').getAll();
            all.onsuccess = () => {
              const c = {};
              for (const r of all.result) c[r.estado] = (c[r.estado] ?? 0) + 1;
              req.result.close();
              resolve(c);
            };
          };
        }),
    );

  // 3G from here on: the visit list opens (the app starts sending by itself) and the clock runs until all are sent.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPorSegundo = (750 * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: bytesPorSegundo,
    uploadThroughput: bytesPorSegundo,
  });
  const t0 = performance.now();
  await page.goto(`${server.url}${LISTA}`, { waitUntil: 'commit' });
  let c = {};
  for (;;) {
    c = await estados();
    if ((c.enviado ?? 0) + (c.recusado ?? 0) >= N) break;
    if (performance.now() - t0 > 300_000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const segundos = (performance.now() - t0) / 1000;
  await context.close();

  const chegaram = (await total()) - antes;
  let ausentes = 0;
  for (const item of itens) {
    const res = await fetch(`${server.url}${API}/${item.visita_id}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) ausentes++;
  }
  log(`\n${N} visitas na fila, enviadas em 3G emulado (750 kb/s, 300 ms):`);
  log(`  estados no aparelho: ${JSON.stringify(c)}`);
  log(`  tempo total: ${segundos.toFixed(1)} s`);
  log(`  no servidor: ${chegaram} novas (${ausentes} ausentes, ${Math.max(0, chegaram - N)} duplicadas)`);
  const ok = printGoals('Envio da fila offline (issue 25)', [
    { what: `${N} visitas enviadas em 3G`, goal: '≤ 60 s', measured: segundos, unit: 's', limit: 60 },
    { what: 'visitas marcadas "Enviado"', goal: `${N}`, measured: c.enviado ?? 0, unit: '', limit: N, atLeast: true },
    { what: 'perdidas (ausentes no servidor)', goal: '0', measured: ausentes, unit: '', limit: 0 },
    { what: 'duplicadas no servidor', goal: '0', measured: Math.max(0, chegaram - N), unit: '', limit: 0 },
  ]);
  if (!ok) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
