import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { prepareDatabase } from '../seed/setup';
import { onPostgres } from '../test/helpers';
import { fazerBackup, formatoDoArquivo, restaurar } from './backup';
import type { Database } from './client';
import { postgresBinaries } from './embedded-postgres';
import { abrirParaServir, openDatabase, type Opened } from './open';

// Issue 42, backups: make data (the demo), back up while connections write and hold a transaction open, restore into
// a new, empty target and compare every table's row count and content checksum. The embedded PostgreSQL 18 gets the
// physical copy (no pg_dump 18 here); a real PostgreSQL (TEST_DATABASE_URL, CI's 15) gets pg_dump's custom format.

type Retrato = Record<string, { n: number; md5: string }>;

/** Row count and a checksum of the rows' text, for every table outside PostgreSQL's own schemas. */
async function retrato(db: Database): Promise<Retrato> {
  const { rows } = (await db.query(`select format('%I.%I', schemaname, tablename) as t from pg_tables
    where schemaname not in ('pg_catalog', 'information_schema') order by 1`)) as { rows: Array<{ t: string }> };
  const out: Retrato = {};
  for (const { t } of rows) {
    const r = await db.query(
      `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as md5 from ${t} x`,
    );
    out[t] = r.rows[0] as { n: number; md5: string };
  }
  return out;
}

/** Commits one audit row after another until stopped: a connection writing through the whole backup. */
function escritor(db: Database) {
  let parar = false;
  let feitas = 0;
  const fim = (async () => {
    while (!parar) {
      await db.query(`insert into auditoria (action, resource, record_id) values ('show', 'backup', $1)`, [
        `escrita-${feitas}`,
      ]);
      feitas++;
    }
  })();
  return {
    feitas: () => feitas,
    /** Waits for `n` more commits, then stops and waits for the last one. */
    pararDepoisDe: async (n: number) => {
      const alvo = feitas + n;
      while (feitas < alvo) await new Promise((r) => setTimeout(r, 20));
      parar = true;
      await fim;
    },
  };
}

/** An open transaction with a row never committed: it must not reach the copy. */
async function transacaoAberta(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('begin');
  await c.query(`insert into auditoria (action, resource, record_id) values ('show', 'backup', 'nao-confirmada')`);
  return async () => {
    await c.query('rollback');
    await c.end();
  };
}

// The embedded server's copy runs once, in the PGlite run (test:unit); the pg_dump one in the PostgreSQL run (test:pg).
const embutido = !onPostgres && !!(await postgresBinaries());

