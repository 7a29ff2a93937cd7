import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client';

// Failed sign-ins are counted per (account, address) and per address, never per account alone: an attacker
// elsewhere can slow their own attempts down but cannot lock a person out of their own desk (docs/decisions.md).
export const throttlePolicy = {
  windowMinutes: 15,
  pairLimit: 5, // failures of one login from one address before it is slowed down
  ipLimit: 30, // failures from one address, any login
  baseDelaySeconds: 30, // doubled for each further failure
  maxDelaySeconds: 15 * 60,
};

export const throttleKeys = (login: string, ip: string) => ({
  pair: `conta:${login.toLowerCase()}|${ip}`,
  ip: `ip:${ip}`,
});

/** Seconds left of the longest block among the keys, or 0. */
export async function blockedFor(db: DbOrTx, keys: string[]): Promise<number> {
  const [row] = await queryRows<{ s: number | string | null }>(
    db,
    sql`
    select ceil(extract(epoch from max(bloqueado_ate) - now())) as s from login_falhas
    where chave in ${keys} and bloqueado_ate > now()`,
  );
  return Number(row?.s ?? 0);
}

async function bump(db: DbOrTx, key: string, limit: number): Promise<void> {
  const p = throttlePolicy;
  await db.execute(sql`
    insert into login_falhas (chave, falhas, janela_inicio) values (${key}, 1, now())
    on conflict (chave) do update set
      falhas = case when login_falhas.janela_inicio < now() - make_interval(mins => ${p.windowMinutes}) then 1 else login_falhas.falhas + 1 end,
      janela_inicio = case when login_falhas.janela_inicio < now() - make_interval(mins => ${p.windowMinutes}) then now() else login_falhas.janela_inicio end,
      updated_at = now()`);
  await db.execute(sql`
    update login_falhas set bloqueado_ate = now() + make_interval(secs => least(${p.maxDelaySeconds}::float8,
      ${p.baseDelaySeconds}::float8 * power(2, falhas - ${limit})))
    where chave = ${key} and falhas >= ${limit}`);
}

export async function recordFailure(db: DbOrTx, login: string, ip: string): Promise<void> {
  const k = throttleKeys(login, ip);
  await bump(db, k.pair, throttlePolicy.pairLimit);
  await bump(db, k.ip, throttlePolicy.ipLimit);
}

export async function clearFailures(db: DbOrTx, login: string, ip: string): Promise<void> {
  await db.execute(sql`delete from login_falhas where chave = ${throttleKeys(login, ip).pair}`);
}
