import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { comReplica, openPglite, openPostgres, type Database, type Engine } from './client';
import { isInitialised, postgresBinaries, startEmbeddedPostgres } from './embedded-postgres';
import { lockDataDir } from './lock';
import { concederPapelDaApi, PAPEL_API_EMBUTIDO, papelDaUrl, PapelError, urlComoPapel } from './papeis';

export { DataDirLockedError, lockDataDir } from './lock';

export type Opened = {
  /** The tables' owner: migrations, seeds, the audit archive (issue 42). The API serves through `abrirParaServir`. */
  database: Database;
  /** What the start-up line names: 'PostgreSQL', or the embedded engine and its folder. */
  description: string;
  release: () => void;
  /**
   * The role the API serves as, given its rights by the owner once the database is prepared: `saude_api` on the
   * embedded PostgreSQL, DATABASE_URL's role when DATABASE_OWNER_URL names the owner. Null: the API serves on the
   * owner's connection (PGlite, a single-user engine; or one DATABASE_URL, warned at start).
   */
  servir: { url: string; papel: string; criar: boolean } | null;
  /** DATABASE_REPLICA_URL: the streaming replica the served connection reads reports from (issue 42); null: none. */
  replica: string | null;
};

/**
 * DATABASE_URL's PostgreSQL, or the embedded database in DATA_DIR, held by this process alone: PostgreSQL's own server
 * run from npm's binaries (the default: it serves a small municipality, PGlite does not — docs/decisions.md), or PGlite
 * (EMBEDDED_DB=pglite; also kept for a folder that already holds a PGlite database, and where no binaries exist).
 */
export async function openDatabase(config: Config): Promise<Opened> {
  if (config.DATABASE_URL) {
    const owner = config.DATABASE_OWNER_URL;
    const papel = owner ? papelDaUrl(config.DATABASE_URL) : null;
    if (owner && !papel) throw new PapelError('DATABASE_URL deve nomear o papel da API (postgres://papel@…).');
    return {
      database: await openPostgres(owner ?? config.DATABASE_URL, owner ? 2 : 10),
      description: 'PostgreSQL externo',
      release: () => {},
      servir: papel ? { url: config.DATABASE_URL, papel, criar: false } : null,
      replica: config.DATABASE_REPLICA_URL,
    };
  }
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
        servir: null,
        replica: null,
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
        servir: null,
        replica: null,
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
        servir: { url: urlComoPapel(server.url, PAPEL_API_EMBUTIDO), papel: PAPEL_API_EMBUTIDO, criar: true },
        replica: null,
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

/**
 * The connection the API serves on (issue 42): the owner grants the serving role its rights (after migrations, so new
 * tables are included) and the API connects as that role; closing it also closes the owner's (and stops the embedded
 * server). Without a serving role, the owner's connection itself. With a replica, its `leitura` reads there.
 */
export async function abrirParaServir(opened: Opened): Promise<Database> {
  const serving = await conexaoDaApi(opened);
  return opened.replica ? comReplica(serving, opened.replica) : serving;
}

/**
 * A worker's connection (PROCESSOS > 1): the serving role's URL the primary handed over, the engine it described, and
 * DATABASE_REPLICA_URL's replica as `abrirParaServir` gives it to a single process.
 */
export async function abrirParaProcesso(url: string, engine: Engine, replica: string | null): Promise<Database> {
  const serving = { ...(await openPostgres(url)), engine };
  return replica ? comReplica(serving, replica) : serving;
}

async function conexaoDaApi(opened: Opened): Promise<Database> {
  const owner = opened.database;
  if (!opened.servir) return owner;
  await concederPapelDaApi(owner, opened.servir.papel, { criar: opened.servir.criar });
  const serving = await openPostgres(opened.servir.url);
  return {
    ...serving,
    engine: owner.engine,
    close: async () => {
      await serving.close();
      await owner.close();
    },
  };
}
