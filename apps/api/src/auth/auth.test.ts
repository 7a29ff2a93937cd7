import { msg, perfilPermissions } from '@saude/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessoes } from '../db/schema';
import { FIXTURE_PASSWORD, fixtures, type Profissional, type Unidade } from '../test/fixtures';
import { auditRows, buildTestApp, type TestApp } from '../test/helpers';

describe('/api/v2/auth', () => {
  let t: TestApp;
  let f: ReturnType<typeof fixtures>;
  let centro: Unidade;
  let jardim: Unidade;
  let medico: Profissional;

  const login = (who: string, senha = FIXTURE_PASSWORD, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { login: who, senha }, remoteAddress: ip });

  beforeAll(async () => {
    t = await buildTestApp();
    f = fixtures(t);
    centro = await f.unidade({ nome: 'UBS Centro' });
    jardim = await f.unidade({ nome: 'UBS Jardim das Palmeiras' });
    medico = await f.profissional([{ unidade: centro, perfil: 'medico' }], { nome: 'Médico de Teste' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in with login and password, answers an opaque token stored only as a hash, and audits it', async () => {
    const res = await login(medico.login);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // One unit: it is chosen for them.
    expect(body.usuario).toMatchObject({
      login: medico.login,
      nome: 'Médico de Teste',
      unidade_atual: { id: centro.id, nome: 'UBS Centro' },
    });
    const stored = await t.db.select().from(sessoes);
    expect(stored.some((s) => s.token_hash === body.token)).toBe(false);
    expect((await auditRows(t, { action: 'login' })).length).toBeGreaterThan(0);
  });

  it('accepts the login in any letter case', async () => {
    expect((await login(medico.login.toUpperCase())).statusCode).toBe(200);
  });

  it('answers 401 with one message that does not tell whether login or password was wrong', async () => {
    const wrongPassword = await login(medico.login, 'errada', '10.0.0.1');
    const unknownUser = await login('ninguem', 'errada', '10.0.0.1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.json()).toEqual({ code: 'nao_autenticado', message: msg.loginInvalido, errors: {} });
    }
    expect((await auditRows(t, { action: 'login_falhou' })).length).toBeGreaterThanOrEqual(2);
  });

  it('answers 422 with field messages for an empty form', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { login: '', senha: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'validacao',
      errors: { login: [msg.obrigatorio], senha: [msg.obrigatorio] },
    });
  });

  it('answers /me with login, nome, email, unidade_atual and the permissions of the unit; 401 without a token', async () => {
    const vigilancia = await f.unidade({ tipo: 'VIGILANCIA', nome: 'Centro de Vigilância em Saúde' });
    const tecnica = await f.profissional([{ unidade: vigilancia, perfil: 'vigilancia' }], {
      nome: 'Técnica de Vigilância',
      email: 'vigilancia@saude.exemplo.gov.br',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: await f.signIn(tecnica) });
    expect(me.json()).toEqual({
      login: tecnica.login,
      nome: 'Técnica de Vigilância',
      email: 'vigilancia@saude.exemplo.gov.br',
      unidade_atual: { id: vigilancia.id, nome: 'Centro de Vigilância em Saúde' },
      perfil: 'Vigilância epidemiológica',
      permissoes: [...perfilPermissions.vigilancia].sort(),
      senha_provisoria: false,
      termo_pendente: null,
    });
    const anon = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ code: 'nao_autenticado', message: msg.naoAutenticado, errors: {} });
  });

  it('leaves the unit open for a user with two units, lists them, and changes unit with an audit row', async () => {
    const e1 = await f.equipe(centro, { nome: 'ESF Centro 1' });
    const e2 = await f.equipe(jardim);
    const acs = await f.profissional([
      { unidade: centro, perfil: 'acs', equipe: e1 },
      { unidade: jardim, perfil: 'acs', equipe: e2 },
    ]);
    const res = await login(acs.login);
    const { token, usuario } = res.json();
    expect(usuario.unidade_atual).toBeNull();
    const headers = { authorization: `Bearer ${token}` };
    const lot = (await t.app.inject({ method: 'GET', url: '/api/v2/auth/lotacoes', headers })).json();
    expect(lot.map((l: { unidade_nome: string }) => l.unidade_nome)).toEqual([
      'UBS Centro',
      'UBS Jardim das Palmeiras',
    ]);
    expect(lot[0]).toMatchObject({
      perfil_nome: 'Agente comunitário de saúde',
      ocupacao: 'AGENTE COMUNITÁRIO DE SAÚDE',
      equipe_nome: 'ESF Centro 1',
    });
    // Without a unit every permission check is refused.
    const menus = await t.app.inject({ method: 'GET', url: '/api/menus', headers });
    expect(menus.json()).toEqual([]);
    const sel = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/auth/unidade_atual',
      headers,
      payload: { unidade_saude_id: jardim.id },
    });
    expect(sel.statusCode).toBe(200);
    expect(sel.json().unidade_atual.nome).toBe('UBS Jardim das Palmeiras');
    expect(await auditRows(t, { action: 'troca_unidade', record_id: jardim.id })).toHaveLength(1);
  });

  it('refuses a unit where the user has no assignment with 403', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/auth/unidade_atual',
      headers: await f.signIn(medico),
      payload: { unidade_saude_id: jardim.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'proibido', message: msg.unidadeNaoPermitida, errors: {} });
  });

  it('revokes the token on logout', async () => {
    const { headers } = await f.usuario({ unidade: centro, perfil: 'ace' });
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers })).statusCode).toBe(401);
    expect((await auditRows(t, { action: 'logout' })).length).toBeGreaterThan(0);
  });

  it('expires a session after the idle time and after the absolute time', async () => {
    const recepcao = await f.profissional([{ unidade: centro, perfil: 'recepcao' }]);
    const idle = await f.signIn(recepcao);
    await t.db.update(sessoes).set({ last_seen_at: sql`now() - interval '31 minutes'` });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: idle })).statusCode).toBe(401);
    const abs = await f.signIn(recepcao);
    await t.db.update(sessoes).set({ expires_at: sql`now() - interval '1 second'` });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: abs })).statusCode).toBe(401);
  });

  it('changes the password after checking the current one', async () => {
    const gestor = await f.usuario({ unidade: centro, perfil: 'gestor' });
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/auth/senha',
      headers: gestor.headers,
      payload: { senha_atual: 'x', nova_senha: 'novasenha1', confirmacao: 'novasenha1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'validacao', errors: { senha_atual: [msg.senhaAtualIncorreta] } });
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/auth/senha',
      headers: gestor.headers,
      payload: { senha_atual: FIXTURE_PASSWORD, nova_senha: 'novasenha1', confirmacao: 'novasenha1' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await login(gestor.login, 'novasenha1')).statusCode).toBe(200);
    expect((await login(gestor.login, FIXTURE_PASSWORD, '10.2.2.2')).statusCode).toBe(401);
  });
});
