import type { Database } from '../db/client';
import { seedBase } from './base';
import { DEMO_PASSWORD, isEmpty, seedDemo } from './demo';
import { createFirstManager } from './primeiro_gestor';

/**
 * Migrations, then the product's base rows, then on an empty database either the demo (DEMO) or the first manager
 * with a one-time password, printed here once and never stored in clear (issue 14).
 */
export async function prepareDatabase(
  database: Database,
  opts: { demo: boolean; log?: (m: string) => void },
): Promise<void> {
  await database.migrate();
  await seedBase(database.db);
  if (!(await isEmpty(database.db))) return;
  if (opts.demo) {
    if (!(await seedDemo(database.db))) return;
    opts.log?.(
      `Dados de demonstração criados (senha de todos os usuários: ${DEMO_PASSWORD}). Não use com dados reais.`,
    );
    return;
  }
  const gestor = await createFirstManager(database.db);
  if (gestor) {
    opts.log?.(
      [
        `Primeiro acesso: foi criado um usuário gestor, lotado em "${gestor.unidade}".`,
        `  login: ${gestor.login}`,
        `  senha provisória: ${gestor.senha}`,
        'Esta senha aparece só agora e deve ser trocada no primeiro acesso. Anote-a antes de fechar este terminal.',
      ].join('\n'),
    );
  }
}
