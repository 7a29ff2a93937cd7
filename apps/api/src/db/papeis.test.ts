import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { onPostgres } from '../test/helpers';
import { criarParticoesAuditoria } from '../modules/auditoria';
import { openPostgres, type Database } from './client';
import { abrirParaServir, openDatabase, type Opened } from './open';
import { concederPapelDaApi, PapelError, servePrivilegiado } from './papeis';

// Issue 42, least privilege: on the embedded PostgreSQL (the default), migrations run as the owner and the API's
// connection is `saude_api`, which can read and write rows but not change a table nor rewrite the audit trail.

const NEGADO = { code: '42501' }; // insufficient_privilege (also "must be owner of table")

describe('the role the API serves as (embedded PostgreSQL)', () => {
  let dir: string;
  let opened: Opened;
  let api: Database;
  const tentar = (text: string) => api.query(text);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-papeis-'));
    // As root, the embedded PostgreSQL runs as the user postgres, which must reach the folder.
    fs.chmodSync(dir, 0o755);
    opened = await openDatabase(loadConfig({ DATA_DIR: dir, EMBEDDED_DB: 'postgres', NODE_ENV: 'test' }));
    await opened.database.migrate();
    api = await abrirParaServir(opened);
  }, 300_000);

  afterAll(async () => {
    await api?.close();
    opened?.release();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('is saude_api: neither a superuser nor the owner of any table', async () => {
    expect((await tentar('select current_user as papel')).rows).toEqual([{ papel: 'saude_api' }]);
    expect(await servePrivilegiado(api)).toBe(false);
    expect(await servePrivilegiado(opened.database)).toBe(true);
  });

  it('reads, writes and deletes rows, and appends to the audit trail', async () => {
    await tentar(`insert into auditoria (action, resource, record_id) values ('show', 'teste', 'papel')`);
    expect((await tentar(`select count(*)::int as n from auditoria where record_id = 'papel'`)).rows).toEqual([
      { n: 1 },
    ]);
    await tentar(`insert into temas (id, objetivo, cor_primaria, cor_secundaria, vigencia_inicio, vigencia_fim)
      values (gen_random_uuid(), 'Tema do papel', '#123456', '#654321', '2026-01-01', '2026-12-31')`);
    await tentar(`update temas set objetivo = 'Tema do papel 2' where objetivo = 'Tema do papel'`);
    expect((await tentar(`delete from temas where objetivo = 'Tema do papel 2'`)) as unknown).toMatchObject({
      rowCount: 1,
    });
    // The months ahead come from the SECURITY DEFINER function, which the role may call.
    await expect(criarParticoesAuditoria(api.db)).resolves.toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['disable the audit trigger', 'alter table auditoria disable trigger auditoria_sem_alteracao'],
    ['switch triggers off for the session', "set session_replication_role = 'replica'"],
    ['update an audit row', `update auditoria set action = 'x' where record_id = 'papel'`],
    ['delete an audit row', `delete from auditoria where record_id = 'papel'`],
    ['truncate the audit trail', 'truncate auditoria'],
    ['update a month of the audit directly', `update auditoria_padrao set action = 'x'`],
    ['truncate a table', 'truncate temas'],
    ['alter a table', 'alter table municipes add column x integer'],
    ['drop a table', 'drop table temas'],
    ['create a role', 'create role intruso'],
  ])('cannot %s', async (_, text) => {
    await expect(tentar(text)).rejects.toMatchObject(NEGADO);
    expect((await tentar(`select count(*)::int as n from auditoria where record_id = 'papel'`)).rows).toEqual([
      { n: 1 },
    ]);
  });

  it('is granted again at the next start: a table a later migration adds is served', async () => {
    await opened.database.query('create table papel_nova (id integer)');
    await expect(tentar('insert into papel_nova values (1)')).rejects.toMatchObject(NEGADO);
    await concederPapelDaApi(opened.database, 'saude_api', { criar: true });
    await tentar('insert into papel_nova values (1)');
    expect((await tentar('select id from papel_nova')).rows).toEqual([{ id: 1 }]);
  });

  it('refuses to serve as a superuser or as the owner', async () => {
    await expect(concederPapelDaApi(opened.database, 'postgres', { criar: false })).rejects.toBeInstanceOf(PapelError);
    await expect(concederPapelDaApi(opened.database, 'nao_existe', { criar: false })).rejects.toThrow(/não existe/);
    await expect(concederPapelDaApi(opened.database, 'a"; drop', { criar: false })).rejects.toBeInstanceOf(PapelError);
  });
});

describe('DATABASE_OWNER_URL (an external PostgreSQL)', () => {
  it('goes only with DATABASE_URL, and is a postgres:// URL', () => {
    expect(() => loadConfig({ DATABASE_OWNER_URL: 'postgres://dono@servidor/saude', NODE_ENV: 'test' })).toThrow(
      /DATABASE_OWNER_URL: só vale com DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://api@servidor/saude', DATABASE_OWNER_URL: 'mysql://x', NODE_ENV: 'test' }),
    ).toThrow(/DATABASE_OWNER_URL: deve começar com postgres:\/\//);
  });

  it.skipIf(!onPostgres)(
    "migrates as the owner and serves as DATABASE_URL's role",
    async () => {
      const sufixo = Math.random().toString(36).slice(2, 8);
      const banco = `saude_papeis_${sufixo}`;
      const papel = `saude_api_${sufixo}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${banco}`);
      await admin.query(`create role ${papel} login password 'senha-do-teste'`);
      const dono = new URL(process.env.TEST_DATABASE_URL!);
      dono.pathname = `/${banco}`;
      const daApi = new URL(dono);
      daApi.username = papel;
      daApi.password = 'senha-do-teste';
      const opened = await openDatabase(
        loadConfig({ DATABASE_URL: daApi.toString(), DATABASE_OWNER_URL: dono.toString(), NODE_ENV: 'test' }),
      );
      try {
        await opened.database.migrate();
        expect(opened.servir).toMatchObject({ papel, criar: false });
        const api = await abrirParaServir(opened);
        try {
          expect((await api.query('select current_user as p')).rows).toEqual([{ p: papel }]);
          await api.query(`insert into auditoria (action, resource) values ('show', 'teste')`);
          await expect(api.query(`update auditoria set action = 'x'`)).rejects.toMatchObject(NEGADO);
          await expect(api.query('alter table auditoria disable trigger all')).rejects.toMatchObject(NEGADO);
        } finally {
          await api.close();
        }
      } finally {
        await admin.query(`drop database if exists ${banco} with (force)`);
        await admin.query(`drop role if exists ${papel}`);
        await admin.end();
      }
    },
    300_000,
  );
});

describe('processes starting together (issue 42)', () => {
  it.skipIf(!onPostgres)(
    'migrate once: the others wait for the lock and find nothing to do',
    async () => {
      const banco = `saude_migra_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${banco}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${banco}`;
      const processos = await Promise.all([1, 2, 3].map(() => openPostgres(url.toString(), 2)));
      try {
        await Promise.all(processos.map((p) => p.migrate()));
        const { rows } = await processos[0]!.query(
          'select count(*)::int as aplicadas, count(distinct hash)::int as distintas from drizzle.__drizzle_migrations',
        );
        expect(rows[0]!.aplicadas).toBe(rows[0]!.distintas);
        expect(rows[0]!.aplicadas).toBeGreaterThan(25);
      } finally {
        await Promise.all(processos.map((p) => p.close()));
        await admin.query(`drop database if exists ${banco} with (force)`);
        await admin.end();
      }
    },
    300_000,
  );
});
