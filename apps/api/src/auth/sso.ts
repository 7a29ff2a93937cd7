import { msg, onlyDigits, type SsoCallbackInput } from '@saude/shared';
import { safeRetorno } from '@saude/shared/retorno';
import { eq, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Ctx } from '../access/context';
import { audit } from '../access/audit';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { profissionais, ssoTransacoes } from '../db/schema';
import { AppError, type ErrorStatus } from '../lib/errors';

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
export type SsoIdentity = { profissionalId: string; idToken: string | undefined };

const defaultClaim = { login: 'preferred_username', cpf: 'cpf', email: 'email' } as const;

export class Sso {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly config: Config,
    private readonly options: SsoOptions = {},
  ) {}

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
    let idToken: string | undefined;
    try {
      ({ claims, idToken } = await this.exchange(tx, input));
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
    return { profissionalId: found.id, idToken, retorno: tx.retorno };
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
    return { claims: { ...userinfo, ...idClaims } as Record<string, unknown>, idToken: tokens.id_token };
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

  /** The provider's logout for a single sign-on session, if it offers one (RP-initiated logout). */
  async logoutUrl(idToken: string | null): Promise<string | null> {
    if (!this.enabled || !idToken) return null;
    try {
      const client = await this.client();
      if (!client.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(client, {
        id_token_hint: idToken,
        post_logout_redirect_uri: this.config.SSO_POST_LOGOUT_REDIRECT_URI ?? `${this.config.PUBLIC_URL}/login`,
      }).href;
    } catch {
      // The provider is down: our session still ends; theirs ends when it expires.
      return null;
    }
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