describe.skipIf(!embutido)('backup and restore of the embedded PostgreSQL (physical copy)', () => {
  let raiz: string;
  let opened: Opened;
  let api: Database;
  const linhas: string[] = [];
  const config = (dir: string) => loadConfig({ DATA_DIR: dir, EMBEDDED_DB: 'postgres', NODE_ENV: 'test' });

  beforeAll(async () => {
    raiz = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-backup-'));
    // As root, the embedded PostgreSQL runs as the user postgres, which must reach the folders.
    fs.chmodSync(raiz, 0o755);
    opened = await openDatabase(config(path.join(raiz, 'origem')));
    await prepareDatabase(opened.database, { demo: true });
    api = await abrirParaServir(opened);
  }, 600_000);

  afterAll(async () => {
    await api?.close();
    opened?.release();
    fs.rmSync(raiz, { recursive: true, force: true });
  }, 120_000);

  it('copies a running server while it writes, and a new DATA_DIR gets every row back', async () => {
    const arquivo = path.join(raiz, 'copia.tar.gz');
    const aberta = await transacaoAberta(opened.servir!.url);
    const escrita = escritor(api);
    let antes: Retrato;
    try {
      const r = await fazerBackup(config(path.join(raiz, 'origem')), arquivo, {
        log: (m) => linhas.push(m),
        // Rows committed after the files were copied exist only in the WAL the copy carries.
        duranteCopia: () => escrita.pararDepoisDe(5),
      });
      expect(r.formato).toBe('fisico');
      antes = await retrato(opened.database);
    } finally {
      await aberta();
    }
    expect(escrita.feitas()).toBeGreaterThanOrEqual(5);
    expect(antes['public.auditoria']!.n).toBeGreaterThanOrEqual(escrita.feitas());
    expect(Object.keys(antes).length).toBeGreaterThan(30);
    expect(linhas.join('\n')).toMatch(/Servidor em execução[\s\S]*Cópia gravada em .*copia\.tar\.gz \(/);
    expect(await formatoDoArquivo(arquivo)).toMatchObject({ formato: 'fisico', marca: { postgres: /^18\./ } });

    const destino = path.join(raiz, 'destino');
    await restaurar(config(destino), arquivo, { log: (m) => linhas.push(m) });
    const restaurado = await openDatabase(config(destino));
    try {
      const depois = await retrato(restaurado.database);
      expect(depois).toEqual(antes);
      const nao = await restaurado.database.query(
        `select count(*)::int as n from auditoria where record_id = 'nao-confirmada'`,
      );
      expect(nao.rows).toEqual([{ n: 0 }]);
      // npm start serves it as saude_api again.
      const servindo = await abrirParaServir(restaurado);
      try {
        expect((await servindo.query('select current_user as p, count(*)::int as n from municipes')).rows).toEqual([
          { p: 'saude_api', n: antes['public.municipes']!.n },
        ]);
      } finally {
        await servindo.close();
      }
    } finally {
      await restaurado.database.close().catch(() => {});
      restaurado.release();
    }
    console.log(linhas.join('\n'));
  }, 300_000);

  it('refuses a DATA_DIR that already holds a database, changing nothing', async () => {
    const destino = path.join(raiz, 'destino');
    const antes = fs.readdirSync(path.join(destino, 'postgres')).sort();
    await expect(restaurar(config(destino), path.join(raiz, 'copia.tar.gz'))).rejects.toThrow(
      /já tem um banco: a restauração só grava num DATA_DIR novo ou vazio\. .*Nada foi alterado\./,
    );
    expect(fs.readdirSync(path.join(destino, 'postgres')).sort()).toEqual(antes);
    expect(fs.readdirSync(destino).filter((n) => n.startsWith('.restaurando-'))).toEqual([]);
  });

  it('refuses a file that is not one of our backups', async () => {
    const texto = path.join(raiz, 'nao-e-copia.txt');
    fs.writeFileSync(texto, 'qualquer coisa');
    const gz = path.join(raiz, 'outro.tar.gz');
    fs.writeFileSync(gz, zlib.gzipSync(Buffer.alloc(2048, 'x')));
    const vazio = path.join(raiz, 'vazio');
    for (const f of [texto, gz])
      await expect(restaurar(config(vazio), f)).rejects.toThrow(/não é uma cópia de segurança do Saúde Municipal/);
    expect(fs.existsSync(path.join(vazio, 'postgres'))).toBe(false);
  });
});

describe.skipIf(!onPostgres)('backup and restore on PostgreSQL (pg_dump custom format)', () => {
  const sufixo = Math.random().toString(36).slice(2, 8);
  const [origem, destino, papel] = [
    `saude_bk_origem_${sufixo}`,
    `saude_bk_destino_${sufixo}`,
    `saude_bk_api_${sufixo}`,
  ];
  let admin: pg.Client;
  let raiz: string;
  const urls = (banco: string) => {
    const dono = new URL(process.env.TEST_DATABASE_URL!);
    dono.pathname = `/${banco}`;
    const daApi = new URL(dono);
    daApi.username = papel;
    daApi.password = 'senha-do-teste';
    return loadConfig({ DATABASE_URL: daApi.toString(), DATABASE_OWNER_URL: dono.toString(), NODE_ENV: 'test' });
  };

  beforeAll(async () => {
    raiz = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-backup-pg-'));
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${origem}`);
    await admin.query(`create database ${destino}`);
    await admin.query(`create role ${papel} login password 'senha-do-teste'`);
  }, 120_000);

  afterAll(async () => {
    await admin.query(`drop database if exists ${origem} with (force)`);
    await admin.query(`drop database if exists ${destino} with (force)`);
    await admin.query(`drop role if exists ${papel}`);
    await admin.end();
    fs.rmSync(raiz, { recursive: true, force: true });
  }, 120_000);

  it('dumps while a transaction is open and restores every row into an empty database, which then refuses another', async () => {
    const arquivo = path.join(raiz, 'copia.dump');
    const opened = await openDatabase(urls(origem));
    let antes: Retrato;
    try {
      await prepareDatabase(opened.database, { demo: true });
      const api = await abrirParaServir(opened);
      try {
        const escrita = escritor(api);
        await escrita.pararDepoisDe(3);
        const aberta = await transacaoAberta(urls(origem).DATABASE_URL!);
        try {
          expect((await fazerBackup(urls(origem), arquivo)).formato).toBe('custom');
        } finally {
          await aberta();
        }
        antes = await retrato(opened.database);
      } finally {
        await api.close();
      }
    } finally {
      opened.release();
    }
    expect(await formatoDoArquivo(arquivo)).toEqual({ formato: 'custom' });

    await restaurar(urls(destino), arquivo);
    const restaurado = await openDatabase(urls(destino));
    expect(await retrato(restaurado.database)).toEqual(antes);
    const servindo = await abrirParaServir(restaurado);
    try {
      expect((await servindo.query('select current_user as p')).rows).toEqual([{ p: papel }]);
      // The audit trail is still append-only for the API.
      await expect(servindo.query(`update auditoria set action = 'x'`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await servindo.close();
      restaurado.release();
    }

    await expect(restaurar(urls(destino), arquivo)).rejects.toThrow(
      /O banco de destino não está vazio \(\d+ .*\): a restauração só grava num banco vazio\..*Nada foi alterado\./s,
    );
  }, 300_000);
});
