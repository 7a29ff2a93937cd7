import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockContent, lockDataDir, startOf } from './lock';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'data-'));
const lockPath = (dir: string) => path.join(dir, 'saude-municipal.lock');

/** A live process that is not one of ours (as a reused process id would be). */
async function otherProgram(): Promise<number> {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

describe('embedded database lock', () => {
  it('lets only one live process hold DATA_DIR and takes over a lock left by a dead one', () => {
    const dir = tmpDir();
    // Another live process (our parent) holds it.
    fs.writeFileSync(lockPath(dir), lockContent({ pid: process.ppid, start: startOf(process.ppid) }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/já está em uso por outro processo \(pid \d+\)/);
    // A dead one does not.
    fs.writeFileSync(lockPath(dir), lockContent({ pid: 999_999_999, start: null }));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockPath(dir), 'utf8')).toBe(lockContent({ pid: process.pid, start: startOf(process.pid) }));
    release();
    expect(fs.existsSync(lockPath(dir))).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => !f.includes('.claim-'))).toEqual([]);
  });

  it('takes over a stale lock whose process id now belongs to another program', async () => {
    const dir = tmpDir();
    const pid = await otherProgram();
    // A lock written before start times were recorded: the pid alone.
    fs.writeFileSync(lockPath(dir), `${pid}\n`);
    lockDataDir(dir)();
    // The same process id with another start time: a different process.
    fs.writeFileSync(lockPath(dir), lockContent({ pid: process.ppid, start: 'outro-processo/1' }));
    lockDataDir(dir)();
    // A live Node.js process with an old lock may be a server of ours: refused.
    fs.writeFileSync(lockPath(dir), `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('gives DATA_DIR to exactly one of many servers started at the same moment', async () => {
    const dir = tmpDir();
    // A lock left by a crash makes every contender go through the takeover too.
    fs.writeFileSync(lockPath(dir), lockContent({ pid: 999_999_999, start: null }));
    const bundle = path.join(dir, 'lock.mjs');
    buildSync({
      entryPoints: [path.join(import.meta.dirname, 'lock.ts')],
      outfile: bundle,
      format: 'esm',
      platform: 'node',
    });
    const contender = path.join(dir, 'contender.mjs');
    // Each one says it is ready, waits for "go" on stdin, tries once, reports, and keeps what it got until stdin closes.
    fs.writeFileSync(
      contender,
      `import { lockDataDir } from ${JSON.stringify(bundle)};
      process.stdout.write('ready\\n');
      process.stdin.once('data', () => {
        let got;
        try { lockDataDir(process.argv[2]); got = 'held'; } catch (e) { got = e.constructor.name; }
        process.stdout.write(got + '\\n');
        process.stdin.resume();
      });
      process.stdin.once('end', () => process.exit(0));`,
    );
    const n = 40;
    const lines = (c: ChildProcess) => {
      const seen: string[] = [];
      const waiters: Array<() => void> = [];
      c.stdout!.setEncoding('utf8').on('data', (d: string) => {
        seen.push(...d.trim().split('\n'));
        waiters.splice(0).forEach((w) => w());
      });
      return (count: number) =>
        new Promise<string[]>((resolve, reject) => {
          const check = () => (seen.length >= count ? resolve(seen.slice(0, count)) : waiters.push(check));
          c.once('exit', () => reject(new Error(`contender exited: ${seen.join(',')}`)));
          check();
        });
    };
    const procs = Array.from({ length: n }, () => {
      const c = spawn(process.execPath, [contender, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
      children.push(c);
      return { c, read: lines(c) };
    });
    await Promise.all(procs.map((p) => p.read(1)));
    for (const p of procs) p.c.stdin!.write('go\n');
    const results = (await Promise.all(procs.map((p) => p.read(2)))).map((r) => r[1]);
    expect(results.filter((r) => r === 'held')).toHaveLength(1);
    expect(results.filter((r) => r === 'DataDirLockedError')).toHaveLength(n - 1);
  }, 120_000);
});
