import type { Database } from './client';
import { seedBase } from './seed/base';
import { isEmpty, seedDemo } from './seed/demo';

/** Migrations, then the product's base rows, then demo data when asked and the database is empty. */
export async function prepareDatabase(
  database: Database,
  opts: { demo: boolean; log?: (m: string) => void },
): Promise<void> {
  await database.migrate();
  await seedBase(database.db);
  if (opts.demo && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    opts.log?.('Dados de demonstração criados (senha de todos os usuários: saude123).');
  }
}
