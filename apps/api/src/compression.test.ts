import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/helpers';

// Field work on a weak connection (issue 12): built assets go out as the build's brotli/gzip copies, JSON above 1 kB
// is compressed on the fly.
describe('compression', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  const js = 'console.log("Saúde Municipal");\n'.repeat(100);
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Saúde Municipal</title>');
    fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync('<!doctype html><title>Saúde Municipal</title>'));
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), js);
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), zlib.gzipSync(js));
    t = await buildTestApp({ WEB_DIST: dist }, { serveWeb: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the precompressed copy the browser accepts, cached for a year when hashed', async () => {
    const br = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('serves the app shell compressed for any screen route, revalidated on every load', async () => {
    const res = await t.app.inject({ url: '/municipes', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toContain('Saúde Municipal');
  });

  it('compresses JSON answers above 1 kB, not the small ones', async () => {
    const big = await t.app.inject({ url: '/api/docs/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()).paths).toBeDefined();
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});
