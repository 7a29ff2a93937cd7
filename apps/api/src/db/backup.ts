import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import type { Config } from '../config';
import {
  EmbeddedPostgresError,
  isInitialised,
  postgresBinaries,
  serverUser,
  startEmbeddedPostgres,
} from './embedded-postgres';
import { DataDirLockedError, lockDataDir } from './lock';

// Backups (issue 42; README "Cópias de segurança", docs/decisions.md). Two kinds of file:
// - PostgreSQL's custom format (pg_dump -Fc), whenever a pg_dump at least as new as the server exists: an external
//   PostgreSQL, or the embedded one with PG_DUMP pointing at a pg_dump 18;
// - otherwise, for the embedded PostgreSQL 18 (npm ships no pg_dump), an online physical copy: the data directory
//   between pg_backup_start and pg_backup_stop, with its backup_label and the WAL of that interval, as a .tar.gz whose
//   first entry (MARCA) says what it is. The server replays that WAL at its first start after the restore.
// Both are taken while the server runs. Only counts, sizes and file names are printed: never a row.

export class BackupError extends Error {}

/** The first entry of a physical copy: says the file is ours, and from which PostgreSQL. */
export const MARCA = 'saude-municipal-backup.json';
const FORMATO_FISICO = 'saude-municipal/copia-fisica';

export type Formato = 'custom' | 'fisico';
type Log = (m: string) => void;
type Alvo = Pick<Config, 'DATABASE_URL' | 'DATABASE_OWNER_URL' | 'DATA_DIR'>;
type Marca = { formato: string; versao: number; postgres: string; criadoEm: string };

export type OpcoesBackup = {
  log?: Log;
  /** Runs after the data files are copied, before pg_backup_stop (tests write meanwhile: only the WAL holds it). */
  duranteCopia?: () => Promise<void>;
};

