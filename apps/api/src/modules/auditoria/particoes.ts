import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

// The audit trail is partitioned by São Paulo calendar month (migration 0029, issue 41). The app creates the months
// ahead, so a write never lands in the default partition in normal use; months past the municipality's retention are
// detached to files by `npm run auditoria:arquivar` (arquivo.ts).

/** Months created ahead of the current one: a month's partition exists long before its first row. */
export const MESES_A_FRENTE = 2;
/** How often a running API checks the months ahead (it also checks at start). */
export const INTERVALO_PARTICOES_MS = 6 * 60 * 60 * 1000;

/**
 * Creates the missing partitions of the current month and the next MESES_A_FRENTE; answers how many it created.
 * Idempotent, and safe when several API processes call it at once (the SQL function takes an advisory lock).
 */
export async function criarParticoesAuditoria(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    // Creating a partition locks the trail: rather than queue every audit write behind it while a long read of the
    // trail runs, give up after a moment; the next check (or the default partition) covers the gap.
    await tx.execute(sql`set local lock_timeout = '3s'`);
    const [row] = await queryRows<{ criadas: number }>(
      tx,
      sql`select auditoria_criar_particoes(${MESES_A_FRENTE})::int as criadas`,
    );
    return row?.criadas ?? 0;
  });
}

/** Checks the months ahead now and every INTERVALO_PARTICOES_MS; the answer stops the timer. */
export function agendarParticoesAuditoria(db: Db, onError: (err: unknown) => void): () => void {
  const run = () => void criarParticoesAuditoria(db).catch(onError);
  run();
  const timer = setInterval(run, INTERVALO_PARTICOES_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** A month's partition is named auditoria_AAAA_MM (auditoria_criar_particao). */
export const NOME_PARTICAO = /^auditoria_(\d{4})_(\d{2})$/;

/** The first month kept online: the current São Paulo month minus `meses` (a month before it is archived). */
export function primeiroMesOnline(agora: Date, meses: number): string {
  const [ano, mes] = agora.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' }).split('-').map(Number) as [
    number,
    number,
  ];
  const total = ano * 12 + (mes - 1) - meses;
  return `${Math.floor(total / 12)}_${String((total % 12) + 1).padStart(2, '0')}`;
}

/**
 * The month tables past the retention, oldest first: partitions of auditoria, and month tables already detached by an
 * interrupted archive (their file was not verified, so they were not dropped). The default partition is never one.
 */
export async function mesesParaArquivar(db: Db, agora: Date, meses: number): Promise<string[]> {
  const tabelas = await queryRows<{ nome: string }>(
    db,
    sql`select c.relname as nome from pg_class c
      where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace and c.relname ~ '^auditoria_[0-9]{4}_[0-9]{2}$'
        and (not c.relispartition or exists (select 1 from pg_inherits i
          where i.inhrelid = c.oid and i.inhparent = 'auditoria'::regclass))`,
  );
  const limite = primeiroMesOnline(agora, meses);
  return tabelas
    .map((t) => t.nome)
    .filter((nome) => NOME_PARTICAO.test(nome) && nome.slice('auditoria_'.length) < limite)
    .sort();
}
