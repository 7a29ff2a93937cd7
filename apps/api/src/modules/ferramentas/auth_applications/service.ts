import { msg } from '@saude/shared';
import type { AuthApplication } from '@saude/shared/schemas/senha_simples';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { authApplications } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { newId } from '../../../lib/ids';

// spec §7 auth_applications: the applications allowed to ask for a SenhaSimples token, each by its exact callback.

/** The active application registered for exactly this callback; 401 'Não foi possível autorizar o acesso' otherwise. */
export async function porUri(db: DbOrTx, uri: string): Promise<AuthApplication> {
  const [app] = uri
    ? await db
        .select({ id: authApplications.id, nome: authApplications.nome, uri: authApplications.uri })
        .from(authApplications)
        .where(and(eq(authApplications.uri, uri), eq(authApplications.ativo, true)))
    : [];
  if (!app) throw new AppError(401, msg.senhaSimplesNaoAutorizado);
  return app;
}

/** The product's own desk screen, which opens the popup: its callback as PUBLIC_URL makes it. */
export const uriDaMesa = (publicUrl: string) => `${publicUrl}/filas/chamadas`;

/** Registers the desk screen at start (idempotent): the popup answers it, and nothing else unless an admin adds it. */
export async function registrarSenhaSimples(db: DbOrTx, publicUrl: string): Promise<void> {
  await db
    .insert(authApplications)
    .values({ id: newId(), nome: 'SenhaSimples', uri: uriDaMesa(publicUrl) })
    .onConflictDoNothing({ target: authApplications.uri });
}
