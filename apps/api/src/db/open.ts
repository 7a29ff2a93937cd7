import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from './client';
import { isInitialised, postgresBinaries, startEmbeddedPostgres } from './embedded-postgres';
import { lockDataDir } from './lock';

export { DataDirLockedError, lockDataDir } from './lock';

export type Opened = {
  database: Database;
  /** What the start-up line names: 'PostgreSQL', or the embedded engine and its folder. */
  description: string;
  release: () => void;
};

/**
 * DATABASE_URL's PostgreSQL, or the embedded database in DATA_DIR, held by this process alone: PostgreSQL's own server
 * run from npm's binaries (the default: it serves a small municipality, PGlite does not — docs/decisions.md), or PGlite
 * (EMBEDDED_DB=pglite; also kept for a folder that already holds a PGlite database, and where no binaries exist).
 */
export async function openDatabase(config: Config): Promise<Opened> {
  if (config.DATABASE_URL)
    return { database: await openPostgres(config.DATABASE_URL), description: 'PostgreSQL externo', release: () => {} };
  const release = lockDataDir(config.DATA_DIR);
  try {
    const pgDir = path.join(config.DATA_DIR, 'postgres');
    const pgliteDir = path.join(config.DATA_DIR, 'pglite');
    const binaries = config.EMBEDDED_DB === 'pglite' ? null : await postgresBinaries();
    const usePglite =
      config.EMBEDDED_DB === 'pglite' ||
      (config.EMBEDDED_DB === null && fs.existsSync(pgliteDir) && !isInitialised(pgDir)) ||
      (config.EMBEDDED_DB === null && binaries === null);
    if (usePglite)
      return {
        database: await openPglite(pgliteDir),
        description: `PGlite embutido em ${config.DATA_DIR}`,
        release,
      };
    if (!binaries)
      throw new Error(`EMBEDDED_DB=postgres: não há binários do PostgreSQL para ${process.platform}-${process.arch}.`);
    const fresh = !isInitialised(pgDir);
    let server;
    try {
      server = await startEmbeddedPostgres(binaries, pgDir);
    } catch (err) {
      // A new folder where PostgreSQL cannot run (as root, the user postgres cannot reach the project or DATA_DIR):
      // the quick start still works, on PGlite, and says why. An existing database never falls back.
      if (!(fresh && config.EMBEDDED_DB === null)) throw err;
      const reserva = (err as Error).message;
      console.warn(`${reserva}\nUsando PGlite em ${pgliteDir}.`);
      const database = await openPglite(pgliteDir);
      return {
        database: { ...database, engine: { motor: 'pglite', reserva } },
        description: `PGlite embutido em ${config.DATA_DIR} (reserva: o PostgreSQL embutido não iniciou)`,
        release,
      };
    }
    try {
      const database = await openPostgres(server.url);
      return {
        database: {
          ...database,
          engine: { motor: 'postgres embutido', reserva: null },
          close: async () => {
            await database.close();
            await server.stop();
          },
        },
        description: `PostgreSQL embutido em ${config.DATA_DIR}`,
        release,
      };
    } catch (err) {
      await server.stop();
      throw err;
    }
  } catch (err) {
    release();
    throw err;
  }
}
