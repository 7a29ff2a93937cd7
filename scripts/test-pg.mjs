// Runs the API tests again on a real PostgreSQL when TEST_DATABASE_URL is set (each test file gets its own database).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('test:pg: TEST_DATABASE_URL não definido; testes da API no PostgreSQL não executados (veja README).');
  process.exit(0);
}
const r = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, API_TEST_DB: 'pg' },
});
process.exit(r.status ?? 1);
