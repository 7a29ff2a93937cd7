import { msg } from '@saude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { profissionais, sessoes } from '../db/schema';
import { fixtures, type Profissional, type Unidade } from '../test/fixtures';
import { auditRows, buildTestApp, type TestApp } from '../test/helpers';
import { signInAtProvider, startTestProvider, type TestProvider } from '../test/oidc-provider';

// Issue 23: the whole authorization-code flow against a real OpenID Connect provider started here (oidc-provider).
// The redirect address is never served: the test reads the code off the provider's redirect, as /saude2_oauth does.
const REDIRECT = 'http://localhost:3999/saude2_oauth';
const COOKIE = 'saude_sso_state';

let provider: TestProvider;
const env: Record<string, string> = {};

beforeAll(async () => {
  provider = await startTestProvider({
    redirectUris: [REDIRECT],
    postLogoutRedirectUris: ['http://localhost:3999/login'],
    contas: {
      'sub-medica': { preferred_username: 'medica.sso', name: 'Médica SSO', email: 'medica@example.org' },
      'sub-inativo': { preferred_username: 'inativo.sso', name: 'Inativo' },
      'sub-estranho': { preferred_username: 'ninguem.aqui', name: 'Estranho' },
      'sub-cpf': { preferred_username: 'x', cpf: '529.982.247-25' },
      'sub-email-ok': { email: 'Enfermeira@Example.org', email_verified: true },
      'sub-email-nao': { email: 'enfermeira@example.org', email_verified: false },
    },
  });
  Object.assign(env, {
    SSO_ISSUER_URL: provider.issuer,
    SSO_CLIENT_ID: provider.clientId,
    SSO_CLIENT_SECRET: provider.clientSecret,
    SSO_REDIRECT_URI: REDIRECT,
    SSO_PROVIDER_NAME: 'Acesso Município',
    PUBLIC_URL: 'http://localhost:3999',
  });
});
afterAll(async () => {
  await provider?.close();
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
async function flow(t: TestApp, usuario: string, permitir = true, retorno?: string) {
  const s = await start(t, retorno);
  const back = await signInAtProvider(s.location, REDIRECT, { usuario, permitir });
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
    expect(sessao).toMatchObject({ metodo: 'sso' });
    expect(sessao!.sso_id_token).toMatch(/^ey/);
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

describe('single sign-on: an expired ID token', () => {
  const t = {} as TestApp;
  beforeAll(async () => {
    // This server's clock two hours ahead of the provider's: the one-hour ID token arrives already expired.
    Object.assign(t, await buildTestApp(env, { sso: { clockSkewSeconds: 7200 } }));
    const centro = await fixtures(t).unidade({ nome: 'UBS Relógio' });
    await fixtures(t).profissional([{ unidade: centro, perfil: 'medico' }], { login: 'medica.sso' });
  });
  afterAll(async () => {
    await t.close();
  });

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
    expect(() => loadConfig({ ...base, SSO_ISSUER_URL: 'https://idp.example.gov.br' })).not.toThrow();
    expect(() => loadConfig({ ...base, SSO_ISSUER_URL: 'https://idp.example.gov.br' })).not.toThrow(ConfigError);
  });
});
