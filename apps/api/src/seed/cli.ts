import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { prepareDatabase } from './setup';

// npm run db:seed: what a start does to the database, without serving — migrations, base rows, and on an empty
// database the demo only when DEMO allows it (else the first manager with a one-time password, issue 14).
const config = loadConfig();
const { database, release } = await openDatabase(config);
try {
  await prepareDatabase(database, { demo: config.DEMO, log: (m) => console.log(m) });
  console.log('Estrutura base atualizada.');
} finally {
  await database.close();
  release();
}
