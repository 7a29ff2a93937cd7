import { msg, onlyDigits, type SsoCallbackInput } from '@saude/shared';
import { safeRetorno } from '@saude/shared/retorno';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import type { Ctx } from '../access/context';
import { audit } from '../access/audit';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { profissionais, sessoes, ssoLogoutJtis, ssoTransacoes } from '../db/schema';
import { AppError, type ErrorStatus } from '../lib/errors';
import { revokeSession } from './sessions';
import { decryptToken, encryptToken, tokenKey } from '../lib/cifra';

// Single sign-on with the municipality's identity provider (issue 23, spec §7): OpenID Connect authorization code with
// PKCE, state and nonce. The browser only carries the code from the provider to /saude2_oauth and on to our API, which
// exchanges it; the verifier and the nonce never leave the server (sso_transacoes).

/** How long a sign-in may stay at the provider (login, consent, a second factor) before its answer is refused. */
const TRANSACAO_MINUTOS = 10;
/** The browser that started the sign-in must be the one that finishes it (login CSRF): it keeps the state here. */
export const SSO_COOKIE = 'saude_sso_state';
export const SSO_COOKIE_PATH = '/api/v2/auth/oauth';

export type SsoOptions = {
  /** Seconds added to this server's clock when checking the provider's tokens (tests: an expired ID token). */
  clockSkewSeconds?: number;
};

type Transacao = typeof ssoTransacoes.$inferSelect;
/** What the provider said at sign-in that the session keeps (sso_* columns): who, its session, and its tokens. */
export type SsoTokens = {
  sub: string;
  sid: string | null;
  idToken: string | undefined;
  refreshToken: string | undefined;
  expiresIn: number | undefined;
};
export type SsoIdentity = { profissionalId: string; tokens: SsoTokens };
type SessionColumns = Pick<
  typeof sessoes.$inferInsert,
  'sso_sub' | 'sso_sid' | 'sso_id_token_cifrado' | 'sso_refresh_token_cifrado' | 'sso_renovar_em'
>;

/** The back-channel logout event (OpenID Connect Back-Channel Logout 1.0, §2.4). */
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token older than this (by its iat) is refused, and its jti is remembered that long. */
const LOGOUT_MAX_AGE_SECONDS = 600;
/** The clocks of the provider and this server may disagree by this much. */
const LOGOUT_CLOCK_TOLERANCE_SECONDS = 60;
/** A provider that did not answer a renewal is asked again after this long (the session lives on meanwhile). */
const RENOVAR_DE_NOVO_SEGUNDOS = 60;
/** Renewal at most this often, even if the provider's access tokens live less. */
const RENOVAR_MINIMO_SEGUNDOS = 60;

/** A logout token refused, and why (the audit's reason: never the token's values). */
export class LogoutTokenRecusado extends Error {
  constructor(readonly motivo: string) {
    super(motivo);
  }
}

const defaultClaim = { login: 'preferred_username', cpf: 'cpf', email: 'email' } as const;

export class Sso {
  private discovered: Promise<oidc.Configuration> | null = null;
  private jwks: { uri: string; keys: ReturnType<typeof createRemoteJWKSet> } | null = null;
  /** SSO_TOKEN_KEY: null keeps neither the refresh token nor the logout hint. */
  private readonly key: Buffer | null;

  constructor(
    private readonly config: Config,
    private readonly options: SsoOptions = {},
  ) {
    this.key = config.SSO_TOKEN_KEY ? tokenKey(config.SSO_TOKEN_KEY) : null;
  }

  get enabled(): boolean {
    return this.config.SSO_ISSUER_URL !== null && this.config.SSO_CLIENT_ID !== null;
  }

  /** The provider's metadata, discovered once; a failed discovery is tried again on the next sign-in. */
  private client(): Promise<oidc.Configuration> {
    const c = this.config;
    if (!this.enabled) throw new AppError(404, msg.ssoNaoConfigurado);
    const issuer = new URL(c.SSO_ISSUER_URL!);
    this.discovered ??= oidc
      .discovery(
        issuer,
        c.SSO_CLIENT_ID!,
        { client_secret: c.SSO_CLIENT_SECRET ?? undefined, [oidc.clockSkew]: this.options.clockSkewSeconds ?? 0 },
        // Basic is the method every OAuth server must accept; without a secret the client is public (PKCE only).
        c.SSO_CLIENT_SECRET ? oidc.ClientSecretBasic(c.SSO_CLIENT_SECRET) : oidc.None(),
        // config.ts allows plain HTTP only for a provider on this machine (a test or a developer's Keycloak).
        { timeout: 10, execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [] },
      )
      .catch((err: unknown) => {
        this.discovered = null;
        throw err;
      });
    return this.discovered;
  }