const tamanho = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1).replace('.', ',')} GB`
    : bytes >= 1024 ** 2
      ? `${(bytes / 1024 ** 2).toFixed(1).replace('.', ',')} MB`
      : `${Math.ceil(bytes / 1024)} kB`;

// ---------------------------------------------------------------------------------------------------------------
// The PostgreSQL client programs

type Ferramenta = { bin: string; major: number };

function majorDe(bin: string): number | null {
  try {
    const out = execFileSync(bin, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const m = /\(PostgreSQL\)\s+(\d+)/.exec(out);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * pg_dump or pg_restore of major version ≥ `minimo`: PG_DUMP / PG_RESTORE (or pg_restore beside PG_DUMP), then PATH,
 * then Debian's /usr/lib/postgresql/<versão>/bin, highest first. Null when none is new enough.
 */
export function acharFerramenta(nome: 'pg_dump' | 'pg_restore', minimo: number): Ferramenta | null {
  const env = nome === 'pg_dump' ? process.env.PG_DUMP : process.env.PG_RESTORE;
  const candidatos: string[] = [];
  if (env) candidatos.push(env);
  if (nome === 'pg_restore' && process.env.PG_DUMP) candidatos.push(path.join(path.dirname(process.env.PG_DUMP), nome));
  candidatos.push(nome);
  try {
    const versoes = fs
      .readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versoes) candidatos.push(`/usr/lib/postgresql/${v}/bin/${nome}`);
  } catch {
    // not Debian
  }
  for (const bin of candidatos) {
    const major = majorDe(bin);
    if (major !== null && major >= minimo) return { bin, major };
  }
  return null;
}

function executar(cmd: string, args: string[], opts: { aceitar?: number[]; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: opts.env ?? process.env });
    let erro = '';
    child.stderr.on('data', (d: Buffer) => {
      erro = (erro + d.toString()).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== null && (opts.aceitar ?? [0]).includes(code)) resolve();
      else reject(new BackupError(`${path.basename(cmd)} falhou (código ${code}):\n${erro.trim()}`));
    });
  });
}

/** The URL without its password, which goes in PGPASSWORD: a command line is visible to every user of the machine. */
function semSenha(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const senha = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: senha ? { ...process.env, PGPASSWORD: senha } : process.env };
}

async function comConexao<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url, application_name: 'saude-backup' });
  try {
    await c.connect();
  } catch (err) {
    // The URL may hold a password: only the server's own reason is shown.
    throw new BackupError(`Não foi possível conectar ao banco: ${(err as Error).message}`);
  }
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const versaoDoServidor = (c: pg.Client) =>
  c
    .query<{ v: string; major: number }>(
      `select current_setting('server_version') as v, current_setting('server_version_num')::int / 10000 as major`,
    )
    .then((r) => r.rows[0]!);

// ---------------------------------------------------------------------------------------------------------------
// The embedded server: the running one, or one started under the DATA_DIR lock for the job

const readOrEmpty = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/**
 * The running server's address, from its postmaster.pid (line 4: port, 5: socket folder, 8: status). The server
 * trusts its private socket, so the owner `postgres` connects without a password (only this user or root may open it).
 */
async function urlDoServidorEmExecucao(pgDir: string): Promise<string> {
  const ate = Date.now() + 120_000;
  for (;;) {
    const linhas = readOrEmpty(path.join(pgDir, 'postmaster.pid')).split('\n');
    if (linhas[7]?.trim() === 'ready' && linhas[3] && linhas[4])
      return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(linhas[4].trim())}&port=${linhas[3].trim()}`;
    if (Date.now() > ate)
      throw new BackupError(`O servidor que usa ${path.dirname(pgDir)} não tem um PostgreSQL embutido pronto.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function comServidorEmbutido<T>(dataDir: string, log: Log, fn: (url: string) => Promise<T>): Promise<T> {
  const pgDir = path.join(dataDir, 'postgres');
  if (!isInitialised(pgDir)) {
    if (fs.existsSync(path.join(dataDir, 'pglite')))
      throw new BackupError(
        `${dataDir} guarda um banco PGlite: pare o servidor e copie a pasta ${path.join(dataDir, 'pglite')} inteira.`,
      );
    throw new BackupError(`Não há banco em ${dataDir}: confira DATA_DIR (ou DATABASE_URL).`);
  }
  let release: (() => void) | null = null;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
  }
  if (!release) {
    log(`Servidor em execução com ${dataDir}: a cópia é feita com ele no ar.`);
    return fn(await urlDoServidorEmExecucao(pgDir));
  }
  try {
    const binaries = await postgresBinaries();
    if (!binaries) throw new BackupError(`Não há binários do PostgreSQL para ${process.platform}-${process.arch}.`);
    log(`Nenhum servidor usa ${dataDir}: iniciando o PostgreSQL embutido só para a cópia.`);
    const server = await startEmbeddedPostgres(binaries, pgDir);
    try {
      return await fn(server.url);
    } finally {
      await server.stop();
    }
  } finally {
    release();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Backup

/** Writes a backup of the database `npm start` would use (config) to `arquivo`, while that database serves. */
export async function fazerBackup(
  config: Alvo,
  arquivo: string,
  opts: OpcoesBackup = {},
): Promise<{ formato: Formato; bytes: number }> {
  const log = opts.log ?? (() => {});
  const destino = path.resolve(arquivo);
  fs.mkdirSync(path.dirname(destino), { recursive: true });
  const parcial = `${destino}.parcial-${process.pid}`;
  try {
    const formato: Formato = config.DATABASE_URL
      ? await backupLogico(config.DATABASE_OWNER_URL ?? config.DATABASE_URL, parcial, log)
      : await comServidorEmbutido(config.DATA_DIR, log, async (url) => {
          const pgDir = path.join(config.DATA_DIR, 'postgres');
          // A pg_dump 18 (PG_DUMP) gives the portable format; without one, the physical copy.
          if (acharFerramenta('pg_dump', (await comConexao(url, versaoDoServidor)).major))
            return backupLogico(url, parcial, log);
          return copiaFisica(url, pgDir, parcial, log, opts);
        });
    fs.renameSync(parcial, destino);
    const bytes = fs.statSync(destino).size;
    log(`Cópia gravada em ${destino} (${tamanho(bytes)}).`);
    return { formato, bytes };
  } finally {
    fs.rmSync(parcial, { force: true });
  }
}

/** pg_dump -Fc, with a pg_dump at least as new as the server (pg_dump refuses a newer server). */
async function backupLogico(url: string, saida: string, log: Log): Promise<Formato> {
  const servidor = await comConexao(url, versaoDoServidor);
  const dump = acharFerramenta('pg_dump', servidor.major);
  if (!dump) {
    throw new BackupError(
      `Não há pg_dump ${servidor.major} ou mais novo (o servidor é PostgreSQL ${servidor.v}): instale o pacote ` +
        `postgresql-client-${servidor.major} ou indique o programa em PG_DUMP.`,
    );
  }
  log(`Cópia lógica (pg_dump ${dump.major}, formato custom) do PostgreSQL ${servidor.v}…`);
  const alvo = semSenha(url);
  await executar(dump.bin, ['--format=custom', '--file', saida, '--dbname', alvo.url], { env: alvo.env });
  return 'custom';
}

/**
 * The online physical copy (docs/decisions.md): a temporary replication slot keeps the WAL from the start on, the
 * files are archived between pg_backup_start and pg_backup_stop on one connection, then backup_label, tablespace_map
 * and the WAL segments from the start to the stop position are appended. GNU tar writes the archive; a file that
 * changes while read is expected (the WAL replay repairs it), so tar's "changed" status 1 is accepted.
 */
async function copiaFisica(url: string, pgDir: string, saida: string, log: Log, opts: OpcoesBackup): Promise<Formato> {
  const dataDir = path.dirname(pgDir);
  const tarFile = `${saida}.tar`;
  const palco = fs.mkdtempSync(`${saida}.palco-`);
  try {
    await comConexao(url, async (c) => {
      const servidor = await versaoDoServidor(c);
      log(`Cópia física do PostgreSQL embutido ${servidor.v} (não há pg_dump ${servidor.major} nesta máquina)…`);
      const marca: Marca = {
        formato: FORMATO_FISICO,
        versao: 1,
        postgres: servidor.v,
        criadoEm: new Date().toISOString(),
      };
      fs.writeFileSync(path.join(palco, MARCA), JSON.stringify(marca, null, 2));
      await executar('tar', ['-cf', tarFile, '-C', palco, MARCA]);

      await c.query('select pg_create_physical_replication_slot($1, true, true)', [`saude_backup_${process.pid}`]);
      const inicio = (
        await c.query<{ lsn: string }>(`select pg_backup_start($1, true)::text as lsn`, [
          `saude-municipal ${marca.criadoEm}`,
        ])
      ).rows[0]!;
      const { rows: tam } = await c.query<{ n: string }>(
        `select sum(pg_database_size(oid))::text as n from pg_database`,
      );
      log(`Copiando os arquivos do banco (${tamanho(Number(tam[0]?.n ?? 0))}, início do WAL em ${inicio.lsn})…`);
      const excluir = [
        'postgres/pg_wal/*',
        'postgres/postmaster.pid',
        'postgres/postmaster.opts',
        'postgres/pg_replslot/*',
        'postgres/pg_dynshmem/*',
        'postgres/pg_notify/*',
        'postgres/pg_serial/*',
        'postgres/pg_snapshots/*',
        'postgres/pg_stat_tmp/*',
        'postgres/pg_subtrans/*',
        'postgres/.s.PGSQL.*',
        'pgsql_tmp*',
      ];
      await executar(
        'tar',
        [
          '-rf',
          tarFile,
          '--warning=no-file-changed',
          '--warning=no-file-removed',
          '--warning=no-file-shrank',
          '--ignore-failed-read',
          ...excluir.map((e) => `--exclude=${e}`),
          '-C',
          dataDir,
          'postgres',
        ],
        { aceitar: [0, 1] },
      );
      await opts.duranteCopia?.();

      const fim = (
        await c.query<{ lsn: string; labelfile: string; spcmapfile: string | null; inicio: string; fim: string }>(
          `select lsn::text as lsn, labelfile, spcmapfile, pg_walfile_name(lsn) as fim from pg_backup_stop(false)`,
        )
      ).rows[0]!;
      const primeiro = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(fim.labelfile)?.[1];
      if (!primeiro) throw new BackupError('O backup_label do PostgreSQL não tem o início do WAL.');
      // Within one timeline, WAL file names sort as their positions.
      const segmentos = fs
        .readdirSync(path.join(pgDir, 'pg_wal'))
        .filter((n) => (/^[0-9A-F]{24}$/.test(n) && n >= primeiro && n <= fim.fim) || /^[0-9A-F]{8}\.history$/.test(n))
        .sort();
      fs.mkdirSync(path.join(palco, 'postgres', 'pg_wal'), { recursive: true, mode: 0o700 });
      for (const s of segmentos)
        fs.copyFileSync(path.join(pgDir, 'pg_wal', s), path.join(palco, 'postgres', 'pg_wal', s));
      const nomes = segmentos.map((s) => `postgres/pg_wal/${s}`);
      fs.writeFileSync(path.join(palco, 'postgres', 'backup_label'), fim.labelfile, { mode: 0o600 });
      nomes.unshift('postgres/backup_label');
      if (fim.spcmapfile) {
        fs.writeFileSync(path.join(palco, 'postgres', 'tablespace_map'), fim.spcmapfile, { mode: 0o600 });
        nomes.unshift('postgres/tablespace_map');
      }
      log(`Arquivos copiados; acrescentando ${segmentos.length} segmento(s) de WAL (até ${fim.lsn}).`);
      await executar('tar', ['-rf', tarFile, '-C', palco, ...nomes]);
    });
    log('Compactando…');
    await pipeline(fs.createReadStream(tarFile), zlib.createGzip({ level: 6 }), fs.createWriteStream(saida));
    return 'fisico';
  } finally {
    fs.rmSync(tarFile, { force: true });
    fs.rmSync(palco, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Restore

/** What `arquivo` is: a custom-format dump, one of our physical copies (with its mark), or null (not ours). */
export async function formatoDoArquivo(arquivo: string): Promise<{ formato: Formato; marca?: Marca } | null> {
  let inicio: Buffer;
  try {
    const fd = fs.openSync(arquivo, 'r');
    inicio = Buffer.alloc(5);
    fs.readSync(fd, inicio, 0, 5, 0);
    fs.closeSync(fd);
  } catch {
    throw new BackupError(`Não foi possível ler ${arquivo}.`);
  }
  if (inicio.toString('latin1') === 'PGDMP') return { formato: 'custom' };
  if (inicio[0] !== 0x1f || inicio[1] !== 0x8b) return null;
  // The first tar entry: a 512-byte header (name at 0, octal size at 124), then the mark itself.
  const cabeca = await lerInicioGzip(arquivo, 4096);
  if (cabeca.length < 512) return null;
  const nome = cabeca.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
  const tam = parseInt(cabeca.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim(), 8);
  if (nome !== MARCA || !(tam > 0) || 512 + tam > cabeca.length) return null;
  try {
    const marca = JSON.parse(cabeca.subarray(512, 512 + tam).toString('utf8')) as Marca;
    return marca.formato === FORMATO_FISICO ? { formato: 'fisico', marca } : null;
  } catch {
    return null;
  }
}

async function lerInicioGzip(arquivo: string, bytes: number): Promise<Buffer> {
  const partes: Buffer[] = [];
  let total = 0;
  const entrada = fs.createReadStream(arquivo);
  const gunzip = zlib.createGunzip();
  try {
    for await (const parte of entrada.pipe(gunzip) as AsyncIterable<Buffer>) {
      partes.push(parte);
      total += parte.length;
      if (total >= bytes) break;
    }
  } catch {
    // a broken gzip is simply not ours
  } finally {
    entrada.destroy();
    gunzip.destroy();
  }
  return Buffer.concat(partes);
}

const NAO_E_NOSSO = (arquivo: string) =>
  new BackupError(
    `${arquivo} não é uma cópia de segurança do Saúde Municipal (nem formato custom do pg_dump, nem cópia física ` +
      'feita por npm run backup). Nada foi alterado.',
  );

/** Tables, views and sequences outside PostgreSQL's own schemas: an empty database has none. */
async function objetosDoBanco(c: pg.Client): Promise<number> {
  const { rows } = await c.query<{ n: number }>(`select count(*)::int as n from pg_class c
    join pg_namespace s on s.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname !~ '^pg_(toast|temp)'`);
  return rows[0]!.n;
}

/** The roles the dump's GRANTs and REVOKEs name (its ACL entries, listed by pg_restore itself). */
async function papeisDoDump(restore: Ferramenta, arquivo: string, palco: string): Promise<string[]> {
  const lista = execFileSync(restore.bin, ['-l', arquivo], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const acl = lista.split('\n').filter((l) => /^\d+;.* ACL /.test(l) || /DEFAULT ACL/.test(l));
  if (acl.length === 0) return [];
  const listaAcl = path.join(palco, 'acl.lista');
  fs.writeFileSync(listaAcl, acl.join('\n'));
  const sql = execFileSync(restore.bin, ['-L', listaAcl, '-f', '-', arquivo], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const papeis = new Set<string>();
  for (const m of sql.matchAll(/\b(?:TO|FROM|FOR ROLE)\s+("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)/g)) {
    const nome = m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replaceAll('""', '"') : m[1]!.toLowerCase();
    if (nome !== 'public') papeis.add(nome);
  }
  return [...papeis];
}

/**
 * pg_restore into an empty database, in one transaction (an error leaves it empty). Objects belong to the connecting
 * role (--no-owner); the dump's privileges are kept (the audit trail's REVOKEs), so the roles they name must exist:
 * `criarPapeis` makes them (the embedded server's saude_api), otherwise a missing one stops the restore before it begins.
 */
async function restaurarCustom(url: string, arquivo: string, log: Log, criarPapeis: boolean): Promise<void> {
  const restore = acharFerramenta('pg_restore', 0);
  if (!restore) throw new BackupError('Não há pg_restore nesta máquina: instale o pacote postgresql-client.');
  const palco = fs.mkdtempSync(path.join(path.dirname(path.resolve(arquivo)), '.restaurar-'));
  try {
    let papeis: string[];
    try {
      papeis = await papeisDoDump(restore, arquivo, palco);
    } catch (err) {
      throw new BackupError(
        `O pg_restore ${restore.major} não lê ${arquivo} (feito por um pg_dump mais novo? indique PG_RESTORE):\n` +
          `${(err as { stderr?: string }).stderr?.trim() ?? (err as Error).message}`,
      );
    }
    await comConexao(url, async (c) => {
      const n = await objetosDoBanco(c);
      if (n > 0)
        throw new BackupError(
          `O banco de destino não está vazio (${n} tabela(s), visão(ões) ou sequência(s)): a restauração só grava ` +
            'num banco vazio. Crie um banco novo (createdb) e aponte DATABASE_URL para ele. Nada foi alterado.',
        );
      const { rows } = await c.query<{ rolname: string }>('select rolname from pg_roles where rolname = any($1)', [
        papeis,
      ]);
      const faltam = papeis.filter((p) => !rows.some((r) => r.rolname === p));
      if (faltam.length && !criarPapeis)
        throw new BackupError(
          `A cópia dá direitos ao(s) papel(éis) ${faltam.join(', ')}, que não existe(m) neste PostgreSQL: crie-o(s) ` +
            '(CREATE ROLE … LOGIN) e repita. Nada foi alterado.',
        );
      for (const p of faltam)
        await c.query(`CREATE ROLE ${c.escapeIdentifier(p)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION`);
      log(`Restaurando com pg_restore ${restore.major} (uma transação)…`);
    });
    const alvo = semSenha(url);
    await executar(
      restore.bin,
      ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', alvo.url, arquivo],
      {
        env: alvo.env,
      },
    );
  } finally {
    fs.rmSync(palco, { recursive: true, force: true });
  }
}

/**
 * Restores `arquivo` into the empty database `npm start` would use (config); refuses a database that holds anything,
 * and a file that is not one of ours, changing nothing.
 */
export async function restaurar(
  config: Alvo,
  arquivo: string,
  opts: { log?: Log } = {},
): Promise<{ formato: Formato }> {
  const log = opts.log ?? (() => {});
  const tipo = await formatoDoArquivo(arquivo);
  if (!tipo) throw NAO_E_NOSSO(arquivo);
  log(
    `${arquivo}: ${tipo.formato === 'custom' ? 'formato custom do pg_dump' : `cópia física do PostgreSQL ${tipo.marca!.postgres}`} (${tamanho(fs.statSync(arquivo).size)}).`,
  );

  if (config.DATABASE_URL) {
    if (tipo.formato === 'fisico')
      throw new BackupError(
        'Esta é uma cópia física do banco embutido: restaure-a num DATA_DIR novo, sem DATABASE_URL (depois, se ' +
          'quiser levar os dados a outro PostgreSQL, use pg_dump 18 nesse banco). Nada foi alterado.',
      );
    await restaurarCustom(config.DATABASE_OWNER_URL ?? config.DATABASE_URL, arquivo, log, false);
    log('Restauração concluída.');
    return { formato: 'custom' };
  }

  const dataDir = config.DATA_DIR;
  const pgDir = path.join(dataDir, 'postgres');
  const temBanco = () =>
    isInitialised(pgDir) ||
    fs.existsSync(path.join(dataDir, 'pglite')) ||
    (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0);
  const recusa = () =>
    new BackupError(
      `${dataDir} já tem um banco: a restauração só grava num DATA_DIR novo ou vazio. Indique outra pasta em ` +
        'DATA_DIR (e depois troque as pastas com o servidor parado). Nada foi alterado.',
    );
  if (temBanco()) throw recusa();
  const binaries = await postgresBinaries();
  if (!binaries) throw new BackupError(`Não há binários do PostgreSQL para ${process.platform}-${process.arch}.`);
  const release = lockDataDir(dataDir);
  try {
    if (temBanco()) throw recusa();
    if (tipo.formato === 'fisico') {
      const major = (v: string) => v.split(/[.\s]/)[0];
      const local = /\(PostgreSQL\)\s+(\S+)/.exec(execFileSync(binaries.postgres, ['--version'], { encoding: 'utf8' }));
      if (!local || major(local[1]!) !== major(tipo.marca!.postgres))
        throw new BackupError(
          `A cópia é do PostgreSQL ${tipo.marca!.postgres} e o embutido desta versão é ${local?.[1] ?? '?'}: ` +
            'restaure-a com a versão do produto que a fez. Nada foi alterado.',
        );
      await desempacotar(arquivo, dataDir, pgDir, log);
    }
    try {
      log(
        tipo.formato === 'fisico'
          ? 'Iniciando o PostgreSQL embutido: ele aplica agora o WAL copiado…'
          : 'Criando o PostgreSQL embutido…',
      );
      const server = await startEmbeddedPostgres(binaries, pgDir);
      try {
        if (tipo.formato === 'custom') await restaurarCustom(server.url, arquivo, log, true);
        const n = await comConexao(server.url, objetosDoBanco);
        log(`Banco pronto em ${dataDir}: ${n} tabela(s), visão(ões) e sequência(s).`);
      } finally {
        await server.stop();
      }
    } catch (err) {
      // A restore that did not finish leaves the folder as it found it: empty.
      fs.rmSync(pgDir, { recursive: true, force: true });
      throw err instanceof EmbeddedPostgresError ? new BackupError(`A restauração falhou: ${err.message}`) : err;
    }
  } finally {
    release();
  }
  log('Restauração concluída. Inicie o servidor (npm start) com este DATA_DIR.');
  return { formato: tipo.formato };
}

/** Unpacks a physical copy next to DATA_DIR/postgres and moves it into place whole, owned and private as PostgreSQL wants. */
async function desempacotar(arquivo: string, dataDir: string, pgDir: string, log: Log): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(dataDir, '.restaurando-'));
  try {
    log(`Descompactando em ${pgDir}…`);
    await executar('tar', ['-xzf', arquivo, '-C', tmp, '--no-same-owner', `--exclude=${MARCA}`]);
    const copia = path.join(tmp, 'postgres');
    if (!isInitialised(copia) || !fs.existsSync(path.join(copia, 'backup_label')))
      throw new BackupError(`${arquivo} está incompleto (sem PG_VERSION ou backup_label). Nada foi alterado.`);
    for (const d of [
      'pg_wal/archive_status',
      'pg_replslot',
      'pg_dynshmem',
      'pg_notify',
      'pg_serial',
      'pg_snapshots',
      'pg_stat_tmp',
      'pg_subtrans',
    ])
      fs.mkdirSync(path.join(copia, d), { recursive: true });
    const user = serverUser();
    if (user) execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, copia]);
    fs.chmodSync(copia, 0o700);
    fs.rmSync(pgDir, { recursive: true, force: true }); // an empty folder, checked by the caller
    fs.renameSync(copia, pgDir);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
