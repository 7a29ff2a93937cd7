import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Ctx } from '../access/context';
import type { DbOrTx } from '../db/client';
import { notFound, staleEdit } from './errors';
import { newId } from './ids';
import { answeringUnique, type UniqueFields } from './unique';

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

/** What a record's save answers: the record as `load` reads it once written (404 should it be gone). */
type SaveSteps<A> = {
  load: (tx: DbOrTx, id: string) => Promise<A | null>;
  /** Unique indexes a concurrent save may break, answered 422 on their field (answeringUnique). */
  unique?: UniqueFields;
};

/** Runs `write` in a transaction and answers the record it wrote (the id `write` answers), loaded in it. */
function saveRecord<A>(ctx: Ctx, steps: SaveSteps<A>, write: (tx: DbOrTx) => Promise<string>): Promise<A> {
  const save = () =>
    ctx.db.transaction(async (tx) => {
      const saved = await steps.load(tx, await write(tx));
      if (!saved) throw notFound();
      return saved;
    });
  return steps.unique ? answeringUnique(steps.unique, save) : save();
}

/**
 * PUT of a versioned record, in one transaction: `find` locks its row (404 absent, 409 edicao_desatualizada when its
 * version is old), `check` weighs the new values against it (422/409), `set` is written raising the version, `audit`
 * writes the trail row from the row as it was, and `load` answers the record as saved.
 */
export function updateRecord<T extends VersionedTable & { id: PgColumn }, R extends { lock_version: number }, A>(
  ctx: Ctx,
  table: T,
  id: string,
  lockVersion: number,
  steps: SaveSteps<A> & {
    find: (tx: DbOrTx, id: string, forUpdate: boolean) => Promise<R | null>;
    check?: (tx: DbOrTx, atual: R) => Promise<void>;
    set: PgUpdateSetSource<T>;
    audit: (tx: DbOrTx, atual: R) => Promise<unknown>;
  },
): Promise<A> {
  return saveRecord(ctx, steps, async (tx) => {
    const atual = await steps.find(tx, id, true);
    checkVersion(atual, lockVersion);
    await steps.check?.(tx, atual);
    await updateVersioned(tx, ctx, table, { key: eq(table.id, id), lockVersion }, steps.set);
    await steps.audit(tx, atual);
    return id;
  });
}

/**
 * POST of a record, in one transaction: `check` weighs the values (422/409), the row is inserted under a new id with its
 * author, `audit` writes the trail row, and `load` answers the record as saved.
 */
export function createRecord<T extends VersionedTable & { id: PgColumn }, A>(
  ctx: Ctx,
  table: T,
  steps: SaveSteps<A> & {
    check?: (tx: DbOrTx) => Promise<void>;
    values: Omit<PgInsertValue<T>, 'id' | 'updated_by'>;
    audit: (tx: DbOrTx, id: string) => Promise<unknown>;
  },
): Promise<A> {
  return saveRecord(ctx, steps, async (tx) => {
    await steps.check?.(tx);
    const id = newId();
    await tx.insert(table).values({ id, ...steps.values, updated_by: autor(ctx) } as PgInsertValue<T>);
    await steps.audit(tx, id);
    return id;
  });
}
