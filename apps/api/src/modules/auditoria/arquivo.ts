import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { parametrizacao } from '../../db/schema';
import { mesesParaArquivar } from './particoes';

// npm run auditoria:arquivar (issue 41): the months of audit trail past the municipality's retention leave the
// database for files. Each month is detached (no row can reach it any more), written to <month>.csv.gz, the file is
// read back and checked against the table, and only then is the table dropped. An interrupted run leaves the month
// detached and whole; the next run finds it and finishes it.

/** The columns in the table's order: the file loads back with \copy … (format csv, header). */
const COLUNAS = [
  'id',
  'profissional_id',
  'unidade_saude_id',
  'action',
  'resource',
  'record_id',
  'ip',
  'details',
  'created_at',
  'municipe_ids',
] as const;
const LOTE = 10_000;

export type MesArquivado = { tabela: string; arquivo: string; linhas: number; sha256: string };

/** A CSV field as COPY reads it back: NULL is an empty unquoted field, every value is quoted. */
const campo = (v: string | null) => (v === null ? '' : `"${v.replace(/"/g, '""')}"`);

async function* linhasCsv(db: Db, tabela: string, contar: (n: number) => void): AsyncGenerator<string> {
  yield `${COLUNAS.join(',')}\n`;
  const colunas = sql.raw(COLUNAS.map((c) => `${c}::text as ${c}`).join(', '));
  let ultimo = -1;
  for (;;) {
    const lote = await queryRows<Record<(typeof COLUNAS)[number], string | null>>(
      db,
      sql`select ${colunas} from ${sql.identifier(tabela)} where id > ${ultimo} order by id limit ${LOTE}`,
    );
    if (lote.length === 0) return;
    contar(lote.length);
    yield lote.map((r) => COLUNAS.map((c) => campo(r[c])).join(',')).join('\n') + '\n';
    ultimo = Number(lote[lote.length - 1]!.id);
  }
}

/** Reads a written file back: its lines (header excluded) and the SHA-256 of its uncompressed text. */
async function lerDeVolta(arquivo: string): Promise<{ linhas: number; sha256: string }> {
  const hash = createHash('sha256');
  let quebras = 0;
  await pipeline(fs.createReadStream(arquivo), zlib.createGunzip(), async function (fonte) {
    for await (const parte of fonte as AsyncIterable<Buffer>) {
      hash.update(parte);
      for (const b of parte) if (b === 10) quebras++;
    }
  });
  return { linhas: quebras - 1, sha256: hash.digest('hex') };
}

async function arquivarMes(db: Db, tabela: string, pasta: string): Promise<MesArquivado> {
  const [anexada] = await queryRows<{ sim: boolean }>(
    db,
    sql`select exists (select 1 from pg_inherits where inhrelid = ${tabela}::regclass) as sim`,
  );
  if (anexada?.sim)
    await db.transaction(async (tx) => {
      // Detaching locks the trail for a moment: never queue the app's audit writes behind a long read.
      await tx.execute(sql`set local lock_timeout = '10s'`);
      await tx.execute(sql`alter table auditoria detach partition ${sql.identifier(tabela)}`);
    });

  const arquivo = path.join(pasta, `${tabela}.csv.gz`);
  const parcial = `${arquivo}.parcial`;
  const escrito = createHash('sha256');
  let linhas = 0;
  const texto = linhasCsv(db, tabela, (n) => (linhas += n));
  await pipeline(
    async function* () {
      for await (const parte of texto) {
        escrito.update(parte);
        yield parte;
      }
    },
    zlib.createGzip(),
    fs.createWriteStream(parcial),
  );
  const fd = fs.openSync(parcial, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);

  const sha256 = escrito.digest('hex');
  const lido = await lerDeVolta(parcial);
  const [{ total } = { total: -1 }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${sql.identifier(tabela)}`,
  );
  if (lido.sha256 !== sha256 || lido.linhas !== linhas || linhas !== total)
    throw new Error(
      `auditoria: o arquivo de ${tabela} não confere (${lido.linhas} linhas lidas, ${total} na tabela); ` +
        'a tabela foi mantida, desanexada.',
    );
  fs.renameSync(parcial, arquivo);
  const gz = createHash('sha256').update(fs.readFileSync(arquivo)).digest('hex');
  fs.writeFileSync(`${arquivo}.sha256`, `${gz}  ${path.basename(arquivo)}\n`);
  await db.execute(sql`drop table ${sql.identifier(tabela)}`);
  return { tabela, arquivo, linhas, sha256: gz };
}

/** The retention the municipality set (Parametrização do sistema), in months. */
export async function mesesOnline(db: Db): Promise<number> {
  const [p] = await db
    .select({ meses: parametrizacao.auditoria_meses_online })
    .from(parametrizacao)
    .where(eq(parametrizacao.id, 1));
  if (!p) throw new Error('auditoria: a parametrização do sistema não existe; rode as migrações e a carga base.');
  return p.meses;
}

/** Archives every month past the retention to `pasta`, oldest first; answers what it archived. */
export async function arquivarAuditoria(
  db: Db,
  opts: { pasta: string; agora?: Date; log?: (m: string) => void },
): Promise<MesArquivado[]> {
  const meses = await mesesOnline(db);
  fs.mkdirSync(opts.pasta, { recursive: true });
  const feitos: MesArquivado[] = [];
  for (const tabela of await mesesParaArquivar(db, opts.agora ?? new Date(), meses)) {
    const feito = await arquivarMes(db, tabela, opts.pasta);
    opts.log?.(`${feito.tabela}: ${feito.linhas} linhas em ${feito.arquivo} (sha256 ${feito.sha256})`);
    feitos.push(feito);
  }
  return feitos;
}