  /** Starts a sign-in: the provider's address to send the browser to, and the state its cookie keeps. */
  async authorize(db: Db, retorno: string | null): Promise<{ url: string; state: string }> {
    const client = await this.client().catch(unavailable);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await db.delete(ssoTransacoes).where(sql`${ssoTransacoes.expires_at} < now()`);
    await db.insert(ssoTransacoes).values({
      state,
      code_verifier: verifier,
      nonce,
      retorno: safeRetorno(retorno),
      expires_at: sql`now() + make_interval(mins => ${TRANSACAO_MINUTOS})`,
    });
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: this.config.SSO_REDIRECT_URI!,
      scope: this.config.SSO_SCOPES,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      // OpenID Connect Core §11: offline_access is granted only when consent is asked for.
      ...(this.config.SSO_SCOPES.split(/\s+/).includes('offline_access') ? { prompt: 'consent' } : {}),
    });
    return { url: url.href, state };
  }

  /**
   * Finishes a sign-in: takes the transaction (once), exchanges the code, reads the claims and finds the professional.
   * Every refusal is audited without the claims' values (a CPF or an e-mail is personal data).
   */
  async callback(
    ctx: Ctx,
    input: SsoCallbackInput,
    cookieState: string | null,
  ): Promise<SsoIdentity & { retorno: string | null }> {
    const db = ctx.db;
    const refuse = async (
      status: ErrorStatus,
      message: string,
      motivo: string,
      profissionalId: string | null = null,
    ) => {
      await audit(db, ctx, {
        action: 'login_sso_recusado',
        resource: 'auth',
        details: { motivo },
        profissional_id: profissionalId,
        unidade_saude_id: null,
      });
      return new AppError(status, message);
    };
    if (!this.enabled) throw new AppError(404, msg.ssoNaoConfigurado);
    // A state this browser did not start (a link someone sent it) is refused before the transaction is touched.
    if (cookieState !== input.state) throw await refuse(400, msg.ssoTransacaoInvalida, 'estado_do_navegador');
    const [tx] = await db.delete(ssoTransacoes).where(eq(ssoTransacoes.state, input.state)).returning();
    if (!tx || tx.expires_at.getTime() < Date.now()) throw await refuse(400, msg.ssoTransacaoInvalida, 'estado');
    if (input.error) {
      const denied = input.error === 'access_denied';
      throw await refuse(403, denied ? msg.ssoAcessoNegado : msg.ssoRecusado, denied ? 'negado' : 'erro_provedor');
    }
    if (!input.code) throw await refuse(400, msg.ssoNaoConfirmado, 'sem_codigo');

    let claims: Record<string, unknown>;
    let tokens: SsoTokens;
    try {
      ({ claims, tokens } = await this.exchange(tx, input));
    } catch (err) {
      const [status, message, motivo] = classify(err);
      throw await refuse(status, message, motivo);
    }
    const found = await this.findProfissional(db, claims);
    if ('motivo' in found) {
      const [status, message]: [ErrorStatus, string] =
        found.motivo === 'inativo'
          ? [403, msg.ssoProfissionalInativo]
          : found.motivo === 'email_nao_verificado'
            ? [403, msg.ssoEmailNaoVerificado]
            : [403, msg.ssoSemProfissional];
      throw await refuse(status, message, found.motivo, found.profissionalId ?? null);
    }
    return { profissionalId: found.id, tokens, retorno: tx.retorno };
  }

  private async exchange(tx: Transacao, input: SsoCallbackInput) {
    const client = await this.client();
    // The address the provider sent the browser to, rebuilt from what the page passed on.
    const current = new URL(this.config.SSO_REDIRECT_URI!);
    for (const key of ['code', 'state', 'iss', 'session_state'] as const) {
      const v = input[key];
      if (v !== undefined) current.searchParams.set(key, v);
    }
    const tokens = await oidc.authorizationCodeGrant(client, current, {
      pkceCodeVerifier: tx.code_verifier,
      expectedState: tx.state,
      expectedNonce: tx.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    // The userinfo endpoint may carry what the ID token leaves out (Keycloak's e-mail, a gov.br CPF).
    const userinfo = client.serverMetadata().userinfo_endpoint
      ? await oidc.fetchUserInfo(client, tokens.access_token, idClaims.sub)
      : {};
    return {
      claims: { ...userinfo, ...idClaims } as Record<string, unknown>,
      tokens: {
        sub: idClaims.sub,
        sid: typeof idClaims.sid === 'string' ? idClaims.sid : null,
        idToken: tokens.id_token,
        refreshToken: tokens.refresh_token,
        expiresIn: tokens.expiresIn(),
      },
    };
  }

  private async findProfissional(
    db: Db,
    claims: Record<string, unknown>,
  ): Promise<{ id: string } | { motivo: string; profissionalId?: string }> {
    const by = this.config.SSO_MATCH_BY;
    const raw = claims[this.config.SSO_MATCH_CLAIM ?? defaultClaim[by]];
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === '') return { motivo: 'sem_claim' };
    if (by === 'email' && claims.email_verified !== true) return { motivo: 'email_nao_verificado' };
    const where =
      by === 'login'
        ? sql`lower(${profissionais.login}) = ${value.toLowerCase()}`
        : by === 'cpf'
          ? eq(profissionais.cpf_numero, onlyDigits(value))
          : sql`lower(${profissionais.email}) = ${value.toLowerCase()}`;
    const rows = await db
      .select({ id: profissionais.id, ativo: profissionais.ativo })
      .from(profissionais)
      .where(where)
      .limit(2);
    // Two professionals with one e-mail: neither is chosen.
    if (rows.length !== 1) return { motivo: rows.length === 0 ? 'sem_profissional' : 'ambiguo' };
    const p = rows[0]!;
    return p.ativo ? { id: p.id } : { motivo: 'inativo', profissionalId: p.id };
  }

  /**
   * The sso_* columns of a new session: the provider's subject and session id in clear (a back-channel logout names
   * them), its tokens only encrypted, and only with SSO_TOKEN_KEY.
   */
  sessionColumns(sessionId: string, t: SsoTokens): SessionColumns {
    const canRenew = this.key !== null && t.refreshToken !== undefined;
    return {
      sso_sub: t.sub,
      sso_sid: t.sid,
      sso_id_token_cifrado: this.seal(sessionId, 'id_token', t.idToken),
      sso_refresh_token_cifrado: canRenew ? this.seal(sessionId, 'refresh_token', t.refreshToken) : null,
      sso_renovar_em: canRenew ? renovarEm(t.expiresIn) : null,
    };
  }

  private seal(sessionId: string, kind: string, token: string | undefined): string | null {
    return this.key && token ? encryptToken(this.key, token, `sessoes:${sessionId}:${kind}`) : null;
  }

  private open(sessionId: string, kind: string, stored: string | null): string | null {
    return this.key && stored ? decryptToken(this.key, stored, `sessoes:${sessionId}:${kind}`) : null;
  }

  /**
   * The provider's logout for a single sign-on session, if it offers one (RP-initiated logout). The hint is the ID
   * token decrypted here; without it (no key, another key) the provider is told the client only and may ask "sair?".
   */
  async logoutUrl(sessionId: string, idTokenCifrado: string | null): Promise<string | null> {
    if (!this.enabled) return null;
    try {
      const client = await this.client();
      if (!client.serverMetadata().end_session_endpoint) return null;
      const idToken = this.open(sessionId, 'id_token', idTokenCifrado);
      return oidc.buildEndSessionUrl(client, {
        ...(idToken ? { id_token_hint: idToken } : { client_id: this.config.SSO_CLIENT_ID! }),
        post_logout_redirect_uri: this.config.SSO_POST_LOGOUT_REDIRECT_URI ?? `${this.config.PUBLIC_URL}/login`,
      }).href;
    } catch {
      // The provider is down: our session still ends; theirs ends when it expires.
      return null;
    }
  }

  /**
   * Renews a single sign-on session at the provider (refresh_token grant) when its time has come (docs/decisions.md,
   * issue 43): called when the session's idle clock moves (sessions.ts readSession). false: the provider refused (the
   * user signed out there, was disabled, the grant was revoked) and our session ended too. A provider that does not
   * answer leaves the session as it is, asked again a minute later. One process at a time renews a session: taking the
   * turn moves sso_renovar_em forward, so a rotated refresh token is never sent twice (a provider may revoke the grant
   * when it sees a used one again).
   */
  async renew(db: Db, sessionId: string): Promise<boolean> {
    if (!this.enabled) return true;
    const [row] = await db
      .update(sessoes)
      .set({ sso_renovar_em: sql`now() + make_interval(secs => ${RENOVAR_DE_NOVO_SEGUNDOS})` })
      .where(and(eq(sessoes.id, sessionId), lte(sessoes.sso_renovar_em, sql`now()`), isNull(sessoes.revoked_at)))
      .returning({
        cifrado: sessoes.sso_refresh_token_cifrado,
        sub: sessoes.sso_sub,
        profissionalId: sessoes.profissional_id,
      });
    if (!row) return true;
    const refreshToken = this.open(sessionId, 'refresh_token', row.cifrado);
    if (!refreshToken) {
      // Another key, or none: nothing to renew with; the session lives to its own end.
      await db.update(sessoes).set({ sso_renovar_em: null }).where(eq(sessoes.id, sessionId));
      return true;
    }
    let tokens: Awaited<ReturnType<typeof oidc.refreshTokenGrant>>;
    try {
      tokens = await oidc.refreshTokenGrant(await this.client(), refreshToken);
    } catch (err) {
      if (err instanceof oidc.ResponseBodyError && err.error === 'invalid_grant') {
        await this.endRenewed(db, sessionId, row.profissionalId, 'renovacao_recusada');
        return false;
      }
      return true;
    }
    const sub = tokens.claims()?.sub;
    if (sub !== undefined && sub !== row.sub) {
      await this.endRenewed(db, sessionId, row.profissionalId, 'renovacao_outro_usuario');
      return false;
    }
    await db
      .update(sessoes)
      .set({
        sso_refresh_token_cifrado: this.seal(sessionId, 'refresh_token', tokens.refresh_token) ?? row.cifrado,
        ...(tokens.id_token ? { sso_id_token_cifrado: this.seal(sessionId, 'id_token', tokens.id_token) } : {}),
        sso_renovar_em: renovarEm(tokens.expiresIn()),
      })
      .where(eq(sessoes.id, sessionId));
    return true;
  }

  private async endRenewed(db: Db, sessionId: string, profissionalId: string, motivo: string) {
    await revokeSession(db, sessionId);
    // Decided while serving a request, but not by its user: no address is recorded.
    await audit(
      db,
      { usuario: null, ip: null as unknown as string },
      {
        action: 'logout_sso_provedor',
        resource: 'auth',
        record_id: sessionId,
        profissional_id: profissionalId,
        unidade_saude_id: null,
        details: { motivo },
      },
    );
  }

  /**
   * OpenID Connect Back-Channel Logout 1.0: the provider's logout token, validated as §2.6 says (signature by the
   * provider's keys, iss, aud, iat, exp, jti, the event, sid and/or sub, no nonce), taken once (its jti, by every
   * process), and the sessions it names ended. Throws LogoutTokenRecusado for a token to refuse.
   */
  async backchannelLogout(ctx: Ctx, logoutToken: string | null): Promise<{ sessoes: number }> {
    if (!this.enabled) throw new LogoutTokenRecusado('nao_configurado');
    if (!logoutToken || logoutToken.length > 16_000) throw new LogoutTokenRecusado('sem_token');
    const client = await this.client().catch(() => {
      throw new LogoutTokenRecusado('provedor_indisponivel');
    });
    const meta = client.serverMetadata();
    if (!meta.jwks_uri) throw new LogoutTokenRecusado('provedor_sem_chaves');
    if (this.jwks?.uri !== meta.jwks_uri)
      this.jwks = { uri: meta.jwks_uri, keys: createRemoteJWKSet(new URL(meta.jwks_uri), { timeoutDuration: 5000 }) };
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(logoutToken, this.jwks.keys, {
        issuer: meta.issuer,
        audience: this.config.SSO_CLIENT_ID!,
        algorithms: (meta.id_token_signing_alg_values_supported ?? ['RS256']).filter((a) => !/^(none|HS)/.test(a)),
        requiredClaims: ['iat', 'exp', 'jti', 'events'],
        maxTokenAge: LOGOUT_MAX_AGE_SECONDS,
        clockTolerance: LOGOUT_CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(Date.now() + (this.options.clockSkewSeconds ?? 0) * 1000),
      }));
    } catch (err) {
      throw new LogoutTokenRecusado(joseMotivo(err));
    }
    const events = payload.events as Record<string, unknown> | undefined;
    const event = typeof events === 'object' && events !== null ? events[LOGOUT_EVENT] : undefined;
    if (typeof event !== 'object' || event === null || Array.isArray(event)) throw new LogoutTokenRecusado('evento');
    // An ID token is never a logout token (§2.6 step 6).
    if ('nonce' in payload) throw new LogoutTokenRecusado('nonce');
    const sid = 'sid' in payload ? payload.sid : undefined;
    const sub = payload.sub;
    if (
      (sid !== undefined && (typeof sid !== 'string' || sid === '')) ||
      (sub !== undefined && (typeof sub !== 'string' || sub === ''))
    )
      throw new LogoutTokenRecusado('sid_sub');
    if (sid === undefined && sub === undefined) throw new LogoutTokenRecusado('sid_sub');
    if (typeof payload.jti !== 'string' || payload.jti === '' || payload.jti.length > 500)
      throw new LogoutTokenRecusado('jti');
    const jti = payload.jti;
    // Remembered until the token is refused for its age anyway.
    const lembrarAte = new Date(
      Math.max(payload.exp! * 1000, (payload.iat! + LOGOUT_MAX_AGE_SECONDS) * 1000) +
        LOGOUT_CLOCK_TOLERANCE_SECONDS * 1000,
    );
    return ctx.db.transaction(async (tx) => {
      await tx.delete(ssoLogoutJtis).where(sql`${ssoLogoutJtis.expires_at} < now()`);
      const taken = await tx
        .insert(ssoLogoutJtis)
        .values({ jti, expires_at: lembrarAte })
        .onConflictDoNothing()
        .returning({ jti: ssoLogoutJtis.jti });
      if (taken.length === 0) throw new LogoutTokenRecusado('repetido');
      const ended = await endProviderSessions(tx, sid as string | undefined, sub);
      for (const s of ended)
        await audit(tx, ctx, {
          action: 'logout_sso_provedor',
          resource: 'auth',
          record_id: s.id,
          profissional_id: s.profissional_id,
          unidade_saude_id: null,
          details: { motivo: 'backchannel' },
        });
      if (ended.length === 0)
        await audit(tx, ctx, {
          action: 'logout_sso_provedor',
          resource: 'auth',
          profissional_id: null,
          unidade_saude_id: null,
          details: { motivo: 'backchannel', sessoes: 0 },
        });
      return { sessoes: ended.length };
    });
  }
}

