import { loadConfig } from '../config';
import { openDatabase } from './open';

// npm run db:migrate: apply the committed migrations to DATABASE_URL or the embedded database.
const config = loadConfig();
const { database, release } = await openDatabase(config);
try {
  await database.migrate();
  console.log('Migrações aplicadas.');
} finally {
  await database.close();
  release();
}
