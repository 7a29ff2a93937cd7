import { msg } from '@saude/shared';
import type { AuthApplicationRecord, AuthApplicationValues } from '@saude/shared/schemas/auth_applications';
import type { AuthApplication } from '@saude/shared/schemas/senha_simples';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { authApplications } from '../../../db/schema';
import { changedFields, uniqueViolation } from '../../../db/sql';
import { recordTrail } from '../../../access/audit-trail';
import { AppError, unprocessable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { createRecord, deactivate, updateRecord, type Versioned } from '../../../lib/versioned';
import { findAuthApplication, loadAuthApplication, RESOURCE, uriEmUso } from './queries';
import type { Dated } from '../../../lib/answer';

export { list, show } from './queries';

// spec §7 auth_applications: the applications allowed to ask for a SenhaSimples token, each by its exact callback.
// Managers keep the list (issue 39): every write leaves an audit row naming the fields changed. An application is
// never deleted: DELETE deactivates it (the audit rows of the tokens it received name it, and a deleted address could
// come back unnoticed under another name; docs/decisions.md). An inactive one is refused by the lookup like an
// unknown one.

const trail = recordTrail(RESOURCE);
const a_ = authApplications;

/** The active application registered for exactly this callback; 401 'Não foi possível autorizar o acesso' otherwise. */
export async function porUri(db: DbOrTx, uri: string): Promise<AuthApplication> {
  const [app] = uri
    ? await db
        .select({ id: a_.id, nome: a_.nome, uri: a_.uri })
        .from(a_)
        .where(and(eq(a_.uri, uri), eq(a_.ativo, true)))
    : [];
  if (!app) throw new AppError(401, msg.senhaSimplesNaoAutorizado);
  return app;
}

/** The product's own desk screen, which opens the popup: its callback as PUBLIC_URL makes it. */
export const uriDaMesa = (publicUrl: string) => `${publicUrl}/filas/chamadas`;

/** Registers the desk screen at start (idempotent): the popup answers it, and nothing else unless an admin adds it. */
export async function registrarSenhaSimples(db: DbOrTx, publicUrl: string): Promise<void> {
  await db
    .insert(a_)
    .values({ id: newId(), nome: 'SenhaSimples', uri: uriDaMesa(publicUrl) })
    .onConflictDoNothing({ target: a_.uri });
}

const colunas = (v: AuthApplicationValues) => ({ nome: v.nome, uri: v.uri, ativo: v.ativo });

/** 422 on uri naming the application that already has it. */
async function checarUri(db: DbOrTx, uri: string, selfId: string | null) {
  const outra = await uriEmUso(db, uri, selfId);
  if (outra) throw unprocessable({ uri: [msg.authAppUriEmUso(outra.nome)] });
}

/** Two saves of one address at once: the unique index refuses the second, answered on its field as above. */
async function naoRepetida<T>(ctx: Ctx, uri: string, selfId: string | null, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (uniqueViolation(e)) await checarUri(ctx.db, uri, selfId);
    throw e;
  }
}

export const create = (ctx: Ctx, v: AuthApplicationValues): Promise<Dated<AuthApplicationRecord>> =>
  naoRepetida(ctx, v.uri, null, () =>
    createRecord(ctx, a_, {
      check: (tx) => checarUri(tx, v.uri, null),
      values: colunas(v),
      audit: (tx, id) => trail(tx, ctx, 'create', id, { details: { campos: Object.keys(colunas(v)) } }),
      load: loadAuthApplication,
    }),
  );

export const update = (
  ctx: Ctx,
  id: string,
  { lock_version, ...v }: Versioned<AuthApplicationValues>,
): Promise<Dated<AuthApplicationRecord>> =>
  naoRepetida(ctx, v.uri, id, () => {
    const cols = colunas(v);
    return updateRecord(ctx, a_, id, lock_version, {
      find: findAuthApplication,
      check: (tx) => checarUri(tx, v.uri, id),
      set: cols,
      audit: (tx, atual) => trail(tx, ctx, 'update', id, { details: { campos: changedFields(atual, cols) } }),
      load: loadAuthApplication,
    });
  });

/** DELETE: deactivates; an inactive application answers 204 again without a new audit row. */
export const destroy = (ctx: Ctx, id: string): Promise<void> =>
  deactivate(ctx, a_, id, findAuthApplication, {
    audit: (tx) => trail(tx, ctx, 'destroy', id, { details: { campos: ['ativo'] } }),
  });
