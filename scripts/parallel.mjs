// Runs npm scripts side by side, two at a time (the machine has two cores), each one's output printed whole when it
// ends so the log reads in order. Exits non-zero when any of them fails. Used by `npm test` for the quick checks.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const s = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n> npm run ${name} (${s} s, ${code === 0 ? 'ok' : `falhou: ${code}`})\n`);
      process.stdout.write(Buffer.concat(out));
      resolve(code === 0);
    });
  });

const queue = [...scripts];
const results = [];
await Promise.all(
  [0, 1].map(async () => {
    while (queue.length) results.push(await run(queue.shift()));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
