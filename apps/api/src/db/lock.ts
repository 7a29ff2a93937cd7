import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// One server per DATA_DIR (architecture notes): two processes writing one embedded database corrupt it. The lock is
// a file naming its holder by process id and process start time, so a process id reused by another program after a
// crash or a reboot does not look like a live holder (issue 14). Only node: imports here: the lock tests load this
// file in many small processes.

export class DataDirLockedError extends Error {}

/** The command line of a running process, or null when it is not running. */
export function commandOf(pid: number): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch (err) {
    if (fs.existsSync('/proc/self')) return (err as NodeJS.ErrnoException).code === 'ENOENT' ? null : '?';
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim() || null;
    } catch {
      return null;
    }
  }
}

/** When a process started, as a string that differs for a different process with the same id; null if unknown. */
export function startOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (start time in clock ticks since boot) counted after the command name, which may hold spaces.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return ticks ? `${boot}/${ticks}` : null;
  } catch {
    try {
      return execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8' }).trim() || null;
    } catch {
      return null;
    }
  }
}

type Holder = { pid: number; start: string | null };

/** "pid start" (one line); a file from before start times were written holds the pid alone. */
export function lockContent(holder: Holder): string {
  return `${holder.pid} ${holder.start ?? '-'}\n`;
}

function parse(text: string): Holder | null {
  const [pid, start] = text.trim().split(' ');
  const n = Number(pid);
  return Number.isInteger(n) && n > 0 ? { pid: n, start: start && start !== '-' ? start : null } : null;
}

function alive(holder: Holder): boolean {
  const command = commandOf(holder.pid);
  if (command === null) return false;
  if (holder.start) return startOf(holder.pid) === holder.start;
  // An old lock without a start time: only a Node.js process can be one of ours.
  return /node/i.test(command);
}

const readOrNull = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
};

/**
 * Takes DATA_DIR for this process, or throws DataDirLockedError naming the live holder. Atomic: the lock appears with
 * its content already written (a hard link to a finished file), and a stale lock is removed only by the one process
 * that claims it first (an exclusive marker named after that very lock), so of many servers started at once on one
 * folder exactly one gets it. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'saude-municipal.lock');
  const mine = lockContent({ pid: process.pid, start: startOf(process.pid) });
  const tmp = `${lockFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, mine);
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        fs.linkSync(tmp, lockFile);
        removeOldClaims(dataDir);
        return () => {
          if (readOrNull(lockFile) === mine) fs.rmSync(lockFile, { force: true });
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const seen = readOrNull(lockFile);
      if (seen === null) continue; // released meanwhile
      const holder = parse(seen);
      if (holder && alive(holder)) {
        throw new DataDirLockedError(
          `O banco embutido em ${dataDir} já está em uso por outro processo (pid ${holder.pid}). ` +
            'Pare esse processo, use outro DATA_DIR ou configure DATABASE_URL para um PostgreSQL.',
        );
      }
      // Stale. Whoever creates the claim for this content removes it; the others retry and meet the new holder.
      const claim = path.join(dataDir, `saude-municipal.lock.claim-${claimName(seen)}`);
      try {
        fs.writeFileSync(claim, '', { flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        // Another process is taking it over: give it a moment. A claim a minute old was abandoned by a crash.
        if (ageMs(claim) > 60_000) fs.rmSync(claim, { force: true });
        else Atomics.wait(pause, 0, 0, 100);
        continue;
      }
      if (readOrNull(lockFile) === seen) fs.rmSync(lockFile, { force: true });
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  throw new DataDirLockedError(
    `Não foi possível travar ${lockFile}: apague esse arquivo se nenhum servidor usa a pasta.`,
  );
}

const pause = new Int32Array(new SharedArrayBuffer(4));
const ageMs = (file: string) => {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

const claimName = (content: string) => Buffer.from(content.trim()).toString('base64url').slice(0, 120);

/** Claims outlive their takeover so that a slow contender with an old view cannot remove the new lock; a minute on, none is left. */
function removeOldClaims(dataDir: string) {
  for (const name of fs.readdirSync(dataDir)) {
    if (!name.startsWith('saude-municipal.lock.claim-')) continue;
    const file = path.join(dataDir, name);
    if (ageMs(file) > 60_000) fs.rmSync(file, { force: true });
  }
}
