import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { msg } from '@saude/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { profissionais, sessoes } from '../db/schema';
import { fixtures, type Profissional, type Unidade } from '../test/fixtures';
import { buildApp } from '../app';
import { auditRows, buildTestApp, openTestDatabase, type TestApp, type TestAppOptions } from '../test/helpers';
import {
  CookieJar,
  signInAtProvider,
  signOutAtProvider,
  startTestProvider,
  type TestProvider,
} from '../test/oidc-provider';
import { hashToken } from './sessions';
import { decryptToken, tokenKey } from '../lib/cifra';

// Issue 23: the whole authorization-code flow against a real OpenID Connect provider started here (oidc-provider).
// The redirect address is never served: the test reads the code off the provider's redirect, as /saude2_oauth does.
const REDIRECT = 'http://localhost:3999/saude2_oauth';
const COOKIE = 'saude_sso_state';

const TOKEN_KEY = 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';
const BACKCHANNEL = '/api/v2/auth/oauth/backchannel_logout';

let provider: TestProvider;
const env: Record<string, string> = {};
// The contas the provider knows: a test removes one (the user disabled there).
const contas = {
  'sub-medica': { preferred_username: 'medica.sso', name: 'Médica SSO', email: 'medica@example.org' },
  'sub-inativo': { preferred_username: 'inativo.sso', name: 'Inativo' },
  'sub-estranho': { preferred_username: 'ninguem.aqui', name: 'Estranho' },
  'sub-cpf': { preferred_username: 'x', cpf: '529.982.247-25' },
  'sub-email-ok': { email: 'Enfermeira@Example.org', email_verified: true },
  'sub-email-nao': { email: 'enfermeira@example.org', email_verified: false },
  'sub-renova': { preferred_username: 'renova.sso', name: 'Renova' },
  'sub-desativada': { preferred_username: 'desativada.sso', name: 'Desativada' },
} as Record<string, { preferred_username?: string }>;

/**
 * The provider's back-channel logout POSTs reach the app under test through this relay (the API is injected, not
 * listening): 'forward' hands them on as they came; 'capture' keeps the token without delivering it.
 */
const relay = {
  target: null as TestApp | null,
  mode: 'forward' as 'forward' | 'capture',
  received: [] as Array<{ body: string; status: number }>,
  server: null as Server | null,
};

beforeAll(async () => {
  relay.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      void (async () => {
        let status = 200;
        if (relay.mode === 'forward' && relay.target) {
          const r = await relay.target.app.inject({
            method: 'POST',
            url: BACKCHANNEL,
            headers: { 'content-type': String(req.headers['content-type']) },
            payload: body,
          });
          status = r.statusCode;
        }
        relay.received.push({ body, status });
        res.statusCode = status;
        res.end();
      })();
    });
  });
  await new Promise<void>((resolve) => relay.server!.listen(0, '127.0.0.1', resolve));
  const relayPort = (relay.server.address() as AddressInfo).port;
  provider = await startTestProvider({
    backchannelLogoutUri: `http://127.0.0.1:${relayPort}/backchannel`,
    redirectUris: [REDIRECT],
    postLogoutRedirectUris: ['http://localhost:3999/login'],
    contas,
  });
  Object.assign(env, {
    SSO_ISSUER_URL: provider.issuer,
    SSO_CLIENT_ID: provider.clientId,
    SSO_CLIENT_SECRET: provider.clientSecret,
    SSO_REDIRECT_URI: REDIRECT,
    SSO_PROVIDER_NAME: 'Acesso Município',
    PUBLIC_URL: 'http://localhost:3999',
    SSO_TOKEN_KEY: TOKEN_KEY,
  });
});
afterAll(async () => {
  await provider?.close();
  await new Promise((resolve) => relay.server?.close(resolve));
});

type Started = { location: string; state: string; cookie: string };

async function start(t: TestApp, retorno?: string): Promise<Started> {
  const url = `/api/v2/auth/oauth/authorize${retorno === undefined ? '' : `?retorno=${encodeURIComponent(retorno)}`}`;
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  const setCookie = String(res.headers['set-cookie']);
  const state = new URL(location).searchParams.get('state')!;
  expect(setCookie).toContain(`${COOKIE}=${state}`);
  expect(setCookie).toMatch(/HttpOnly/);
  return { location, state, cookie: `${COOKIE}=${state}` };
}

