// Issue 42: the upgrade from the release before it. The database of that release (its schema and demo data, dumped by
// `pg_dump` from a start of commit bd9254a: db/upgrade/bd9254a.sql.gz) is loaded into the embedded PostgreSQL, the new
// version starts on it exactly as `npm start` does, and then every table still holds every row it held (compared on
// the old columns), and every GET answers each demo user as the old release did (db/upgrade/bd9254a.respostas.json).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { DEMO_PASSWORD } from '../seed/demo';
import { prepareDatabase } from '../seed/setup';
import type { Database } from './client';
import { postgresBinaries, startEmbeddedPostgres } from './embedded-postgres';
import { abrirParaServir, openDatabase } from './open';
import { migracoesDepoisDoRelease } from './upgrade/migracoes.mjs';
import { capturarRespostas, type Respostas } from './upgrade/respostas';

const RELEASE = 'bd9254a';
const pasta = path.join(import.meta.dirname, 'upgrade');

/** Debian's psql (any version reads a plain dump into a newer server), or none. */
function psql(): string | null {
  const debian = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  const candidatos = [
    'psql',
    ...debian.sort((a, b) => Number(b) - Number(a)).map((v) => `/usr/lib/postgresql/${v}/bin/psql`),
  ];
  for (const c of candidatos)
    try {
      execFileSync(c, ['--version'], { stdio: 'ignore' });
      return c;
    } catch {
      // not this one
    }
  return null;
}
const psqlBin = psql();
const binaries = await postgresBinaries();

