import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { DbOrTx } from '../db/client';
import { auditoria } from '../db/schema';
import type { Ctx } from './context';

export type AuditEntry = {
  action: string;
  resource: string;
  record_id?: string | null;
  /** The citizens whose personal or health data the action showed or changed (LGPD data subjects). */
  municipe_ids?: readonly string[];
  /**
   * Never values of personal or health data: names of fields, counts, ids. The audit trail must not become a copy of
   * the health data. The one exception is an administration record's `alteracoes` (staff set-up: a unit's name, a
   * team's micro-areas), where a professional's CPF, CNS and e-mail still appear only as changed
   * (modules/administracao/alteracoes.ts).
   */
  details?: Record<string, unknown>;
  // For events before a session exists (failed sign-in).
  profissional_id?: string | null;
  unidade_saude_id?: string | null;
};

// Every read writes one (issue 15): on PostgreSQL's pool it goes as a named prepared statement, parsed and planned
// once per connection, with no query builder per request; in a transaction, or on PGlite, through drizzle.
const AUDIT_SQL = `insert into auditoria
  (profissional_id, unidade_saude_id, action, resource, record_id, municipe_ids, ip, details)
  values ($1, $2, $3, $4, $5, $6::uuid[], $7, $8::jsonb)`;

/** Appends an audit row. Pass the transaction of the change so both commit or neither does. */
export async function audit(db: DbOrTx, ctx: Pick<Ctx, 'usuario' | 'ip'>, entry: AuditEntry): Promise<void> {
  const titulares = entry.municipe_ids ? [...new Set(entry.municipe_ids)] : [];
  const row = {
    profissional_id:
      entry.profissional_id !== undefined ? entry.profissional_id : (ctx.usuario?.profissionalId ?? null),
    unidade_saude_id: entry.unidade_saude_id !== undefined ? entry.unidade_saude_id : (ctx.usuario?.unidadeId ?? null),
    action: entry.action,
    resource: entry.resource,
    record_id: entry.record_id ?? null,
    municipe_ids: titulares.length > 0 ? titulares : null,
    ip: ctx.ip,
    details: entry.details ?? null,
  };
  const driver = (db as { $client?: unknown }).$client;
  if (driver instanceof pg.Pool) {
    await driver.query({
      name: 'auditoria_inserir',
      text: AUDIT_SQL,
      values: [
        row.profissional_id,
        row.unidade_saude_id,
        row.action,
        row.resource,
        row.record_id,
        row.municipe_ids,
        row.ip,
        row.details === null ? null : JSON.stringify(row.details),
      ],
    });
    return;
  }
  await db.insert(auditoria).values(row);
}

export type ReadAudit = {
  resource: string;
  /** 'show' for one record, 'index' for a list or a search (the permission's action). */
  action: 'show' | 'index';
  record_id?: string | null;
  /** Whose data the answer carries: the record's citizen, a family's members, a list page's citizens. */
  municipe_ids: readonly string[];
  /** Which parts were read (e.g. ['condicao_saude']) and, for lists, which filters were used — never their values. */
  details?: Record<string, unknown>;
  /**
   * Write the row even when the answer names no citizen: a record holding health data of someone not identified (a
   * household's vitals taken at the registration visit, before any family is linked).
   */
  always?: boolean;
};

/**
 * Reads of personal or health data leave one row each (issue 14, LGPD): the read, then its audit row, and only then the
 * answer — if the row cannot be written the request fails, so an answer never leaves without its trail. No transaction
 * (issue 15): under READ COMMITTED each statement reads its own snapshot anyway, and BEGIN/COMMIT cost two round trips
 * per read. A read that finds nothing of anyone writes nothing.
 */
export async function auditedRead<T>(
  ctx: Ctx,
  read: (db: DbOrTx) => Promise<T>,
  trail: (result: T) => ReadAudit | null,
): Promise<T> {
  const result = await read(ctx.db);
  const entry = trail(result);
  if (entry && (entry.municipe_ids.length > 0 || entry.always)) {
    const { always: _always, ...row } = entry;
    await audit(ctx.db, ctx, row);
  }
  return result;
}

/** The column `auditedSelect` adds to keep the rows' order; callers drop it. */
export const ORDEM_AUDITADA = 'ordem_auditada';

/**
 * A list read and its audit row in one statement (a data-modifying CTE): the same row `auditedRead` writes — the
 * citizens of the `id` column, none when the page is empty — one round trip fewer (issue 15: every search of the
 * registry). The statement fails whole if the row cannot be written, so an answer still never leaves without its
 * trail. The rows come back in the select's order, with `ordem_auditada`.
 */
export function auditedSelect(
  ctx: Pick<Ctx, 'usuario' | 'ip'>,
  select: SQL,
  entry: Omit<ReadAudit, 'municipe_ids' | 'always'>,
): SQL {
  const ordem = sql.identifier(ORDEM_AUDITADA);
  return sql`with lida as (select l.*, row_number() over () as ${ordem} from (${select}) l),
    trilha as (
      insert into ${auditoria} (profissional_id, unidade_saude_id, action, resource, record_id, municipe_ids, ip, details)
      select ${ctx.usuario?.profissionalId ?? null}::uuid, ${ctx.usuario?.unidadeId ?? null}::uuid, ${entry.action},
        ${entry.resource}, ${entry.record_id ?? null}, array_agg(distinct lida.id), ${ctx.ip},
        ${entry.details ? JSON.stringify(entry.details) : null}::jsonb
      from lida having count(*) > 0
    )
    select * from lida order by ${ordem}`;
}
