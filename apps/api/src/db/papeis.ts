import type { Database } from './client';

// Least privilege (issue 42): migrations and seeds run as the tables' owner; the API serves as another role that reads
// and writes rows and nothing more. It owns no table, so it cannot ALTER one nor disable the audit trail's triggers; it
// is not a superuser, so it cannot set session_replication_role; it has no TRUNCATE, and on the audit trail only
// SELECT and INSERT. New audit months are made by auditoria_criar_particoes, a SECURITY DEFINER function (0029).

/** The role the embedded PostgreSQL's API connects as; created by the owner at every start if missing. */
export const PAPEL_API_EMBUTIDO = 'saude_api';

/** The serving role's name from a connection URL (libpq's default, the OS user, is not guessed: it must be named). */
export function papelDaUrl(url: string): string | null {
  const u = new URL(url);
  return u.username ? decodeURIComponent(u.username) : null;
}

/** The same server and database as `url`, as `papel` (the embedded server trusts its private socket). */
export function urlComoPapel(url: string, papel: string): string {
  const u = new URL(url);
  u.username = papel;
  u.password = '';
  return u.toString();
}

export class PapelError extends Error {}

/** A role name the SQL below can hold between double quotes and in a string as it is. */
const NOME_DE_PAPEL = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * Gives `papel` what the API needs, as the owner, after migrations: every table of the schema read and written, the
 * audit trail (its parent and every month) only read and appended, sequences used. Idempotent: run at every start, so a
 * table a migration adds is granted too. `criar`: make the role when missing (the embedded server; an external one's
 * DBA creates it). Refuses a superuser or the owner itself: they would keep every right this takes away.
 */
export async function concederPapelDaApi(owner: Database, papel: string, opts: { criar: boolean }): Promise<void> {
  if (!NOME_DE_PAPEL.test(papel))
    throw new PapelError(`O papel "${papel}" da DATABASE_URL deve ter só letras, dígitos e _ (até 63).`);
  const q = (text: string) => owner.query(text);
  const p = `"${papel}"`;
  if (opts.criar) {
    await q(`DO $$ BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('saude_papel_api'));
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${papel}') THEN
        CREATE ROLE ${p} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
      END IF; END $$`);
  }
  const { rows } = (await q(`SELECT r.rolsuper AS super, r.rolbypassrls AS bypass, r.rolname = current_user AS dono
    FROM pg_roles r WHERE r.rolname = '${papel}'`)) as {
    rows: Array<{ super: boolean; bypass: boolean; dono: boolean }>;
  };
  const r = rows[0];
  if (!r) throw new PapelError(`O papel "${papel}" da DATABASE_URL não existe no PostgreSQL: crie-o (CREATE ROLE).`);
  if (r.dono)
    throw new PapelError(
      `DATABASE_URL e DATABASE_OWNER_URL usam o mesmo papel ("${papel}"): a API deve servir com um papel que não é o dono.`,
    );
  if (r.super || r.bypass)
    throw new PapelError(`O papel "${papel}" da DATABASE_URL é superusuário: a API deve servir com um papel comum.`);
  // Several API processes start together (issue 42): concurrent GRANTs on one table fail, so they take turns.
  await q(`DO $$ DECLARE t regclass; BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('saude_papel_api'));
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO ${p}', current_database());
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO ${p}', current_schema());
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO ${p}',
      current_schema());
    EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO ${p}', current_schema());
    EXECUTE format('REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA %I FROM ${p}',
      current_schema());
    -- The audit trail: its parent, the default partition and every month, present or detached by an interrupted archive.
    FOR t IN SELECT c.oid::regclass FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
        AND (c.relname = 'auditoria' OR c.relname ~ '^auditoria_([0-9]{4}_[0-9]{2}|padrao)$')
    LOOP
      EXECUTE format('REVOKE UPDATE, DELETE ON %s FROM ${p}', t);
    END LOOP; END $$`);
}

/** True when this connection's role is a superuser or owns a table of the schema (the one-URL set-up, warned at start). */
export async function servePrivilegiado(database: Database): Promise<boolean> {
  const { rows } = (await database.query(`SELECT
      (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
      OR EXISTS (SELECT FROM pg_tables WHERE schemaname = current_schema() AND tableowner = current_user) AS sim`)) as {
    rows: Array<{ sim: boolean }>;
  };
  return rows[0]?.sim === true;
}
