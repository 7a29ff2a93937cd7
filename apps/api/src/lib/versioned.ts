import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Ctx } from '../access/context';
import type { DbOrTx } from '../db/client';
import { notFound, staleEdit } from './errors';

// Optimistic locking (architecture: every mutable record has lock_version; an update carrying an old one answers 409
// edicao_desatualizada). Absent and out of scope both answer 404, so scope leaks nothing.

type VersionedTable = PgTable & { lock_version: PgColumn; updated_at: PgColumn; updated_by: PgColumn };

/** Who writes: the signed-in professional, null for system writes. */
export const autor = (ctx: Pick<Ctx, 'usuario'>): string | null => ctx.usuario?.profissionalId ?? null;

/** The columns every write of a row sets. */
export const stamped = (ctx: Pick<Ctx, 'usuario'>) => ({ updated_at: new Date(), updated_by: autor(ctx) });

/** The columns a write of a versioned row sets: the version goes up by one, so a form opened before is stale. */
export const nextVersion = (table: VersionedTable, ctx: Pick<Ctx, 'usuario'>) => ({
  lock_version: sql`${table.lock_version} + 1`,
  ...stamped(ctx),
});

/** 404 when the row is absent (or out of scope, the caller's query having filtered it), 409 when its version is old. */
export function checkVersion<R extends { lock_version: number }>(
  row: R | null | undefined,
  lockVersion: number | null | undefined,
): asserts row is R {
  if (!row) throw notFound();
  if (row.lock_version !== lockVersion) throw staleEdit();
}

/**
 * Updates the row that `key` selects only if its version is still `lockVersion`, raising the version, and answers the
 * row as stored. 404 when no row matches `key` and `scope`, 409 edicao_desatualizada when it has another version.
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: DbOrTx,
  ctx: Pick<Ctx, 'usuario'>,
  table: T,
  where: { key: SQL; lockVersion: number; scope?: SQL },
  set: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> {
  const [updated] = (await tx
    .update(table)
    .set({ ...set, ...nextVersion(table, ctx) } as PgUpdateSetSource<T>)
    .where(and(where.key, where.scope, eq(table.lock_version, where.lockVersion)))
    .returning()) as Array<T['$inferSelect']>;
  if (updated) return updated;
  const found = await tx
    .select({ v: table.lock_version })
    .from(table as PgTable)
    .where(and(where.key, where.scope));
  throw found.length > 0 ? staleEdit() : notFound();
}

/** An update's body: the record's values and the version the form was opened at. */
export type Versioned<V> = V & { lock_version: number };

/**
 * DELETE of a record kept for what names it (the audit, what it signed): `ativo` false under the version it had, and
 * `audit` writes its trail row. 404 when absent; an inactive one answers 204 again without a new row. `check` may
 * refuse it first (409); `always` runs in the transaction either way (a professional's sessions end even then).
 */
export async function deactivate<T extends VersionedTable & { id: PgColumn; ativo: PgColumn }>(
  ctx: Ctx,
  table: T,
  id: string,
  find: (tx: DbOrTx, id: string, forUpdate: boolean) => Promise<{ ativo: boolean; lock_version: number } | null>,
  steps: {
    audit: (tx: DbOrTx) => Promise<unknown>;
    check?: (tx: DbOrTx) => Promise<void>;
    always?: (tx: DbOrTx) => Promise<void>;
  },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const atual = await find(tx, id, true);
    if (!atual) throw notFound();
    if (atual.ativo) {
      await steps.check?.(tx);
      const set = { ativo: false } as PgUpdateSetSource<T>;
      await updateVersioned(tx, ctx, table, { key: eq(table.id, id), lockVersion: atual.lock_version }, set);
      await steps.audit(tx);
    }
    await steps.always?.(tx);
  });
}
