import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { auditRows, buildTestApp, onPostgres, signIn, type TestApp } from '../test/helpers';

// The audit trail is append-only in the database itself (issue 14), whatever the application does.
describe('auditoria is append-only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { demo: true });
    await signIn(t, 'medico');
  });
  afterAll(async () => {
    await t.close();
  });

  const refused = async (statement: ReturnType<typeof sql>) => {
    const err = await t.db.execute(statement).then(
      () => null,
      (e: unknown) => e as { message?: string; cause?: { message?: string } },
    );
    expect(err, 'the statement should have failed').not.toBeNull();
    return `${err?.message ?? ''} ${err?.cause?.message ?? ''}`;
  };

  it(`refuses UPDATE, DELETE and TRUNCATE, even for the table's owner`, async () => {
    const before = await auditRows(t);
    expect(before.length).toBeGreaterThan(0);
    expect(await refused(sql`update auditoria set action = 'apagado'`)).toContain(
      'A auditoria só aceita inclusões: UPDATE não é permitido.',
    );
    expect(await refused(sql`delete from auditoria`)).toContain(
      'A auditoria só aceita inclusões: DELETE não é permitido.',
    );
    expect(await refused(sql`truncate auditoria`)).toContain('TRUNCATE não é permitido');
    // Granting the rights back does not get past the trigger.
    await t.db.execute(sql`grant update, delete on auditoria to current_user`);
    expect(await refused(sql`delete from auditoria where id = ${before[0]!.id}`)).toContain('DELETE não é permitido');
    expect(await auditRows(t)).toEqual(before);
  });

  it('still takes new rows', async () => {
    const n = (await auditRows(t)).length;
    await signIn(t, 'enfermagem');
    expect((await auditRows(t)).length).toBeGreaterThan(n);
  });
});

// A one-role install (the app's role owns the tables it migrated) loses UPDATE, DELETE and TRUNCATE on auditoria.
describe.runIf(onPostgres)('auditoria rights on PostgreSQL for a role that is not a superuser', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const suffix = randomBytes(5).toString('hex');
  const role = `saude_app_${suffix}`;
  const dbName = `saude_role_${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  let app: pg.Client;

  beforeAll(async () => {
    await admin.connect();
    const password = randomBytes(12).toString('hex');
    await admin.query(`create role ${role} login password '${password}'`);
    await admin.query(`create database ${dbName} owner ${role}`);
    const url = new URL(adminUrl);
    url.username = role;
    url.password = password;
    url.pathname = `/${dbName}`;
    // The app's own role runs the migrations, as a one-role install does.
    const database = await openPostgres(url.toString(), 1);
    await database.migrate();
    await database.db.execute(
      sql`insert into auditoria (action, resource) values ('teste', 'auditoria'), ('teste', 'auditoria')`,
    );
    await database.close();
    app = new pg.Client({ connectionString: url.toString() });
    await app.connect();
  });
  afterAll(async () => {
    await app?.end();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`drop role if exists ${role}`);
    await admin.end();
  });

  const codeOf = (q: string) =>
    app.query(q).then(
      () => 'ok',
      (e: { code?: string; message?: string }) => `${e.code} ${e.message}`,
    );

  it('has no right to UPDATE, DELETE or TRUNCATE it, and keeps SELECT and INSERT', async () => {
    const rights = await app.query(
      `select has_table_privilege('auditoria', 'UPDATE') as u, has_table_privilege('auditoria', 'DELETE') as d,
        has_table_privilege('auditoria', 'TRUNCATE') as t, has_table_privilege('auditoria', 'INSERT') as i,
        has_table_privilege('auditoria', 'SELECT') as s`,
    );
    expect(rights.rows[0]).toEqual({ u: false, d: false, t: false, i: true, s: true });
    expect(await codeOf(`update auditoria set action = 'x'`)).toMatch(/^42501 permission denied/);
    expect(await codeOf(`delete from auditoria`)).toMatch(/^42501 permission denied/);
    expect(await codeOf(`truncate auditoria`)).toMatch(/^42501 permission denied/);
    expect(await codeOf(`insert into auditoria (action, resource) values ('teste', 'auditoria')`)).toBe('ok');
    expect((await app.query('select count(*)::int as n from auditoria')).rows[0].n).toBe(3);
  });
});
