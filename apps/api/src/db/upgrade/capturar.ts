// The answers of a release, for the next release's upgrade test (README, "Atualizações"):
// DATABASE_URL=<the release's demo database> node --import tsx apps/api/src/db/upgrade/capturar.ts <arquivo.json>
// Run it from that release's code, after dumping the database (its sign-ins add sessions and audit rows).
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { DEMO_PASSWORD } from '../../seed/demo';
import { openPostgres } from '../client';
import { capturarRespostas } from './respostas';

const arquivo = process.argv[2];
const config = loadConfig();
if (!arquivo || !config.DATABASE_URL) {
  console.error('Uso: DATABASE_URL=postgres://… node --import tsx apps/api/src/db/upgrade/capturar.ts ARQUIVO.json');
  process.exit(1);
}
const database = await openPostgres(config.DATABASE_URL);
const app = await buildApp(config, database);
try {
  writeFileSync(arquivo, JSON.stringify(await capturarRespostas(app, DEMO_PASSWORD), null, 1) + '\n');
} finally {
  await app.close();
  await database.close();
}
