import { msg } from '@saude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  dispositivosConhecidos,
  lotacoes,
  perfis,
  profissionais,
  sessoes,
  tiposUnidade,
  unidadesSaude,
} from '../db/schema';
import { newId } from '../lib/ids';
import { createFirstManager, SECRETARIA_NOME } from '../seed/primeiro_gestor';
import { auditRows, buildTestApp, login, type TestApp } from '../test/helpers';
import { useTestApp } from '../test/lifecycle';

const parametrizacao = async (t: TestApp) =>
  (await t.app.inject({ method: 'GET', url: '/api/ferramentas/parametrizacao' })).json<{ demonstracao: boolean }>();

describe('DEMO defaults', () => {
  it('is on for the embedded database and off for PostgreSQL unless asked', () => {
    expect(loadConfig({}).DEMO).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', DEMO: 'true' }).DEMO).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).DEMO).toBe(false);
  });
});

describe('with the demo', () => {
  const t = useTestApp({}, { demo: true });

  it('says so to the web while a demo account is active, and stops when none is', async () => {
    expect(t.setupLog.join('\n')).toContain('Não use com dados reais');
    expect((await parametrizacao(t)).demonstracao).toBe(true);
    await t.db.update(profissionais).set({ ativo: false }).where(eq(profissionais.demonstracao, true));
    expect((await parametrizacao(t)).demonstracao).toBe(false);
  });
});

describe('first start without the demo (DEMO=false)', () => {
  let t: TestApp;
  let senha: string;
  beforeAll(async () => {
    t = await buildTestApp({}, { firstStart: true });
    senha = /senha provisória: (\S+)/.exec(t.setupLog.join('\n'))?.[1] ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates one manager, no demo, and prints the one-time password once', async () => {
    const todos = await t.db.select().from(profissionais);
    expect(todos).toHaveLength(1);
    expect(todos[0]).toMatchObject({ login: 'gestor', senha_provisoria: true, demonstracao: false });
    expect(todos[0]!.senha_hash).not.toContain(senha);
    expect(senha).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(t.setupLog).toHaveLength(1);
    expect(t.setupLog[0]).toContain('login: gestor');
    expect((await parametrizacao(t)).demonstracao).toBe(false);
    // Started again (or by a second process): nobody else is created and nothing is printed.
    expect(await createFirstManager(t.db)).toBeNull();
    expect(await t.db.select().from(profissionais)).toHaveLength(1);
  });

  it('assigns the manager as gestor to a "Secretaria Municipal de Saúde" unit created for it', async () => {
    const rows = await t.db
      .select({ unidade: unidadesSaude.nome, perfil: perfis.codigo })
      .from(lotacoes)
      .innerJoin(unidadesSaude, eq(unidadesSaude.id, lotacoes.unidade_saude_id))
      .innerJoin(perfis, eq(perfis.id, lotacoes.perfil_id));
    expect(rows).toEqual([{ unidade: SECRETARIA_NOME, perfil: 'gestor' }]);
  });

  it('lets a one-time password session read /me, change the password and sign out, and nothing else', async () => {
    const res = await login(t, 'gestor', senha);
    expect(res.statusCode).toBe(200);
    expect(res.json().usuario).toMatchObject({ login: 'gestor', senha_provisoria: true });
    const headers = { authorization: `Bearer ${res.json().token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().senha_provisoria).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/menus'],
      ['GET', '/api/v2/auth/lotacoes'],
      ['GET', '/api/v1/municipes?q=maria'],
      ['POST', '/api/ferramentas/permissoes'],
    ] as const) {
      const r = await t.app.inject({
        method,
        url,
        headers,
        payload: method === 'POST' ? { authorize: 'x' } : undefined,
      });
      expect(r.statusCode, url).toBe(403);
      expect(r.json().message, url).toBe(msg.senhaProvisoria);
    }
    // Changing it: the one-time password cannot be kept.
    const same = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/auth/senha',
      headers,
      payload: { senha_atual: senha, nova_senha: senha, confirmacao: senha },
    });
    expect(same.json().errors).toEqual({ nova_senha: [msg.senhaIgualAtual] });
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/auth/senha',
      headers,
      payload: { senha_atual: senha, nova_senha: 'gestão da saúde 2025', confirmacao: 'gestão da saúde 2025' },
    });
    expect(ok.statusCode).toBe(204);
    // The same session goes on, now with everything the profile allows.
    const after = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers });
    expect(after.json()).toMatchObject({ senha_provisoria: false, unidade_atual: { nome: SECRETARIA_NOME } });
    expect((await t.app.inject({ method: 'GET', url: '/api/menus', headers })).statusCode).toBe(200);
    expect(await auditRows(t, { action: 'troca_senha' })).toHaveLength(1);
    expect((await login(t, 'gestor', senha, '10.1.1.1')).statusCode).toBe(401);
  });

  it('signs a one-time password session out', async () => {
    await t.db.update(profissionais).set({ senha_provisoria: true });
    const res = await login(t, 'gestor', 'gestão da saúde 2025');
    const headers = { authorization: `Bearer ${res.json().token}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers })).statusCode).toBe(401);
  });

  it('assigns the manager to the oldest active unit, creating none, when units were imported first', async () => {
    await t.db.delete(sessoes);
    await t.db.delete(dispositivosConhecidos);
    await t.db.delete(lotacoes);
    await t.db.delete(profissionais);
    const [tipo] = await t.db.select().from(tiposUnidade).limit(1);
    await t.db.insert(unidadesSaude).values({
      id: newId(),
      cnes: '1234567',
      nome: 'UBS Importada',
      tipo_unidade_id: tipo!.id,
      created_at: new Date('2020-01-01T00:00:00Z'),
    });
    const criado = await createFirstManager(t.db);
    expect(criado).toMatchObject({ login: 'gestor', unidade: 'UBS Importada' });
    expect(await t.db.select().from(unidadesSaude)).toHaveLength(2);
  });
});
