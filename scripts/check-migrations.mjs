// Fails when the Drizzle schema and the committed migrations disagree (style guide §3: generating again changes nothing).
import { spawnSync } from 'node:child_process';

const gen = spawnSync('npx', ['drizzle-kit', 'generate'], { cwd: 'apps/api', encoding: 'utf8' });
if (gen.status !== 0) {
  console.error(gen.stdout, gen.stderr);
  process.exit(1);
}
const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all', 'apps/api/src/db/migrations'], {
  encoding: 'utf8',
});
if (status.stdout.trim()) {
  console.error('O schema mudou sem migração commitada. Rode "npm run db:generate" e commite:\n' + status.stdout);
  process.exit(1);
}
console.log('migrations: schema e migrações commitadas conferem.');
