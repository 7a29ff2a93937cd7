// Issue 42: the shipped nginx configuration (deploy/nginx/saude-municipal.conf) serves the API over HTTPS with HTTP/2,
// keeps the API's compression, redirects HTTP to HTTPS and hides /api/metrics, in front of a real API process on the
// embedded PostgreSQL. Needs Debian's nginx and openssl (.ci/run installs nginx-light); skipped where they are missing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificado, esperar, h2, http1, iniciarApi, iniciarNginx, portaLivre, temBinario } from './processos-kit.mjs';

const disponivel = temBinario('nginx') && temBinario('openssl');

describe.skipIf(!disponivel)('nginx in front of the API (deploy/nginx)', () => {
  let dir;
  let api;
  let nginx;
  let https;
  let plano;
  let porta;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-nginx-'));
    fs.chmodSync(dir, 0o755);
    [porta, https, plano] = await Promise.all([portaLivre(), portaLivre(), portaLivre()]);
    certificado(dir);
    api = iniciarApi({ DATA_DIR: `${dir}/dados`, PORT: String(porta), DEMO: 'false', DATABASE_URL: '' });
    // The shipped file, with this test's ports, certificate and one upstream process.
    nginx = iniciarNginx(dir, { https, plano, apis: [porta] });
    await esperar(async () => (await h2(https, '/api/ready')).status === 200);
  }, 300_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await api?.parar();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('serves the API over HTTPS with HTTP/2', async () => {
    const res = await h2(https, '/api/health');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toMatchObject({ status: 'ok' });
    // Once: the API's own header, not a second copy from nginx.
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
  });

  it("keeps the API's own compression", async () => {
    const res = await h2(https, '/api/docs/openapi.json', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('sends plain HTTP to HTTPS and hides the metrics, which the process still answers on loopback', async () => {
    const res = await http1(`http://127.0.0.1:${plano}/municipes`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('https://127.0.0.1/municipes');
    expect((await h2(https, '/api/metrics')).status).toBe(404);
    expect((await http1(`http://127.0.0.1:${porta}/api/metrics`)).status).toBe(200);
  });
});