const callback = (t: TestApp, body: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/oauth/callback',
    payload: body,
    headers: cookie ? { cookie } : {},
  });

/** The whole way: start, sign in at the provider as `usuario`, come back with what the provider sent. */
async function flow(t: TestApp, usuario: string, permitir = true, retorno?: string, jar = new CookieJar()) {
  const s = await start(t, retorno);
  const back = await signInAtProvider(s.location, REDIRECT, { usuario, permitir }, jar);
  const body = Object.fromEntries(back.searchParams);
  return { s, body, res: await callback(t, body, s.cookie) };
}

describe('single sign-on (OpenID Connect, authorization code + PKCE)', () => {
  const t = {} as TestApp;
  let centro: Unidade;
  let medica: Profissional;

  beforeAll(async () => {
    Object.assign(t, await buildTestApp(env));
    const f = fixtures(t);
    centro = await f.unidade({ nome: 'UBS Centro SSO' });
    medica = await f.profissional([{ unidade: centro, perfil: 'medico' }], { login: 'Medica.SSO', nome: 'Dra. SSO' });
    // A one-time password is for password sign-ins: the provider's user is not asked to change it.
    await t.db.update(profissionais).set({ senha_provisoria: true }).where(eq(profissionais.id, medica.id));
    const inativo = await f.profissional([{ unidade: centro, perfil: 'medico' }], { login: 'inativo.sso' });
    await t.db.update(profissionais).set({ ativo: false }).where(eq(profissionais.id, inativo.id));
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the sign-in page that single sign-on is on, with the provider name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ferramentas/parametrizacao' });
    expect(res.json()).toMatchObject({ sso_habilitado: true, sso_nome: 'Acesso Município' });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, and keeps the verifier on the server', async () => {
    const s = await start(t, '/municipes');
    const url = new URL(s.location);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid profile email',
    });
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.has('code_verifier')).toBe(false);
  });

  it('signs in the matched professional with our own session, keeps the return path, and audits it', async () => {
    const { res } = await flow(t, 'sub-medica', true, '/municipes?busca=ana');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.retorno).toBe('/municipes?busca=ana');
    // Spec §7's user info: login, nome, email, unidade_atual.nome.
    expect(body.usuario).toMatchObject({
      login: 'Medica.SSO',
      nome: 'Dra. SSO',
      unidade_atual: { id: centro.id, nome: 'UBS Centro SSO' },
      senha_provisoria: false,
    });
    expect(res.headers['set-cookie']).toMatch(new RegExp(`${COOKIE}=;.*Max-Age=0`));
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v2/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().permissoes.length).toBeGreaterThan(0);
    const [sessao] = await t.db
      .select()
      .from(sessoes)
      .where(eq(sessoes.profissional_id, medica.id))
      .orderBy(sessoes.created_at);
    expect(sessao).toMatchObject({ metodo: 'sso', sso_sub: 'sub-medica' });
    expect(sessao!.sso_sid).toMatch(/\S/);
    // Issue 43: no token of the provider in clear on the row; the ID token (the logout's hint) only encrypted.
    const row = JSON.stringify(sessao);
    expect(row).not.toMatch(/ey[A-Za-z0-9_-]{10,}\.ey/);
    const idToken = decryptToken(tokenKey(TOKEN_KEY)!, sessao!.sso_id_token_cifrado!, `sessoes:${sessao!.id}:id_token`);
    expect(idToken).toMatch(/^ey/);
    expect(JSON.parse(Buffer.from(idToken!.split('.')[1]!, 'base64url').toString())).toMatchObject({
      sub: 'sub-medica',
      sid: sessao!.sso_sid,
    });
    // Bound to its row: under another session's id it does not decrypt.
    expect(decryptToken(tokenKey(TOKEN_KEY)!, sessao!.sso_id_token_cifrado!, `sessoes:outra:id_token`)).toBeNull();
    expect(sessao!.sso_refresh_token_cifrado).toMatch(/^v1\./);
    const logins = await auditRows(t, { action: 'login' });
    expect(logins.at(-1)).toMatchObject({ profissional_id: medica.id, details: { metodo: 'sso' } });
  });

  it('refuses a replayed answer, and a code stolen into another sign-in', async () => {
    const { body, s, res } = await flow(t, 'sub-medica');
    expect(res.statusCode).toBe(200);
    const replay = await callback(t, body, s.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(msg.ssoTransacaoInvalida);
    // The code in a sign-in of its own: the provider refuses it (used, and its PKCE challenge was another).
    const other = await start(t);
    const stolen = await callback(t, { ...body, state: other.state }, other.cookie);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(msg.ssoCodigoInvalido);
    const refused = await auditRows(t, { action: 'login_sso_recusado' });
    expect(refused.map((r) => r.details)).toEqual(expect.arrayContaining([{ motivo: 'estado' }, { motivo: 'codigo' }]));
  });

  it('refuses a tampered state, and an answer this browser did not start; the real one still goes through', async () => {
    const s = await start(t);
    const back = await signInAtProvider(s.location, REDIRECT, { usuario: 'sub-medica', permitir: true });
    const body = Object.fromEntries(back.searchParams);
    const tampered = await callback(t, { ...body, state: `${body.state}x` }, s.cookie);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe(msg.ssoTransacaoInvalida);
    const noCookie = await callback(t, body);
    expect(noCookie.statusCode).toBe(400);
    expect((await callback(t, body, s.cookie)).statusCode).toBe(200);
  });

  it('says so when the user denies the access at the provider', async () => {
    const { res, body } = await flow(t, 'sub-medica', false);
    expect(body.error).toBe('access_denied');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(msg.ssoAcessoNegado);
    const [last] = (await auditRows(t, { action: 'login_sso_recusado' })).slice(-1);
    expect(last!.details).toEqual({ motivo: 'negado' });
  });

  it('refuses an account that matches no professional, and a deactivated professional, without a session', async () => {
    const before = (await t.db.select().from(sessoes)).length;
    const estranho = await flow(t, 'sub-estranho');
    expect(estranho.res.statusCode).toBe(403);
    expect(estranho.res.json().message).toBe(msg.ssoSemProfissional);
    const inativo = await flow(t, 'sub-inativo');
    expect(inativo.res.statusCode).toBe(403);
    expect(inativo.res.json().message).toBe(msg.ssoProfissionalInativo);
    expect((await t.db.select().from(sessoes)).length).toBe(before);
    // The audit says why, never the claim (a CPF or an e-mail is personal data).
    const refused = await auditRows(t, { action: 'login_sso_recusado' });
    expect(JSON.stringify(refused)).not.toContain('ninguem.aqui');
  });

  it('drops a return path to another site', async () => {
    const { res } = await flow(t, 'sub-medica', true, '//evil.example.org/x');
    expect(res.json().retorno).toBeNull();
  });

  it("ends both sessions on sign-out: ours at once, the provider's at its logout address", async () => {
    const { res } = await flow(t, 'sub-medica');
    const token = res.json().token as string;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const url = new URL(out.json().sso_logout_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3999/login');
    expect(url.searchParams.get('id_token_hint')).toMatch(/^ey/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v2/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
    // The provider accepts the hint: it goes on to end its session (this client has no provider cookie to confirm).
    const end = await fetch(url, { redirect: 'manual' });
    expect(end.status).toBe(200);
    expect(await end.text()).toContain(`${provider.issuer}/session/end/confirm`);
  });

  it('answers 422 for a callback without state, and refuses a NUL byte', async () => {
    const blank = await callback(t, { code: 'x' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.state).toEqual([msg.obrigatorio]);
    const nul = await callback(t, { code: 'x', state: 'a\u0000b' }, `${COOKIE}=a`);
    expect([400, 422]).toContain(nul.statusCode);
  });
});

/** An app of the describe's own, with the professional the provider's 'sub-medica' signs in as. */
function useAppWithMedica(appEnv: () => Record<string, string>, unidade: string, opts?: TestAppOptions): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(appEnv(), opts));
    const centro = await fixtures(t).unidade({ nome: unidade });
    await fixtures(t).profissional([{ unidade: centro, perfil: 'medico' }], { login: 'medica.sso' });
  });
  afterAll(async () => {
    await t.close();
  });
  return t;
}

