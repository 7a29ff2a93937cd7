import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../db/client';

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

/** The clock the buckets read (tests move it to end a pause without waiting). */
export const throttleClock = { now: (): Date => new Date() };
const now = () => sql`${throttleClock.now().toISOString()}::timestamptz`;

/** An evaluation in flight longer than this was lost (a process died): its reservation no longer counts. */
const RESERVATION_SECONDS = 30;
/** How long an attempt waits for the evaluations in flight to end before it is refused (a second's wait). */
const ADMISSION_TIMEOUT_MS = 15_000;
const ADMISSION_POLL_MS = 100;
/** Evaluations at once past a bucket's limit, once its pause has ended: each failure among them doubles the next. */
const PROBES_AFTER_PAUSE = 3;

/** The row that counts a bucket's evaluations in flight (a companion row of the same table: no schema change). */
const emCurso = (key: string) => `${key}#em_curso`;

/**
 * Admits one attempt to have its password evaluated, or answers the seconds left of the longest block (nothing
 * taken). Only failures count toward a block (`recordFailure`); a right password never sets one (issue 39: after an
 * attack on a clinic's address, every staff sign-in re-armed the pause). Parallel guesses are still evaluated one by
 * one against the limit: an attempt reserves a place while it is evaluated, and when the failures plus the places in
 * flight reach a bucket's limit the next attempt waits for those to end (their failures may set the block) instead of
 * being evaluated — or refused: 20 right passwords at once all get in. Once a pause has ended, attempts past the
 * limit are evaluated a few at a time (`PROBES_AFTER_PAUSE`), each failure doubling the next pause.
 * Every admitted attempt must end with `recordFailure` or `recordSuccess`.
 */
export async function takeAttempt(db: Db, list: Bucket[]): Promise<number> {
  await pruneStale(db);
  const sorted = [...list].sort((a, b) => a.key.localeCompare(b.key));
  const deadline = Date.now() + ADMISSION_TIMEOUT_MS;
  for (;;) {
    const answer = await tryAdmit(db, sorted);
    if (answer !== 'aguardar') return answer;
    if (Date.now() > deadline) return 1;
    await new Promise((r) => setTimeout(r, ADMISSION_POLL_MS * (1 + Math.random())));
  }
}

async function tryAdmit(db: Db, sorted: Bucket[]): Promise<number | 'aguardar'> {
  const p = throttlePolicy;
  const keys = sorted.flatMap((b) => [b.key, emCurso(b.key)]);
  return db.transaction(async (tx) => {
    // Rows exist before they are locked, so two first attempts cannot both find "no row"; sorted keys lock in one
    // order everywhere (no deadlock).
    await tx.execute(
      sql`insert into login_falhas (chave, janela_inicio) values ${sql.join(
        keys.map((k) => sql`(${k}, ${now()})`),
        sql`, `,
      )} on conflict (chave) do nothing`,
    );
    const rows = await queryRows<{ chave: string; falhas: number; espera: number | string | null }>(
      tx,
      sql`select chave,
          case when chave like '%#em_curso' and janela_inicio < ${now()} - make_interval(secs => ${RESERVATION_SECONDS})
            then 0 when janela_inicio < ${now()} - make_interval(mins => ${p.windowMinutes}) then 0 else falhas end
            as falhas,
          ceil(extract(epoch from bloqueado_ate - ${now()})) as espera
        from login_falhas where chave in ${keys} order by chave for update`,
    );
    const wait = Math.max(0, ...rows.map((r) => Number(r.espera ?? 0)));
    if (wait > 0) return wait;
    const count = (k: string) => Number(rows.find((r) => r.chave === k)?.falhas ?? 0);
    // Places: what is left of the limit, or, past it (a pause has ended), a few probes at once.
    const lugares = (b: Bucket) => (count(b.key) >= b.limit ? PROBES_AFTER_PAUSE : b.limit - count(b.key));
    const cheio = sorted.some((b) => count(emCurso(b.key)) >= lugares(b));
    if (cheio) return 'aguardar';
    for (const b of sorted) {
      const k = emCurso(b.key);
      await tx.execute(sql`update login_falhas set falhas = ${count(k) + 1}, janela_inicio = ${now()},
        updated_at = ${now()} where chave = ${k}`);
    }
    return 0;
  });
}

/**
 * Locks the buckets' rows and their reservation rows in the database's order of `chave`, as tryAdmit does: every
 * transaction here takes its row locks in one order, so two sign-ins on PostgreSQL never deadlock (an update's own
 * lock order follows the plan, not the list).
 */
async function lockBuckets(tx: DbOrTx, list: Bucket[]) {
  const keys = list.flatMap((b) => [b.key, emCurso(b.key)]);
  await tx.execute(sql`select 1 from login_falhas where chave in ${keys} order by chave for update`);
}

/** Ends the evaluation's reservations (after a failure or a success). */
async function endReservation(tx: DbOrTx, list: Bucket[]) {
  await lockBuckets(tx, list);
  await tx.execute(sql`update login_falhas set falhas = greatest(falhas - 1, 0), updated_at = ${now()}
    where chave in ${list.map((b) => emCurso(b.key))}`);
}

/** The password was wrong: one more failure in each bucket; the one that reaches the limit sets the block. */
export async function recordFailure(db: Db, list: Bucket[]): Promise<void> {
  const p = throttlePolicy;
  await db.transaction(async (tx) => {
    await endReservation(tx, list);
    for (const b of [...list].sort((x, y) => x.key.localeCompare(y.key))) {
      await tx.execute(sql`
        update login_falhas f set
          falhas = n.falhas,
          janela_inicio = n.inicio,
          bloqueado_ate = case when n.falhas >= ${b.limit} then ${now()} + make_interval(secs => least(
            ${p.maxDelaySeconds}::float8, ${p.baseDelaySeconds}::float8 * power(2, n.falhas - ${b.limit})))
            else f.bloqueado_ate end,
          updated_at = ${now()}
        from (
          select
            case when janela_inicio < ${now()} - make_interval(mins => ${p.windowMinutes}) then 1 else falhas + 1 end
              as falhas,
            case when janela_inicio < ${now()} - make_interval(mins => ${p.windowMinutes}) then ${now()}
              else janela_inicio end as inicio
          from login_falhas where chave = ${b.key}
        ) n
        where f.chave = ${b.key}`);
    }
  });
}

/**
 * The password was right: the reservations end and the buckets in `forgiven` (the account's, this browser's) start
 * again from zero. A bucket shared with others (an address) keeps its failures, and its pause ends on time.
 */
export async function recordSuccess(db: Db, list: Bucket[], forgiven: Bucket[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBuckets(tx, [...list, ...forgiven]);
    await endReservation(tx, list);
    if (forgiven.length > 0)
      await tx.execute(sql`update login_falhas set falhas = 0, bloqueado_ate = null, janela_inicio = ${now()},
        updated_at = ${now()} where chave in ${forgiven.map((b) => b.key)}`);
  });
}

/**
 * Buckets whose window closed a day ago and that block nothing count as fresh ones anyway: deleting them keeps the
 * table as small as the last day's traffic (one row per login and address tried) instead of growing for years.
 */
export async function pruneStale(db: Db): Promise<void> {
  await db.execute(sql`
    delete from login_falhas
    where janela_inicio < ${now()} - interval '1 day' and (bloqueado_ate is null or bloqueado_ate < ${now()})`);
}
