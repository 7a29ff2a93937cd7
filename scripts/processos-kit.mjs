// What the process-level tests share (issue 42: producao.test.mjs, processos.test.mjs): free ports, waiting on a
// condition, a throwaway certificate, the shipped nginx configuration on this test's ports, API processes, HTTP/2.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';

export const temBinario = (b) => {
  try {
    execFileSync('sh', ['-c', `command -v ${b}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

export const portaLivre = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Polls `fn` until it answers truthy (a throw counts as "not yet"); the answer is returned. */
export async function esperar(fn, ms = 240_000, oQue = 'não subiu a tempo') {
  const ate = Date.now() + ms;
  for (;;) {
    try {
      const r = await fn();
      if (r) return r;
    } catch {
      // not yet
    }
    if (Date.now() > ate) throw new Error(oQue);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A self-signed certificate for localhost in `dir` (cert.pem, key.pem), valid one day. */
export function certificado(dir) {
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`],
    ],
    { stdio: 'ignore' },
  );
}

/**
 * nginx with the shipped deploy/nginx/saude-municipal.conf, this test's ports and certificate (certificado(dir)) and
 * one upstream `server` line per API port. Foreground; stop it with `.kill('SIGQUIT')`.
 */
export function iniciarNginx(dir, { https, plano, apis }) {
  const servidores = apis.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=10s;`).join('\n');
  const site = fs
    .readFileSync('deploy/nginx/saude-municipal.conf', 'utf8')
    .replaceAll('/etc/ssl/saude/fullchain.pem', `${dir}/cert.pem`)
    .replaceAll('/etc/ssl/saude/privkey.pem', `${dir}/key.pem`)
    .replace('listen 443 ssl http2;', `listen ${https} ssl http2;`)
    .replace('listen [::]:443 ssl http2;', '')
    .replace('listen 80;', `listen ${plano};`)
    .replace('listen [::]:80;', '')
    .replace(/^(\s*server 127\.0\.0\.1:\d+.*\n)+/m, `${servidores}\n`);
  fs.writeFileSync(`${dir}/site.conf`, site);
  fs.writeFileSync(
    `${dir}/nginx.conf`,
    `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\ndaemon off;\nevents {}\nhttp {\n  access_log off;\n` +
      `  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  include ${dir}/site.conf;\n}\n`,
  );
  return spawn('nginx', ['-c', `${dir}/nginx.conf`, '-p', dir], { stdio: 'ignore' });
}

/**
 * `node --import tsx apps/api/src/main.ts` with `env` over the test's own; its output is kept (`saida()`).
 * `parar()` sends SIGTERM and waits for the exit; `fim` resolves with the exit code.
 */
export function iniciarApi(env) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    env: { ...process.env, TRUST_PROXY: '1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let texto = '';
  proc.stdout.on('data', (d) => (texto += d));
  proc.stderr.on('data', (d) => (texto += d));
  const fim = new Promise((r) => proc.once('exit', (code) => r(code)));
  return {
    proc,
    fim,
    saida: () => texto,
    parar: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await fim;
    },
  };
}

/** One HTTP/2 request over TLS to nginx (the throwaway certificate is not checked). */
export function h2(porta, caminho, headers = {}) {
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

export const http1 = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers }));
      })
      .on('error', reject);
  });