describe('single sign-on: an expired ID token', () => {
  // This server's clock two hours ahead of the provider's: the one-hour ID token arrives already expired.
  const t = useAppWithMedica(() => env, 'UBS Relógio', { sso: { clockSkewSeconds: 7200 } });

  it('refuses it with its own message', async () => {
    const { res } = await flow(t, 'sub-medica');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(msg.ssoExpirado);
  });
});

describe('single sign-on matched by CPF and by verified e-mail', () => {
  const byCpf = {} as TestApp;
  const byEmail = {} as TestApp;
  beforeAll(async () => {
    Object.assign(byCpf, await buildTestApp({ ...env, SSO_MATCH_BY: 'cpf', SSO_SCOPES: 'openid profile cpf' }));
    Object.assign(byEmail, await buildTestApp({ ...env, SSO_MATCH_BY: 'email' }));
    for (const t of [byCpf, byEmail]) {
      const f = fixtures(t);
      const u = await f.unidade({ nome: 'UBS Vínculo' });
      const p = await f.profissional([{ unidade: u, perfil: 'enfermagem' }], {
        login: 'enfermeira',
        email: 'enfermeira@example.org',
      });
      await t.db.update(profissionais).set({ cpf_numero: '52998224725' }).where(eq(profissionais.id, p.id));
    }
  });
  afterAll(async () => {
    await byCpf.close();
    await byEmail.close();
  });

  it('finds the professional by the CPF claim, masked or not', async () => {
    const { res } = await flow(byCpf, 'sub-cpf');
    expect(res.statusCode).toBe(200);
    expect(res.json().usuario.login).toBe('enfermeira');
  });

  it('finds them by a verified e-mail in any letter case, and refuses an unverified one', async () => {
    const ok = await flow(byEmail, 'sub-email-ok');
    expect(ok.res.statusCode).toBe(200);
    expect(ok.res.json().usuario.login).toBe('enfermeira');
    const nao = await flow(byEmail, 'sub-email-nao');
    expect(nao.res.statusCode).toBe(403);
    expect(nao.res.json().message).toBe(msg.ssoEmailNaoVerificado);
  });
});

