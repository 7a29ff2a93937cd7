import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

// Password guesses are counted in the database, shared by every API process, in separate buckets (docs/decisions.md):
// per account and per address for browsers the account has not signed in from, per known browser for those it has.
// So an attacker elsewhere slows the account down for unknown browsers only, and failures behind a clinic's NAT
// slow down that address for unknown browsers only: the right password from a known browser still gets in.
export const throttlePolicy = {
  windowMinutes: 15,
  accountLimit: 5, // failures of one login from browsers it does not know, any address
  addressLimit: 30, // failures from one address, any login, from browsers unknown to the login
  deviceLimit: 5, // failures of one login from one browser it knows
  passwordChangeLimit: 5, // wrong current passwords on PUT /api/v2/auth/senha, per account
  baseDelaySeconds: 30, // the block once a bucket reaches its limit, doubled for each further failure
  maxDelaySeconds: 15 * 60,
};

export type Bucket = { key: string; limit: number };

export const buckets = {
  account: (login: string): Bucket => ({ key: `conta:${login}`, limit: throttlePolicy.accountLimit }),
  address: (ip: string): Bucket => ({ key: `ip:${ip}`, limit: throttlePolicy.addressLimit }),
  device: (login: string, deviceHash: string): Bucket => ({
    key: `dispositivo:${login}|${deviceHash}`,
    limit: throttlePolicy.deviceLimit,
  }),
  passwordChange: (profissionalId: string): Bucket => ({
    key: `senha:${profissionalId}`,
    limit: throttlePolicy.passwordChangeLimit,
  }),
};

/**
 * Takes one attempt from every bucket BEFORE the password is evaluated, under row locks, so that parallel guesses are
 * counted one by one whatever the number of API processes: the attempt that reaches a bucket's limit sets its block,
 * and every later one is refused without evaluation. Returns 0 when the attempt may go on (it then counts as a
 * failure until `forgive` or `release`), or the seconds left of the longest block (nothing taken).
 */
export async function takeAttempt(db: Db, list: Bucket[]): Promise<number> {
  const p = throttlePolicy;
  await pruneStale(db);
  const sorted = [...list].sort((a, b) => a.key.localeCompare(b.key));
  const keys = sorted.map((b) => b.key);
  return db.transaction(async (tx) => {
    // Rows exist before they are locked, so two first attempts cannot both find "no row"; sorted keys lock in one
    // order everywhere (no deadlock).
    await tx.execute(
      sql`insert into login_falhas (chave) values ${sql.join(
        keys.map((k) => sql`(${k})`),
        sql`, `,
      )} on conflict (chave) do nothing`,
    );
    const rows = await queryRows<{ espera: number | string | null }>(
      tx,
      sql`select ceil(extract(epoch from bloqueado_ate - now())) as espera from login_falhas
        where chave in ${keys} order by chave for update`,
    );
    const wait = Math.max(0, ...rows.map((r) => Number(r.espera ?? 0)));
    if (wait > 0) return wait;
    for (const b of sorted) {
      await tx.execute(sql`
        update login_falhas f set
          falhas = n.falhas,
          janela_inicio = n.inicio,
          bloqueado_ate = case when n.falhas >= ${b.limit} then now() + make_interval(secs => least(
            ${p.maxDelaySeconds}::float8, ${p.baseDelaySeconds}::float8 * power(2, n.falhas - ${b.limit}))) end,
          updated_at = now()
        from (
          select
            case when janela_inicio < now() - make_interval(mins => ${p.windowMinutes}) then 1 else falhas + 1 end as falhas,
            case when janela_inicio < now() - make_interval(mins => ${p.windowMinutes}) then now() else janela_inicio end as inicio
          from login_falhas where chave = ${b.key}
        ) n
        where f.chave = ${b.key}`);
    }
    return 0;
  });
}

/**
 * Buckets whose window closed a day ago and that block nothing count as fresh ones anyway: deleting them keeps the
 * table as small as the last day's traffic (one row per login and address tried) instead of growing for years.
 */
export async function pruneStale(db: Db): Promise<void> {
  await db.execute(sql`
    delete from login_falhas
    where janela_inicio < now() - interval '1 day' and (bloqueado_ate is null or bloqueado_ate < now())`);
}

/** The attempt proved the password: the buckets start again from zero. */
export async function forgive(db: Db, list: Bucket[]): Promise<void> {
  await db.execute(sql`delete from login_falhas where chave in ${list.map((b) => b.key)}`);
}

/** The attempt was not a failure, but the bucket is shared with others (an address): give back just this one. */
export async function release(db: Db, list: Bucket[]): Promise<void> {
  for (const b of list) {
    await db.execute(sql`
      update login_falhas set falhas = greatest(falhas - 1, 0),
        bloqueado_ate = case when falhas - 1 >= ${b.limit} then bloqueado_ate end, updated_at = now()
      where chave = ${b.key}`);
  }
}