/**
 * Ends the single sign-on sessions a logout token names (§2.7): the provider's session `sid` (of that `sub` when both
 * are given), or every session of `sub`; with the SenhaSimples tokens issued from them. The sessions' trigger tells
 * every process's session cache (migration 0025), as a sign-out does.
 */
async function endProviderSessions(db: DbOrTx, sid: string | undefined, sub: string | undefined) {
  const match = and(
    eq(sessoes.metodo, 'sso'),
    isNull(sessoes.revoked_at),
    sid !== undefined ? eq(sessoes.sso_sid, sid) : undefined,
    sub !== undefined ? eq(sessoes.sso_sub, sub) : undefined,
  );
  const rows = await db.select({ id: sessoes.id, profissional_id: sessoes.profissional_id }).from(sessoes).where(match);
  for (const r of rows) await revokeSession(db, r.id);
  return rows;
}

/** When a session is renewed next: its access token's end, at least a minute away (five when the provider is silent). */
const renovarEm = (expiresIn: number | undefined) =>
  new Date(Date.now() + Math.max(RENOVAR_MINIMO_SEGUNDOS, expiresIn ?? 300) * 1000);

/** A refused logout token's reason, from jose's error codes. */
function joseMotivo(err: unknown): string {
  const e = err as { code?: unknown; claim?: string };
  const code = typeof e.code === 'string' ? e.code : '';
  switch (code) {
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return `claim_${e.claim ?? 'invalida'}`;
    case 'ERR_JWT_EXPIRED':
      // jose says "expired" for a token older than maxTokenAge too (its iat).
      return e.claim === 'iat' ? 'claim_iat' : 'expirado';
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return 'assinatura';
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return 'algoritmo';
    case 'ERR_JWKS_TIMEOUT':
      return 'provedor_indisponivel';
    default:
      return code.startsWith('ERR_J') ? 'formato' : 'provedor_indisponivel';
  }
}

function unavailable(): never {
  throw new AppError(503, msg.ssoIndisponivel);
}

/** A failed exchange, said in the user's words: which of them, and the audit's reason. */
function classify(err: unknown): [ErrorStatus, string, string] {
  if (err instanceof AppError) return [err.statusCode, err.message, 'configuracao'];
  if (err instanceof oidc.ResponseBodyError)
    return err.error === 'invalid_grant'
      ? [400, msg.ssoCodigoInvalido, 'codigo']
      : [401, msg.ssoRecusado, 'erro_provedor'];
  const code = (err as { code?: string }).code;
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return [401, msg.ssoExpirado, 'expirado'];
  const name = (err as { name?: string }).name;
  if (err instanceof TypeError || name === 'TimeoutError' || name === 'AbortError')
    return [503, msg.ssoIndisponivel, 'indisponivel'];
  return [401, msg.ssoNaoConfirmado, 'validacao'];
}