describe('single sign-on off, or its provider down', () => {
  it('without configuration: the button is hidden and the routes say so', async () => {
    const t = await buildTestApp();
    try {
      const p = await t.app.inject({ method: 'GET', url: '/api/ferramentas/parametrizacao' });
      expect(p.json()).toMatchObject({ sso_habilitado: false, sso_nome: null });
      const a = await t.app.inject({ method: 'GET', url: '/api/v2/auth/oauth/authorize' });
      expect(a.statusCode).toBe(302);
      expect(a.headers.location).toBe('/login?sso_erro=nao_configurado');
      const c = await callback(t, { code: 'x', state: 'y' }, `${COOKIE}=y`);
      expect(c.statusCode).toBe(404);
      expect(c.json().message).toBe(msg.ssoNaoConfigurado);
    } finally {
      await t.close();
    }
  });

  it('a provider that does not answer sends the browser back to the sign-in page with the reason', async () => {
    const t = await buildTestApp({ ...env, SSO_ISSUER_URL: 'http://127.0.0.1:9/' });
    try {
      const a = await t.app.inject({ method: 'GET', url: '/api/v2/auth/oauth/authorize' });
      expect(a.statusCode).toBe(302);
      expect(a.headers.location).toBe('/login?sso_erro=indisponivel');
    } finally {
      await t.close();
    }
  });

  it('refuses a half or insecure configuration at start', () => {
    const base = { SSO_CLIENT_ID: 'c', SSO_REDIRECT_URI: 'https://saude.example.gov.br/saude2_oauth' };
    expect(() => loadConfig({ ...base })).toThrow(/SSO_ISSUER_URL: obrigatório/);
    expect(() => loadConfig({ ...base, SSO_ISSUER_URL: 'http://idp.example.gov.br/realms/x' })).toThrow(
      /SSO_ISSUER_URL: deve usar https/,
    );
    expect(() =>
      loadConfig({ ...base, SSO_ISSUER_URL: 'https://idp.example.gov.br', SSO_REDIRECT_URI: 'https://s.gov.br/x' }),
    ).toThrow(/SSO_REDIRECT_URI: deve terminar em \/saude2_oauth/);
    expect(() =>
      loadConfig({ ...base, SSO_ISSUER_URL: 'https://idp.example.gov.br', SSO_TOKEN_KEY: 'curta-demais' }),
    ).toThrow(/SSO_TOKEN_KEY: deve ter 32 bytes/);
    expect(() =>
      loadConfig({ ...base, SSO_ISSUER_URL: 'https://idp.example.gov.br', SSO_TOKEN_KEY: 'ab'.repeat(32) }),
    ).not.toThrow();
    expect(() => loadConfig({ ...base, SSO_ISSUER_URL: 'https://idp.example.gov.br' })).not.toThrow();
    expect(() => loadConfig({ ...base, SSO_ISSUER_URL: 'https://idp.example.gov.br' })).not.toThrow(ConfigError);
  });
});

