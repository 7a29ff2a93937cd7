import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import type * as ClientModule_ from './client';
import type * as EmbeddedModule_ from './embedded-postgres';

type ClientModule = typeof ClientModule_;
type EmbeddedModule = typeof EmbeddedModule_;

// Issue 39: the quick start may fall back from the embedded PostgreSQL to PGlite (a folder the `postgres` user cannot
// open); the start-up line and GET /api/health name the engine in use, and the fallback's reason.

vi.mock('./embedded-postgres', async (importOriginal) => ({
  ...(await importOriginal<EmbeddedModule>()),
  postgresBinaries: async () => ({ initdb: '/nao/existe/initdb', postgres: '/nao/existe/postgres' }),
  startEmbeddedPostgres: async () => {
    throw new Error('O PostgreSQL embutido não pôde ler /tmp/x: permissão negada.');
  },
}));

// Opening a real PGlite folder takes tens of seconds on a busy machine: the engine's name is what is tested here.
vi.mock('./client', async (importOriginal) => ({
  ...(await importOriginal<ClientModule>()),
  openPglite: async () => ({ kind: 'pglite', engine: { motor: 'pglite', reserva: null }, close: async () => {} }),
}));

describe('the engine in use', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-motor-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  const open = async (env: Record<string, string>) => {
    const { openDatabase } = await import('./open');
    const opened = await openDatabase(loadConfig({ ...env, NODE_ENV: 'test' }));
    await opened.database.close();
    opened.release();
    return opened;
  };

  it('names PGlite chosen on purpose, with no fallback reason', async () => {
    const o = await open({ DATA_DIR: dataDir(), EMBEDDED_DB: 'pglite' });
    expect(o.database.engine).toEqual({ motor: 'pglite', reserva: null });
    expect(o.description).toMatch(/^PGlite embutido em /);
  });

  it('names the fallback to PGlite and why, when the embedded PostgreSQL cannot start in a new folder', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const o = await open({ DATA_DIR: dataDir() });
    expect(o.database.engine).toEqual({
      motor: 'pglite',
      reserva: 'O PostgreSQL embutido não pôde ler /tmp/x: permissão negada.',
    });
    expect(o.description).toContain('reserva: o PostgreSQL embutido não iniciou');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
