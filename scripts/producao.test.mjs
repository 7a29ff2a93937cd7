// Issue 42: the shipped nginx configuration (deploy/nginx/saude-municipal.conf) serves the API over HTTPS with HTTP/2,
// keeps the API's compression, redirects HTTP to HTTPS and hides /api/metrics, in front of a real API process on the
// embedded PostgreSQL. Needs Debian's nginx and openssl (.ci/run installs nginx-light); skipped where they are missing.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const temBinario = (b) => {
  try {
    execFileSync('sh', ['-c', `command -v ${b}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const disponivel = temBinario('nginx') && temBinario('openssl');

const portaLivre = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function esperar(fn, ms = 240_000) {
  const ate = Date.now() + ms;
  for (;;) {
    try {
      if (await fn()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > ate) throw new Error('não subiu a tempo');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** One HTTP/2 request over TLS to nginx (the throwaway certificate is not checked). */
function h2(porta, caminho, headers = {}) {
  return new Promise((resolve, reject) => {
    const c = http2.connect(`https://localhost:${porta}`, { rejectUnauthorized: false });
    c.on('error', reject);
    const req = c.request({ ':path': caminho, ...headers });
    const partes = [];
    let cabecalhos = {};
    req.on('response', (h) => (cabecalhos = h));
    req.on('data', (d) => partes.push(d));
    req.on('end', () => {
      c.close();
      resolve({ status: cabecalhos[':status'], headers: cabecalhos, body: Buffer.concat(partes) });
    });
    req.on('error', reject);
    req.end();
  });
}

const http1 = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers }));
      })
      .on('error', reject);
  });

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
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        `${dir}/key.pem`,
        '-out',
        `${dir}/cert.pem`,
      ],
      { stdio: 'ignore' },
    );
    api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: `${dir}/dados`,
        PORT: String(porta),
        TRUST_PROXY: '1',
        DEMO: 'false',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: 'ignore',
    });
    // The shipped file, with this test's ports, certificate and one upstream process.
    const site = fs
      .readFileSync('deploy/nginx/saude-municipal.conf', 'utf8')
      .replaceAll('/etc/ssl/saude/fullchain.pem', `${dir}/cert.pem`)
      .replaceAll('/etc/ssl/saude/privkey.pem', `${dir}/key.pem`)
      .replace('listen 443 ssl http2;', `listen ${https} ssl http2;`)
      .replace('listen [::]:443 ssl http2;', '')
      .replace('listen 80;', `listen ${plano};`)
      .replace('listen [::]:80;', '')
      .replace(/^\s*server 127\.0\.0\.1:3002.*$/m, '')
      .replace('127.0.0.1:3001', `127.0.0.1:${porta}`);
    fs.writeFileSync(`${dir}/site.conf`, site);
    fs.writeFileSync(
      `${dir}/nginx.conf`,
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\ndaemon off;\nevents {}\nhttp {\n  access_log off;\n` +
        `  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  include ${dir}/site.conf;\n}\n`,
    );
    nginx = spawn('nginx', ['-c', `${dir}/nginx.conf`, '-p', dir], { stdio: 'ignore' });
    await esperar(async () => (await h2(https, '/api/ready')).status === 200);
  }, 300_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    if (api) {
      const fim = new Promise((r) => api.once('exit', r));
      api.kill('SIGTERM');
      await fim;
    }
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