describe('single sign-on: the provider ends our session (back-channel logout) and renews it (refresh token)', () => {
  const t = {} as TestApp;
  let centro: Unidade;

  beforeAll(async () => {
    Object.assign(t, await buildTestApp(env));
    relay.target = t;
    const f = fixtures(t);
    centro = await f.unidade({ nome: 'UBS Canal' });
    for (const login of ['medica.sso', 'renova.sso', 'desativada.sso'])
      await f.profissional([{ unidade: centro, perfil: 'medico' }], { login });
  });
  afterAll(async () => {
    relay.target = null;
    await t.close();
  });

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: { authorization: `Bearer ${token}` } });
  const post = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
    t.app.inject({ method: 'POST', url: BACKCHANNEL, headers: { 'content-type': contentType }, payload });
  const form = (logoutToken: string) => new URLSearchParams({ logout_token: logoutToken }).toString();
  const sessionOf = async (token: string) => {
    const [row] = await t.db
      .select()
      .from(sessoes)
      .where(eq(sessoes.token_hash, hashToken(token)));
    return row!;
  };
  async function signIn(usuario: string, jar = new CookieJar()) {
    const { res } = await flow(t, usuario, true, undefined, jar);
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    // Read once: the answer now sits in the session cache, which the logout must reach.
    expect((await me(token)).statusCode).toBe(200);
    return { token, jar };
  }
  /** A logout token the provider itself issues for a session, kept by the relay instead of delivered. */
  async function providerLogoutToken(sub: string, sid: string) {
    relay.mode = 'capture';
    try {
      // oidc-provider's own Back-Channel Logout request (its types leave the method out).
      const client = (await provider.provider.Client.find(provider.clientId)) as unknown as {
        backchannelLogout: (sub: string, sid: string) => Promise<void>;
      };
      await client.backchannelLogout(sub, sid);
      return new URLSearchParams(relay.received.at(-1)!.body).get('logout_token')!;
    } finally {
      relay.mode = 'forward';
    }
  }

  it('signing out at the provider ends our session at once, cached answer and all, and only that one', async () => {
    const a = await signIn('sub-medica');
    const other = await signIn('sub-medica');
    const before = relay.received.length;
    await signOutAtProvider(provider.issuer, provider.clientId, a.jar);
    // The provider told us before it answered its user, and we said 200.
    expect(relay.received.slice(before).map((r) => r.status)).toEqual([200]);
    expect((await me(a.token)).statusCode).toBe(401);
    expect(await sessionOf(a.token)).toMatchObject({
      revoked_at: expect.any(Date),
      sso_id_token_cifrado: null,
      sso_refresh_token_cifrado: null,
      sso_renovar_em: null,
    });
    // Another browser's sign-in is another session at the provider: it goes on.
    expect((await me(other.token)).statusCode).toBe(200);
    const ended = await auditRows(t, { action: 'logout_sso_provedor' });
    expect(ended.at(-1)).toMatchObject({
      record_id: (await sessionOf(a.token)).id,
      details: { motivo: 'backchannel' },
    });
  });

  it('refuses a forged, invalid or replayed logout token with 400 and ends nothing', async () => {
    const { token } = await signIn('sub-medica');
    const s = await sessionOf(token);
    const genuine = await providerLogoutToken('sub-medica', s.sso_sid!);
    const claims = JSON.parse(Buffer.from(genuine.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: provider.issuer, aud: provider.clientId, sub: 'sub-medica', sid: s.sso_sid });
    const now = Math.floor(Date.now() / 1000);
    const fresh = () => ({ ...claims, jti: `jti-${Math.random()}`, iat: now, exp: now + 120 });
    const [head, body, sig] = genuine.split('.') as [string, string, string];
    const { privateKey } = await import('jose').then((j) => j.generateKeyPair('RS256'));
    const jose = await import('jose');
    const cases: Array<[string, string, string]> = [
      ['altered signature', `${head}.${body}.${sig.slice(0, -4)}AAAA`, 'assinatura'],
      [
        'altered claims',
        `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: 'sub-outro' })).toString('base64url')}.${sig}`,
        'assinatura',
      ],
      [
        'signed by another key with the provider key id',
        await new jose.SignJWT(fresh())
          .setProtectedHeader({ alg: 'RS256', kid: 'chave-de-teste', typ: 'logout+jwt' })
          .sign(privateKey),
        'assinatura',
      ],
      ['unsigned (alg none)', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`, 'algoritmo'],
      ['another issuer', await provider.sign({ ...fresh(), iss: 'http://localhost:1' }), 'claim_iss'],
      ['another audience', await provider.sign({ ...fresh(), aud: 'outro-cliente' }), 'claim_aud'],
      ['too old', await provider.sign({ ...fresh(), iat: now - 3600, exp: now + 60 }), 'claim_iat'],
      ['from the future', await provider.sign({ ...fresh(), iat: now + 3600, exp: now + 7200 }), 'claim_iat'],
      ['expired', await provider.sign({ ...fresh(), iat: now - 300, exp: now - 200 }), 'expirado'],
      ['without jti', await provider.sign({ ...fresh(), jti: undefined }), 'claim_jti'],
      ['without events', await provider.sign({ ...fresh(), events: undefined }), 'claim_events'],
      ['another event', await provider.sign({ ...fresh(), events: { 'http://example.org/outro': {} } }), 'evento'],
      ['an ID token (nonce)', await provider.sign({ ...fresh(), nonce: 'n' }), 'nonce'],
      ['neither sid nor sub', await provider.sign({ ...fresh(), sid: undefined, sub: undefined }), 'sid_sub'],
      ['not a JWT', 'nao-e-um-jwt', 'formato'],
    ];
    for (const [name, logoutToken, motivo] of cases) {
      const res = await post(form(logoutToken));
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ error: 'invalid_request', error_description: msg.ssoLogoutInvalido });
      expect(res.headers['cache-control'], name).toBe('no-store');
      const [last] = (await auditRows(t, { action: 'logout_sso_recusado' })).slice(-1);
      expect(last!.details, name).toEqual({ motivo });
    }
    // A malformed request: no token, two tokens, JSON, a NUL byte, an oversized body.
    for (const [payload, type] of [
      ['', undefined],
      [`${form(genuine)}&${form(genuine)}`, undefined],
      [JSON.stringify({ logout_token: genuine }), 'application/json'],
      ['logout_token=a%00b', undefined],
      [`logout_token=${'a'.repeat(70_000)}`, undefined],
    ] as Array<[string, string | undefined]>) {
      const res = await post(payload, type);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    }
    expect((await me(token)).statusCode).toBe(200);
    expect((await sessionOf(token)).revoked_at).toBeNull();

    // The genuine one ends the session; sent again, it is refused.
    expect((await post(form(genuine))).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const replay = await post(form(genuine));
    expect(replay.statusCode).toBe(400);
    expect((await auditRows(t, { action: 'logout_sso_recusado' })).at(-1)!.details).toEqual({ motivo: 'repetido' });
    // A subject-only token ends every session of that user; replayed after a new sign-in, it ends nothing.
    const x = await signIn('sub-medica');
    const y = await signIn('sub-medica');
    const bySub = await provider.sign({ ...fresh(), sid: undefined });
    expect((await post(form(bySub))).statusCode).toBe(200);
    expect((await me(x.token)).statusCode).toBe(401);
    expect((await me(y.token)).statusCode).toBe(401);
    const z = await signIn('sub-medica');
    expect((await post(form(bySub))).statusCode).toBe(400);
    expect((await me(z.token)).statusCode).toBe(200);
  });

  it('answers 200 for a valid token naming no session of ours', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await post(
      form(
        await provider.sign({
          iss: provider.issuer,
          aud: provider.clientId,
          iat: now,
          exp: now + 120,
          jti: `jti-nenhuma-${now}`,
          sid: 'sid-desconhecido',
          events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
        }),
      ),
    );
    expect(res.statusCode).toBe(200);
    expect((await auditRows(t, { action: 'logout_sso_provedor' })).at(-1)!.details).toEqual({
      motivo: 'backchannel',
      sessoes: 0,
    });
  });

  /** The session as if its provider's access token had expired and the user came back after a pause. */
  const makeDue = (token: string) =>
    t.db.execute(
      sql`update sessoes set sso_renovar_em = now() - interval '1 second',
        last_seen_at = now() - interval '10 minutes' where token_hash = ${hashToken(token)}`,
    );

  it('renews the session at the provider when its time has come, keeping the new refresh token encrypted', async () => {
    const { token } = await signIn('sub-renova');
    const before = await sessionOf(token);
    expect(before.sso_renovar_em!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    await makeDue(token);
    expect((await me(token)).statusCode).toBe(200);
    const after = await sessionOf(token);
    expect(after.revoked_at).toBeNull();
    // Renewed: the next renewal is an access token's life away, and the provider's answer was stored (encrypted).
    expect(after.sso_renovar_em!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(after.sso_id_token_cifrado).not.toBe(before.sso_id_token_cifrado);
    const refresh = decryptToken(
      tokenKey(TOKEN_KEY)!,
      after.sso_refresh_token_cifrado!,
      `sessoes:${after.id}:refresh_token`,
    );
    expect(refresh).toMatch(/\S{20,}/);
    expect(JSON.stringify(after)).not.toContain(refresh!);
    // And once more, with the token the provider gave the first time.
    await makeDue(token);
    expect((await me(token)).statusCode).toBe(200);
    expect((await sessionOf(token)).revoked_at).toBeNull();
  });

  it('ends our session when the provider refuses the renewal (the account disabled there)', async () => {
    const { token } = await signIn('sub-desativada');
    delete contas['sub-desativada'];
    await makeDue(token);
    expect((await me(token)).statusCode).toBe(401);
    const s = await sessionOf(token);
    expect(s.revoked_at).not.toBeNull();
    expect((await auditRows(t, { action: 'logout_sso_provedor' })).at(-1)).toMatchObject({
      record_id: s.id,
      details: { motivo: 'renovacao_recusada' },
    });
  });

  it('ends our session when the renewal finds the user signed out at the provider', async () => {
    relay.mode = 'capture'; // the back-channel message is lost: the renewal must notice on its own
    const { token, jar } = await signIn('sub-renova');
    try {
      await signOutAtProvider(provider.issuer, provider.clientId, jar);
    } finally {
      relay.mode = 'forward';
    }
    expect((await me(token)).statusCode).toBe(200);
    await makeDue(token);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a provider that does not answer the renewal leaves the session as it is, asked again later', async () => {
    const down = await buildTestApp({ ...env });
    try {
      const f = fixtures(down);
      const u = await f.unidade({ nome: 'UBS Fora do Ar' });
      await f.profissional([{ unidade: u, perfil: 'medico' }], { login: 'renova.sso' });
      const { res } = await flow(down, 'sub-renova');
      const token = res.json().token as string;
      // The provider's token endpoint moves away (its discovery is already known): the renewal cannot reach it.
      await down.db.execute(
        sql`update sessoes set sso_renovar_em = now() - interval '1 second',
          last_seen_at = now() - interval '10 minutes' where token_hash = ${hashToken(token)}`,
      );
      await provider.close();
      try {
        const r = await down.app.inject({
          method: 'GET',
          url: '/api/v2/auth/me',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(r.statusCode).toBe(200);
        const [row] = await down.db
          .select()
          .from(sessoes)
          .where(eq(sessoes.token_hash, hashToken(token)));
        expect(row!.revoked_at).toBeNull();
        expect(row!.sso_renovar_em!.getTime()).toBeGreaterThan(Date.now());
      } finally {
        provider = await startTestProvider({
          port: Number(new URL(provider.issuer).port),
          backchannelLogoutUri: `http://127.0.0.1:${(relay.server!.address() as AddressInfo).port}/backchannel`,
          redirectUris: [REDIRECT],
          postLogoutRedirectUris: ['http://localhost:3999/login'],
          contas,
        });
      }
    } finally {
      await down.close();
    }
  });
});

