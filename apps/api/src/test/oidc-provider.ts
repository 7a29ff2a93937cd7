import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

// A real OpenID Connect provider (oidc-provider, the certified implementation) for the single sign-on tests (issue
// 23): the API and e2e tests run the whole flow against it, as against the municipality's Keycloak or a gov.br-like
// provider. Its sign-in page is ours to drive: a login field and "Permitir" / "Negar".

export type ContaTeste = {
  preferred_username?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  cpf?: string;
};

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  provider: Provider;
  /** A JWT signed with the provider's own key (tests of the claims a logout token must carry). */
  sign: (payload: JWTPayload, typ?: string) => Promise<string>;
  close: () => Promise<void>;
};

const page = (title: string, body: string) => `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:sans-serif;max-width:360px;margin:40px auto;padding:0 16px}label,input,button{display:block;
width:100%;margin:8px 0;font-size:16px}button{padding:10px}</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts the provider on a free port of this machine. `contas`: the accounts it knows, by subject; the sign-in page
 * takes a subject. `redirectUris`: the client's registered return addresses (our /saude2_oauth).
 */
export async function startTestProvider(opts: {
  contas: Record<string, ContaTeste>;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** Where the provider POSTs its back-channel logout tokens (OpenID Connect Back-Channel Logout 1.0). */
  backchannelLogoutUri?: string;
  port?: number;
}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://localhost:${port}`;
  const clientId = 'saude-municipal';
  const clientSecret = 'segredo-de-teste-do-cliente-saude-municipal';
  // A signing key of its own (not oidc-provider's development key), so a test can sign claims with it too.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'chave-de-teste', alg: 'RS256', use: 'sig' };

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris ?? [],
        ...(opts.backchannelLogoutUri
          ? { backchannel_logout_uri: opts.backchannelLogoutUri, backchannel_logout_session_required: true }
          : {}),
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    // Its back-channel requests go to a test server on this machine, which its SSRF guard (special-use addresses)
    // would refuse.
    fetch: (url, options) => globalThis.fetch(url, { ...options, dispatcher: undefined } as RequestInit),
    pkce: { required: () => true },
    // As Keycloak does: a refresh token with every sign-in, bound to the provider's session (it stops working when the
    // user signs out there or the account goes away).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
      cpf: ['cpf'],
    },
    // Claims come from the userinfo endpoint, as Keycloak and gov.br give most of them.
    conformIdTokenClaims: true,
    findAccount: (_ctx, sub) => {
      const conta = opts.contas[sub];
      return conta ? { accountId: sub, claims: () => ({ sub, ...conta }) } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = page(
            'Sair do provedor de identidade?',
            `${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sim, sair</button>`,
          );
        },
      },
    },
    cookies: { keys: ['chave-de-teste-dos-cookies'] },
    ttl: { IdToken: 3600, AccessToken: 3600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600 },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  server.on('request', (req, res) => {
    const m = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!m) {
      void callback(req, res);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'GET') {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(
            page(
              'Provedor de identidade de teste',
              `<form method="post" action="/interaction/${escape(details.uid)}">
                <label for="usuario">Usuário</label><input id="usuario" name="usuario" autocomplete="username">
                <button type="submit" name="decisao" value="permitir">Permitir</button>
                <button type="submit" name="decisao" value="negar">Negar</button>
              </form>`,
            ),
          );
          return;
        }
        const form = await formBody(req);
        const sub = form.get('usuario') ?? '';
        if (form.get('decisao') !== 'permitir') {
          await provider.interactionFinished(
            req,
            res,
            { error: 'access_denied', error_description: 'O usuário negou o acesso' },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        if (!opts.contas[sub]) {
          res.statusCode = 200;
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(page('Usuário desconhecido', '<p role="alert">Usuário desconhecido neste provedor.</p>'));
          return;
        }
        const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    provider,
    sign: (payload, typ = 'logout+jwt') =>
      new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ }).sign(privateKey),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies, enough for the provider's interaction and session cookies. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * What a user's browser does at the provider: opens the authorization address, signs in as `usuario` and allows (or
 * denies) the access, following redirects until the provider sends it back to `redirectPrefix`. Returns that address.
 */
export async function signInAtProvider(
  authorizeUrl: string,
  redirectPrefix: string,
  decisao: { usuario: string; permitir: boolean },
  jar = new CookieJar(),
): Promise<URL> {
  let url = authorizeUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(redirectPrefix)) return new URL(url);
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    jar.store(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provedor: página inesperada em ${url} (${res.status})`);
    url = new URL(action, url).href;
    body = new URLSearchParams({ usuario: decisao.usuario, decisao: decisao.permitir ? 'permitir' : 'negar' });
  }
  throw new Error('provedor: redirecionamentos demais');
}

/**
 * What a user's browser does to sign out at the provider (its RP-initiated logout page, "Sim, sair"): the provider
 * ends its session and tells every client with a back-channel address before it answers.
 */
export async function signOutAtProvider(issuer: string, clientId: string, jar: CookieJar): Promise<void> {
  const page = await fetch(`${issuer}/session/end?client_id=${encodeURIComponent(clientId)}`, {
    headers: { cookie: jar.header() },
    redirect: 'manual',
  });
  jar.store(page);
  const html = await page.text();
  const action = /<form[^>]*id="op.logoutForm"[^>]*>|<form[^>]*action="([^"]+)"[^>]*id="op.logoutForm"/.exec(html);
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  const target = /action="([^"]+)"/.exec(action?.[0] ?? '')?.[1];
  if (!xsrf || !target) throw new Error(`provedor: página de saída inesperada (${page.status})`);
  const done = await fetch(new URL(target, issuer), {
    method: 'POST',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }),
    redirect: 'manual',
  });
  if (done.status !== 303 && done.status !== 302 && done.status !== 200)
    throw new Error(`provedor: saída recusada (${done.status})`);
}
