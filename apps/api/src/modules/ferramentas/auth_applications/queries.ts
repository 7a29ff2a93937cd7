import {
  authApplicationListItemSchema,
  authApplicationRecordSchema,
  type AuthApplicationFilters,
  type AuthApplicationListItem,
  type AuthApplicationRecord,
} from '@saude/shared/schemas/auth_applications';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { authApplications } from '../../../db/schema';
import { byName, containsText, finderOf, otherThan, selectOf } from '../../../db/sql';
import { notFound } from '../../../lib/errors';
import { type PageResult, paginateTable } from '../../../lib/paginate';
import { fieldsOf, type Dated } from '../../../lib/answer';

// Reading the authorized applications (issue 39). A name and an address, nobody's data: reads are not audited.

export const RESOURCE = 'ferramentas/auth_applications';
const a_ = authApplications;

/** The application's row (locked for update when asked), or null; a malformed id is an unknown one. */
export const findAuthApplication = finderOf(a_);

type Row = typeof a_.$inferSelect;

const paraApi = (r: Row): Dated<AuthApplicationRecord> => fieldsOf(authApplicationRecordSchema, r);

/** The application as answered, or null. */
export async function loadAuthApplication(db: DbOrTx, id: string): Promise<Dated<AuthApplicationRecord> | null> {
  const row = await findAuthApplication(db, id);
  return row && paraApi(row);
}

export async function show(ctx: Ctx, id: string): Promise<Dated<AuthApplicationRecord>> {
  const app = await loadAuthApplication(ctx.db, id);
  if (!app) throw notFound();
  return app;
}

function condicoes(q: AuthApplicationFilters): SQL | undefined {
  return and(
    q.texto ? containsText([a_.nome, a_.uri], q.texto) : undefined,
    q.ativo !== undefined ? eq(a_.ativo, q.ativo) : undefined,
  );
}

/** A page of applications, active first, then by name (a municipality has a handful). */
export async function list(ctx: Ctx, q: AuthApplicationFilters): Promise<PageResult<AuthApplicationListItem>> {
  const where = condicoes(q);
  return paginateTable(q, ctx.db, a_, where, () =>
    ctx.db
      .select(selectOf(authApplicationListItemSchema, a_))
      .from(a_)
      .where(where)
      .orderBy(sql`${a_.ativo} desc`, byName(a_.nome), a_.id),
  );
}

/** The other application registered for this exact callback, if any. */
export async function uriEmUso(db: DbOrTx, uri: string, selfId: string | null) {
  const [r] = await db
    .select({ nome: a_.nome })
    .from(a_)
    .where(and(eq(a_.uri, uri), otherThan(a_.id, selfId)));
  return r ?? null;
}