describe('single sign-on: two API processes on one database', () => {
  it('a back-channel logout received by one ends the session the other had cached', async () => {
    const { database, drop } = await openTestDatabase();
    const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
    const one = await buildApp(config, database, { logger: false, serveWeb: false });
    const other = await buildApp(config, database, { logger: false, serveWeb: false });
    const close = async () => {
      await one.close();
      await other.close();
      await database.close();
      await drop();
    };
    try {
      const t = { app: one, db: database.db, config, kind: database.kind, setupLog: [], close } as TestApp;
      const centro = await fixtures(t).unidade({ nome: 'UBS Dois Processos' });
      await fixtures(t).profissional([{ unidade: centro, perfil: 'medico' }], { login: 'medica.sso' });
      const { res } = await flow(t, 'sub-medica');
      const token = res.json().token as string;
      const me = () =>
        other.inject({ method: 'GET', url: '/api/v2/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect((await me()).statusCode).toBe(200);
      expect((await me()).statusCode).toBe(200);
      // The other process answers from memory now.
      expect(other.sessionCache.stats.hits).toBeGreaterThan(0);
      const [row] = await database.db
        .select()
        .from(sessoes)
        .where(eq(sessoes.token_hash, hashToken(token)));
      const now = Math.floor(Date.now() / 1000);
      const logoutToken = await provider.sign({
        iss: provider.issuer,
        aud: provider.clientId,
        iat: now,
        exp: now + 120,
        jti: `jti-dois-processos-${now}`,
        sub: 'sub-medica',
        sid: row!.sso_sid!,
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      });
      const out = await one.inject({
        method: 'POST',
        url: BACKCHANNEL,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ logout_token: logoutToken }).toString(),
      });
      expect(out.statusCode).toBe(200);
      await expect.poll(async () => (await me()).statusCode).toBe(401);
    } finally {
      await close();
    }
  });
});

describe('single sign-on without SSO_TOKEN_KEY', () => {
  const t = useAppWithMedica(() => {
    const { SSO_TOKEN_KEY: _, ...semChave } = env;
    return semChave;
  }, 'UBS Sem Chave');

  it('keeps no token of the provider at all, and signs out at the provider by the client id', async () => {
    const { res } = await flow(t, 'sub-medica');
    const token = res.json().token as string;
    const [row] = await t.db
      .select()
      .from(sessoes)
      .where(eq(sessoes.token_hash, hashToken(token)));
    expect(row).toMatchObject({
      sso_sub: 'sub-medica',
      sso_id_token_cifrado: null,
      sso_refresh_token_cifrado: null,
      sso_renovar_em: null,
    });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    const url = new URL(out.json().sso_logout_url);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.has('id_token_hint')).toBe(false);
    // The provider takes it: its page asks the user to confirm.
    const end = await fetch(url, { redirect: 'manual' });
    expect(end.status).toBe(200);
  });
});
