import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../access/context';
import pg from 'pg';
import type { Db, DbOrTx } from '../db/client';
import { sessoes } from '../db/schema';
import { newId } from '../lib/ids';

export type SessionPolicy = {
  idleMinutes: number;
  maxHours: number;
  /**
   * A single sign-on session whose renewal at the provider is due, renewed as its idle clock moves (auth/sso.ts
   * `renew`); false: the provider refused and the session has ended.
   */
  renewSso?: (db: Db, sessionId: string) => Promise<boolean>;
};

/**
 * How often a working session's idle clock (`last_seen_at`) is written: a sixth of the idle time, between 10 s and
 * 5 min (5 min for the default 30). A session then ends between 25 and 30 minutes after its last request — never
 * later — and 20,000 signed-in people cost 67 writes a second instead of 333 at once a minute (issue 15, the top
 * bar's polls). It is also how long the session cache may reuse an answer (auth/session-cache.ts).
 */
export const touchSeconds = (p: SessionPolicy) => Math.min(300, Math.max(10, (p.idleMinutes * 60) / 6));

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a session whose password is a one-time one (/me, password change, sign-out). */
    allowsOneTimePassword?: boolean;
    /** The route answers while the newest terms of use wait for the user's acceptance (/me, accepting, sign-out). */
    allowsPendingTerms?: boolean;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return m?.[1] ?? null;
}

export async function createSession(
  db: DbOrTx,
  policy: SessionPolicy,
  s: {
    profissionalId: string;
    unidadeId: string | null;
    ip: string;
    userAgent: string | null;
    escopo?: 'filas' | null;
    origemSessaoId?: string | null;
    /** A single sign-on session (issues 23, 43): the provider's columns for its id (auth/sso.ts sessionColumns). */
    sso?: (sessionId: string) => Partial<typeof sessoes.$inferInsert>;
  },
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const id = newId();
  const expiresAt = new Date(Date.now() + policy.maxHours * 3600_000);
  await db.insert(sessoes).values({
    id,
    token_hash: hashToken(token),
    profissional_id: s.profissionalId,
    unidade_saude_id: s.unidadeId,
    expires_at: expiresAt,
    escopo: s.escopo ?? null,
    origem_sessao_id: s.origemSessaoId ?? null,
    metodo: s.sso ? 'sso' : 'senha',
    ...s.sso?.(id),
    ip: s.ip,
    user_agent: s.userAgent?.slice(0, 300) ?? null,
  });
  return { token, id, expiresAt };
}

type Row = {
  id: string;
  profissional_id: string;
  login: string;
  nome: string;
  email: string | null;
  unidade_saude_id: string | null;
  unidade_nome: string | null;
  perfil: string | null;
  permissions: string[] | null;
  lotacoes: SessionUser['lotacoes'] | null;
  senha_provisoria: boolean;
  escopo: 'filas' | null;
  termo_pendente: SessionUser['termoPendente'];
  stale: boolean;
  renovar_sso: boolean;
  valido_ms: number;
};

// One round trip: the live session, its user, the current unit, the user's assignments there and their permissions
// (services read the team scope from it: no second query per request), and the terms of use waiting for acceptance
// (the newest published version by its index, then a primary-key probe of the user's acceptance: issue 21). Idle and absolute expiry are both decided in
// SQL so every API process agrees on "now".
const SESSION_SQL = `
  select s.id, s.profissional_id, p.login, p.nome, p.email, p.senha_provisoria and s.metodo = 'senha' as senha_provisoria,
    s.unidade_saude_id, s.escopo,
    u.nome as unidade_nome,
    (select pf.nome from lotacoes l join perfis pf on pf.id = l.perfil_id
      where l.profissional_id = s.profissional_id and l.unidade_saude_id = s.unidade_saude_id and l.ativo
      order by l.created_at limit 1) as perfil,
    (select array_agg(distinct pp.permission) from lotacoes l join perfil_permissoes pp on pp.perfil_id = l.perfil_id
      where l.profissional_id = s.profissional_id and l.unidade_saude_id = s.unidade_saude_id and l.ativo) as permissions,
    (select json_agg(json_build_object('equipe_id', l.equipe_id, 'ocupacao_codigo', l.ocupacao_codigo,
        'micro_areas', l.micro_areas) order by l.created_at, l.id)
      from lotacoes l
      where l.profissional_id = s.profissional_id and l.unidade_saude_id = s.unidade_saude_id and l.ativo) as lotacoes,
    (select json_build_object('id', t.id, 'versao', t.versao, 'titulo', t.titulo)
      from (select id, versao, titulo from termos_uso where publicado_em is not null
        order by publicado_em desc limit 1) t
      where not exists (select 1 from termo_uso_aceites a
        where a.profissional_id = s.profissional_id and a.termo_uso_id = t.id)) as termo_pendente,
    s.last_seen_at < now() - make_interval(secs => $3) as stale,
    s.sso_renovar_em <= now() as renovar_sso,
    -- How long this answer may be reused (auth/session-cache.ts): until the next touch is due, or the session ends.
    extract(epoch from least(
      (case when s.last_seen_at < now() - make_interval(secs => $3) then now() else s.last_seen_at end)
        + make_interval(secs => $3),
      s.expires_at) - now())::float8 * 1000 as valido_ms
  from sessoes s
  join profissionais p on p.id = s.profissional_id and p.ativo
  left join unidades_saude u on u.id = s.unidade_saude_id
  where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
    and s.last_seen_at > now() - make_interval(mins => $2::int)`;

