import type { DbOrTx } from '../db/client';
import { auditoria } from '../db/schema';
import type { Ctx } from './context';

export type AuditEntry = {
  action: string;
  resource: string;
  record_id?: string | null;
  details?: Record<string, unknown>;
  // For events before a session exists (failed sign-in).
  profissional_id?: string | null;
  unidade_saude_id?: string | null;
};

/** Appends an audit row. Pass the transaction of the change so both commit or neither does. */
export async function audit(db: DbOrTx, ctx: Pick<Ctx, 'usuario' | 'ip'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditoria).values({
    profissional_id:
      entry.profissional_id !== undefined ? entry.profissional_id : (ctx.usuario?.profissionalId ?? null),
    unidade_saude_id: entry.unidade_saude_id !== undefined ? entry.unidade_saude_id : (ctx.usuario?.unidadeId ?? null),
    action: entry.action,
    resource: entry.resource,
    record_id: entry.record_id ?? null,
    ip: ctx.ip,
    details: entry.details ?? null,
  });
}
