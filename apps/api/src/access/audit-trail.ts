import { audit, type AuditEntry } from './audit';
import type { Ctx } from './context';
import type { DbOrTx } from '../db/client';

/**
 * A module's audit trail: `trail(tx, ctx, action, recordId, { municipe_ids, details })` appends the row of a write on
 * one of its records, under its resource. Pass the transaction of the change.
 */
export const recordTrail =
  (resource: string) =>
  (
    db: DbOrTx,
    ctx: Pick<Ctx, 'usuario' | 'ip'>,
    action: string,
    recordId: string,
    rest: Pick<AuditEntry, 'municipe_ids' | 'details'> = {},
  ) =>
    audit(db, ctx, { action, resource, record_id: recordId, ...rest });
