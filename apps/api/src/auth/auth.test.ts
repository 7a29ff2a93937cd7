import { msg, perfilPermissions } from '@saude/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessoes } from '../db/schema';
import { auditRows, buildTestApp, login, signIn, type TestApp } from '../test/helpers';

describe('/api/v2/auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in with login and password, answers an opaque token stored only as a hash, and audits it', async () => {
    const res = await login(t, 'medico');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // medico has one unit: it is chosen for them.
    expect(body.usuario).toMatchObject({
      login: 'medico',
      nome: 'Médico de Demonstração',
      unidade_atual: { nome: 'UBS Centro' },
    });
    const stored = await t.db.select().from(sessoes);
    expect(stored.some((s) => s.token_hash === body.token)).toBe(false);
    expect((await auditRows(t, { action: 'login' })).length).toBeGreaterThan(0);
  });

  it('accepts the login in any letter case', async () => {
    expect((await login(t, 'MEDICO')).statusCode).toBe(200);
  });

  it('answers 401 with one message that does not tell whether login or password was wrong', async () => {
    const wrongPassword = await login(t, 'medico', 'errada', '10.0.0.1');
    const unknownUser = await login(t, 'ninguem', 'errada', '10.0.0.1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(msg.loginInvalido);
    expect(unknownUser.json().message).toBe(msg.loginInvalido);
    expect((await auditRows(t, { action: 'login_falhou' })).length).toBeGreaterThanOrEqual(2);
  });

  it('answers 422 with field messages for an empty form', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { login: '', senha: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ login: [msg.obrigatorio], senha: [msg.obrigatorio] });
  });

  it('answers /me with login, nome, email, unidade_atual and the permissions of the unit; 401 without a token', async () => {
    const headers = await signIn(t, 'vigilancia');
    const me = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers });
    expect(me.json()).toEqual({
      login: 'vigilancia',
      nome: 'Técnica de Vigilância de Demonstração',
      email: 'vigilancia@saude.exemplo.gov.br',
      unidade_atual: { id: expect.any(String), nome: 'Centro de Vigilância em Saúde' },
      perfil: 'Vigilância epidemiológica',
      permissoes: [...perfilPermissions.vigilancia].sort(),
      senha_provisoria: false,
    });
    const anon = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe(msg.naoAutenticado);
  });

  it('leaves the unit open for a user with two units, lists them, and changes unit with an audit row', async () => {
    const res = await login(t, 'acs');
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
      payload: { unidade_saude_id: lot[1].unidade_saude_id },
    });
    expect(sel.statusCode).toBe(200);
    expect(sel.json().unidade_atual.nome).toBe('UBS Jardim das Palmeiras');
    expect(await auditRows(t, { action: 'troca_unidade', record_id: lot[1].unidade_saude_id })).toHaveLength(1);
  });

  it('refuses a unit where the user has no assignment with 403', async () => {
    const headers = await signIn(t, 'medico');
    const vig = await signIn(t, 'vigilancia');
    const me = (await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: vig })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/auth/unidade_atual',
      headers,
      payload: { unidade_saude_id: me.unidade_atual.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(msg.unidadeNaoPermitida);
  });

  it('revokes the token on logout', async () => {
    const headers = await signIn(t, 'ace');
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers })).statusCode).toBe(401);
    expect((await auditRows(t, { action: 'logout' })).length).toBeGreaterThan(0);
  });

  it('expires a session after the idle time and after the absolute time', async () => {
    const idle = await signIn(t, 'recepcao');
    await t.db.update(sessoes).set({ last_seen_at: sql`now() - interval '31 minutes'` });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: idle })).statusCode).toBe(401);
    const abs = await signIn(t, 'recepcao');
    await t.db.update(sessoes).set({ expires_at: sql`now() - interval '1 second'` });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: abs })).statusCode).toBe(401);
  });

  it('changes the password after checking the current one', async () => {
    const headers = await signIn(t, 'admin');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/auth/senha',
      headers,
      payload: { senha_atual: 'x', nova_senha: 'novasenha1', confirmacao: 'novasenha1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.senha_atual).toEqual([msg.senhaAtualIncorreta]);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/auth/senha',
      headers,
      payload: { senha_atual: 'saude123', nova_senha: 'novasenha1', confirmacao: 'novasenha1' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await login(t, 'admin', 'novasenha1')).statusCode).toBe(200);
    expect((await login(t, 'admin', 'saude123', '10.2.2.2')).statusCode).toBe(401);
  });
});
