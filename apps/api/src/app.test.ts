import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { msg } from '@saude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { buildTestApp, onPostgres, type TestApp } from './test/helpers';

describe('serving', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Saúde Municipal</title>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'export const a = 1;');
    t = await buildTestApp({ WEB_DIST: dist }, { serveWeb: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health with the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    // The engine is named, so that a fallback to PGlite is visible (issue 39).
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      motor: onPostgres ? 'postgresql externo' : 'pglite',
      reserva: null,
    });
  });

  it('falls back to the app for any screen route (history mode) with security headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/atencao_primaria/familias/123/edit',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Saúde Municipal');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends a hashed asset without the document-only headers, keeping nosniff and CORP (issue 41)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const h of [
      'content-security-policy',
      'x-frame-options',
      'strict-transport-security',
      'etag',
      'last-modified',
    ])
      expect(res.headers[h], h).toBeUndefined();
    const doc = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(doc.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(doc.headers['strict-transport-security']).toContain('max-age=');
    expect(doc.headers.etag).toMatch(/^W\/"/);
  });

  it('never falls back for /api: unknown API paths answer JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'nao_encontrado', message: msg.status404, errors: {} });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 422, not 500, for a malformed JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'validacao', message: msg.requisicaoInvalida, errors: {} });
    expect(res.body).not.toMatch(/stack|SyntaxError/);
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.json().paths['/api/v2/auth/login']).toBeDefined();
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      DATABASE_URL: null,
      DEMO: true,
      SESSION_IDLE_MINUTES: 30,
      SESSION_MAX_HOURS: 12,
    });
    expect(c.DATA_DIR).toBe(path.resolve('./data'));
    // npm runs workspace scripts in apps/api; the folder stays where the user typed `npm start`.
    expect(loadConfig({ INIT_CWD: '/srv/saude' }).DATA_DIR).toBe('/srv/saude/data');
  });
  it('turns demo data off by default on a real PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO: 'true' }).DEMO).toBe(true);
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeNull();
  });
  it('reads TRUST_PROXY as no proxy, a hop count or a list of proxy addresses, never as "trust everyone"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.0.1,::1, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.0.1',
      '::1',
      'loopback',
    ]);
    for (const bad of ['*', '10.0.0.0/33', 'proxy.local', '1.2.3']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
  it('stops with a message naming the variable for a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEMO: 'talvez' })).toThrow(/DEMO/);
    expect(() => loadConfig({ CHAT_WIDGET_URL: 'nao-e-url' })).toThrow(/CHAT_WIDGET_URL/);
  });
});

describe('test database', () => {
  it('is the one the run asked for (PGlite, or PostgreSQL under npm run test:pg)', async () => {
    const { onPostgres } = await import('./test/helpers');
    const t = await buildTestApp();
    try {
      expect(t.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    } finally {
      await t.close();
    }
  });
});