type Driver = { query: (q: string | pg.QueryConfig, values?: unknown[]) => Promise<{ rows: Row[] }> };

/**
 * Every request runs this query, so it goes to the driver as a named prepared statement (PostgreSQL parses and plans
 * it once per connection, and no query builder runs per request: issue 15). PGlite, in the same process, takes the
 * text as it is. `db` is the app's database (drizzle's `$client`: node-postgres' pool or PGlite).
 */
function sessionRows(db: Db, values: [string, number, number]): Promise<{ rows: Row[] }> {
  const driver = (db as unknown as { $client: Driver }).$client;
  return driver instanceof pg.Pool
    ? driver.query({ name: 'sessao_atual', text: SESSION_SQL, values })
    : driver.query(SESSION_SQL, values);
}

/**
 * The live session of a token hash, and for how many ms the answer may be reused; null when there is none. `touch`
 * false (a background request: the top bar's polls) leaves the idle clock alone, so an untouched tab still signs out
 * after the idle time (issue 41, ASVS session idle timeout).
 */
export async function readSession(
  db: Db,
  tokenHash: string,
  policy: SessionPolicy,
  touch = true,
): Promise<{ usuario: SessionUser; validoMs: number } | null> {
  const [row] = (await sessionRows(db, [tokenHash, policy.idleMinutes, touchSeconds(policy)])).rows;
  if (!row) return null;
  // Touched at most once per touchSeconds: the idle clock needs that precision, not a write per request. A stale
  // answer's valido_ms already counts from now (the touch's time); untouched, it is not reused at all, since the
  // session may reach its idle end before the touch would have been due.
  if (row.stale && !touch) return { usuario: toSessionUser(row), validoMs: 0 };
  if (row.stale) await db.execute(sql`update sessoes set last_seen_at = now() where id = ${row.id}`);
  // The idle clock moved: a single sign-on session whose time has come is renewed at the provider too (issue 43).
  if (row.stale && row.renovar_sso && policy.renewSso && !(await policy.renewSso(db, row.id))) return null;
  return { usuario: toSessionUser(row), validoMs: Number(row.valido_ms) };
}

/** The request header the web app sets on background requests (polls), which must not count as activity. */
export const SEGUNDO_PLANO_HEADER = 'x-segundo-plano';

/** The session straight from the database (sign-in and unit change answer with it; the access hook goes through
 * the cache, auth/session-cache.ts). */
export async function loadSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  touch = true,
): Promise<SessionUser | null> {
  return (await readSession(db, hashToken(token), policy, touch))?.usuario ?? null;
}

function toSessionUser(row: Row): SessionUser {
  return {
    sessionId: row.id,
    profissionalId: row.profissional_id,
    login: row.login,
    nome: row.nome,
    email: row.email,
    unidadeId: row.unidade_saude_id,
    unidadeNome: row.unidade_nome,
    perfil: row.perfil,
    permissions: new Set(row.permissions ?? []),
    lotacoes: row.lotacoes ?? [],
    senhaProvisoria: row.senha_provisoria,
    termoPendente: row.termo_pendente ?? null,
    escopo: row.escopo,
  };
}

/**
 * Ends a session and the SenhaSimples tokens issued from it (issue 17). An ended row keeps none of the provider's
 * tokens, not even encrypted (issue 43): whoever needs the logout hint reads it before.
 */
export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.execute(
    sql`update sessoes set revoked_at = now(), updated_at = now(),
          sso_id_token_cifrado = null, sso_refresh_token_cifrado = null, sso_renovar_em = null
        where (id = ${sessionId} or origem_sessao_id = ${sessionId}) and revoked_at is null`,
  );
}
