import type pg from 'pg';

/**
 * Drops a scratch database (tests, benchmarks) whose pool was just ended. pool.end() resolves before its sockets
 * close, and a forced drop would kill a connection that has no error listener any more (an uncaught error that ends
 * the process): drop without force while they go, `pauseMs` apart, and force only as the last resort.
 */
export async function dropScratchDatabase(admin: pg.Client, name: string, pauseMs: number): Promise<void> {
  for (let i = 0; i < 20; i++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}
