import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from './client';

export class DataDirLockedError extends Error {}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite takes no lock on its directory and two processes writing it corrupt it, so the server holds a lock file
 * (architecture notes). A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'saude-municipal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (pid && pid !== process.pid && pidAlive(pid)) {
        throw new DataDirLockedError(
          `O banco embutido em ${dataDir} já está em uso por outro processo (pid ${pid}). ` +
            'Pare esse processo, use outro DATA_DIR ou configure DATABASE_URL para um PostgreSQL.',
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Não foi possível travar ${lockFile}.`);
}

export async function openDatabase(config: Config): Promise<{ database: Database; release: () => void }> {
  if (config.DATABASE_URL) return { database: await openPostgres(config.DATABASE_URL), release: () => {} };
  const release = lockDataDir(config.DATA_DIR);
  try {
    return { database: await openPglite(path.join(config.DATA_DIR, 'pglite')), release };
  } catch (err) {
    release();
    throw err;
  }
}
