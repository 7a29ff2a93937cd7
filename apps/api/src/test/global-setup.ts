import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { dropScratchDatabase } from '../db/drop';
import { seedBase } from '../seed/base';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory (tarball) already migrated and seeded with the base rows. */
    pgliteBase: string | null;
    /** A PostgreSQL database already migrated and seeded, each test file's database is created from it. */
    pgTemplate: string | null;
  }
}

// Every API test file starts from the same migrated database with the base rows. Made once per run here, instead of
// an initdb, 16 migrations and the base seed per file (seconds each on a loaded 2-core machine): PGlite files load a
// dumped data directory, PostgreSQL files are created from a template database.
export default async function setup(project: TestProject) {
  if (process.env.API_TEST_DB === 'pg' && process.env.TEST_DATABASE_URL) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const name = `saude_tpl_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), 2);
    await database.migrate();
    await seedBase(database.db);
    await database.close();
    project.provide('pgliteBase', null);
    project.provide('pgTemplate', name);
    return async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await dropScratchDatabase(c, name, 100);
      await c.end();
    };
  }
  const database = await openPglite(null);
  await database.migrate();
  await seedBase(database.db);
  const dump = await database.dump!();
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'saude-test-base-'));
  const file = join(dir, 'base.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteBase', file);
  project.provide('pgTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}
