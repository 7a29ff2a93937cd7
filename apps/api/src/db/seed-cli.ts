import { loadConfig } from '../config';
import { openDatabase } from './open';
import { seedBase } from './seed/base';
import { isEmpty, seedDemo } from './seed/demo';

// npm run db:seed: base rows always; the demo municipality when the database has no professionals yet.
const config = loadConfig();
const { database, release } = await openDatabase(config);
try {
  await database.migrate();
  await seedBase(database.db);
  if (await isEmpty(database.db)) {
    await seedDemo(database.db);
    console.log('Dados de demonstração criados (senha de todos os usuários: saude123).');
  } else {
    console.log('Banco já possui dados: apenas a estrutura base foi atualizada.');
  }
} finally {
  await database.close();
  release();
}