/** Streams the gzipped plain dump into psql, stopping at the first error. */
function carregar(url: string, arquivo: string) {
  return new Promise<void>((resolve, reject) => {
    const p = spawn(psqlBin!, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url], { stdio: ['pipe', 'ignore', 'pipe'] });
    let erro = '';
    p.stderr.on('data', (d: Buffer) => (erro += d.toString()));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql saiu com ${code}: ${erro}`))));
    fs.createReadStream(arquivo).pipe(zlib.createGunzip()).pipe(p.stdin);
  });
}

/** The app's tables (not partitions: their parent holds their rows) and their columns, as the old release had them. */
async function tabelas(c: pg.Client) {
  const { rows } = await c.query<{ tabela: string; colunas: string[] }>(`
    select format('%I.%I', n.nspname, t.relname) as tabela,
           array_agg(format('%I', a.attname) order by a.attnum) as colunas
      from pg_class t
      join pg_namespace n on n.oid = t.relnamespace
      join pg_attribute a on a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped
     where t.relkind in ('r', 'p') and not t.relispartition and n.nspname in ('public', 'drizzle')
     group by 1 order by 1`);
  return rows;
}

/** Product-owned rows every start refreshes (seed/base.ts, seed/ouvidoria.ts): their ids stay, `updated_at` moves. */
const RENOVADAS_A_CADA_INICIO = ['public.menus', 'public.prioridades_solicitacao', 'public.tipos_solicitacao'];
const comparadas = (tabela: string, colunas: string[]) =>
  RENOVADAS_A_CADA_INICIO.includes(tabela) ? colunas.filter((c) => c !== 'updated_at') : colunas;

/**
 * Answers that change with the calendar, not the release: the campaign theme in force today, and the lists that open
 * on today's date — the day's tickets and the day's urgent-care arrivals (the release's dump has those of 29/11/2026;
 * from the next São Paulo day both lists are rightly empty). Their status is still compared.
 */
const DEPENDEM_DO_DIA = [
  '/api/v1/ferramentas/tema_atual',
  '/api/v1/filas/senhas',
  '/api/v1/urgencia_emergencia/atendimentos',
];

// Both drivers answer { rows } (PgQueryResultHKT leaves it unknown).
/** Migrations in the tree that the release did not have (its dump's migrations table has a row per applied one). */
const consultar = async <T>(d: Database, q: string) => (await d.db.execute(sql.raw(q))) as unknown as { rows: T[] };

describe.skipIf(!psqlBin || !binaries)(`upgrade from the release before issue 42 (${RELEASE})`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-upgrade-'));
  // The embedded server runs as the user postgres when the tests run as root: it must reach the folder.
  fs.chmodSync(dir, 0o755);
  let database: Database | undefined;
  let app: App | undefined;

  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts on the old database, keeps every row and answers every GET as before', async () => {
    // 1. The old release's database, as its own server held it.
    const pgDir = path.join(dir, 'postgres');
    const server = await startEmbeddedPostgres(binaries!, pgDir);
    const antes = new pg.Client({ connectionString: server.url });
    let velhas: Awaited<ReturnType<typeof tabelas>>;
    try {
      await carregar(server.url, path.join(pasta, `${RELEASE}.sql.gz`));
      await antes.connect();
      velhas = await tabelas(antes);
      // A copy of every old row, to compare with after the upgrade (in a schema the app never reads).
      await antes.query('create schema antes_upgrade');
      for (const { tabela } of velhas)
        await antes.query(`create table antes_upgrade."${tabela}" as select * from ${tabela}`);
    } finally {
      await antes.end();
      await server.stop();
    }
    expect(velhas.map((t) => t.tabela)).toContain('public.municipes');

    // 2. The new version starts on it as `npm start` does (demo on: it must not seed over existing data).
    const config = loadConfig({ DATA_DIR: dir, DEMO: 'true', LOG_LEVEL: 'silent' });
    const opened = await openDatabase(config);
    database = opened.database;
    await prepareDatabase(opened.database, { demo: true });

    // 3. Every old row is still there on its old columns, and no table gained rows from the start.
    const { rows: perdidas } = await consultar<{ tabela: string; antes: number; faltam: number }>(
      opened.database,
      velhas
        .map(({ tabela, colunas: todas }) => {
          const colunas = comparadas(tabela, todas);
          return `select '${tabela.replaceAll("'", "''")}' as tabela,
                    (select count(*) from antes_upgrade."${tabela}")::int as antes,
                    (select count(*) from antes_upgrade."${tabela}" o
                      where md5(row(${colunas.map((c) => `o.${c}`).join(',')})::text) not in
                            (select md5(row(${colunas.map((c) => `n.${c}`).join(',')})::text) from ${tabela} n))::int as faltam`;
        })
        .join(' union all '),
    );
    const { rows: agora } = await consultar<{ tabela: string; n: number }>(
      opened.database,
      velhas
        .map(({ tabela }) => `select '${tabela}' as tabela, (select count(*) from ${tabela})::int as n`)
        .join(' union all '),
    );
    const contagem = Object.fromEntries(agora.map((r) => [r.tabela, r.n]));
    expect(perdidas.filter((p) => p.faltam > 0)).toEqual([]);
    // The migrations table gains a row per migration newer than the release; every other table keeps its count.
    const { ['drizzle.__drizzle_migrations']: migracoes, ...demais } = contagem;
    const contagemAntes: Record<string, number> = Object.fromEntries(perdidas.map((p) => [p.tabela, p.antes]));
    expect(migracoes).toBe(
      contagemAntes['drizzle.__drizzle_migrations']! + migracoesDepoisDoRelease(`${RELEASE}.sql.gz`).length,
    );
    delete contagemAntes['drizzle.__drizzle_migrations'];
    // The start (seedBase) keeps the built-in profiles and their permissions in step with the code: a new built-in
    // profile or permission (issue 46: protecao_dados, municipes/lgpd, municipes/correcoes) adds rows there, and the
    // old ones are all kept (checked above). So does the menu: a new screen's entry (issue 44: Cobertura, Território).
    for (const tabela of ['public.perfis', 'public.perfil_permissoes', 'public.menus']) {
      expect(demais[tabela], tabela).toBeGreaterThanOrEqual(contagemAntes[tabela]!);
      delete demais[tabela];
      delete contagemAntes[tabela];
    }
    expect(contagemAntes).toEqual(demais);
    expect(contagem['public.municipes']).toBeGreaterThan(100);
    await consultar(opened.database, 'drop schema antes_upgrade cascade');

    // 4. The product's answers: every GET without a parameter, for each demo user, as the old release answered.
    database = await abrirParaServir(opened);
    app = await buildApp(config, database);
    const atuais = await capturarRespostas(app, DEMO_PASSWORD);
    const anteriores = JSON.parse(fs.readFileSync(path.join(pasta, `${RELEASE}.respostas.json`), 'utf8')) as Respostas;
    expect(Object.keys(anteriores)).toHaveLength(7);
    for (const [usuario, rotas] of Object.entries(anteriores))
      for (const [rota, antes] of Object.entries(rotas)) {
        const depois = atuais[usuario]?.[rota];
        // Same status; every record the old release listed is still listed (lists of "started" notices may grow).
        expect({ usuario, rota, status: depois?.status }).toEqual({ usuario, rota, status: antes.status });
        if (DEPENDEM_DO_DIA.includes(rota)) continue;
        const faltando = (antes.ids ?? []).filter((id) => !depois?.ids?.includes(id));
        expect({ usuario, rota, faltando }).toEqual({ usuario, rota, faltando: [] });
      }
  });
});
