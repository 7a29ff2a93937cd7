import { allPermissions, msg, perfilPermissions, resources } from '@saude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, fixtures } from '../test/fixtures';
import { auditRows, buildTestApp, type TestApp } from '../test/helpers';
import { useTestApp } from '../test/lifecycle';

// Fills route params with values of the right shape, so the request reaches the access hook and not a 404.
const sampleUrl = (url: string) =>
  url.replace(':parametro', 'misto').replace(/:[a-zA-Z_]+\??/g, '0190a0b0-0000-7000-8000-000000000000');

describe('access: every /api route declares its permission and enforces it', () => {
  let t: TestApp;
  let nobody: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    const f = fixtures(t);
    nobody = (await f.usuario({ unidade: await f.unidade(), permissoes: [] })).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  it('has registered routes, each with a declared access', () => {
    expect(t.app.registeredRoutes.length).toBeGreaterThan(8);
    const allowed: string[] = ['public', 'authenticated', ...allPermissions];
    for (const r of t.app.registeredRoutes) expect(allowed, `${r.method} ${r.url}`).toContain(r.access);
  });

  it('refuses to boot a route that declares nothing', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerAccess } = await import('./hooks');
    const app = Fastify();
    registerAccess(app, t.db, { idleMinutes: 30, maxHours: 12 });
    expect(() => app.get('/api/sem-permissao', async () => 'x')).toThrow(/no access declared/);
    await app.close();
  });

  it('answers 401 without a session on every non-public route', async () => {
    for (const r of t.app.registeredRoutes.filter((r) => r.access !== 'public')) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: sampleUrl(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 403 on every permission-guarded route to a profile without that permission, and audits the refusal', async () => {
    const guarded = t.app.registeredRoutes.filter((r) => r.access !== 'public' && r.access !== 'authenticated');
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: sampleUrl(r.url),
        headers: nobody,
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().message).toBe(msg.status403);
      expect(await auditRows(t, { action: 'permissao_negada', resource: r.access })).not.toHaveLength(0);
    }
  });

  it('keeps only the path of a refused request in the audit: a query string may carry a CPF or a name', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/municipes?q=52998224725',
      headers: nobody,
    });
    expect(res.statusCode).toBe(403);
    const [row] = (await auditRows(t, { action: 'permissao_negada', resource: 'municipes:index' })).slice(-1);
    expect(row!.details).toEqual({ method: 'GET', url: '/api/v1/municipes' });
  });

  it('names every declared permission from the shared catalogue', () => {
    for (const r of t.app.registeredRoutes) {
      if (r.access === 'public' || r.access === 'authenticated') continue;
      expect(allPermissions, `${r.method} ${r.url}`).toContain(r.access);
    }
  });

  it('keeps every demo profile inside the catalogue', () => {
    for (const list of Object.values(perfilPermissions)) for (const p of list) expect(allPermissions).toContain(p);
    expect(Object.keys(resources)).toContain('atencao_primaria/familias');
  });
});

describe('POST /api/ferramentas/permissoes', () => {
  let t: TestApp;
  let f: ReturnType<typeof fixtures>;
  beforeAll(async () => {
    t = await buildTestApp();
    f = fixtures(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const url = '/api/ferramentas/permissoes';

  it('answers 200 when the profile of the current unit allows the action', async () => {
    const { unidade, equipe } = await f.territorio();
    const { headers } = await f.usuario({ unidade, equipe, perfil: 'acs' });
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { authorize: 'atencao_primaria/familias:index', resource_id: null },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 403 when it does not, for unknown permissions, and audits the refusal with the resource id', async () => {
    const { headers } = await f.usuario({ unidade: await f.unidade({ tipo: 'UPA' }), perfil: 'recepcao' });
    const denied = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { authorize: 'atencao_primaria/visitas_domiciliares:create', resource_id: 'abc' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(msg.status403);
    expect(await auditRows(t, { action: 'permissao_negada', record_id: 'abc' })).toHaveLength(1);
    const unknown = await t.app.inject({ method: 'POST', url, headers, payload: { authorize: 'nada:tudo' } });
    expect(unknown.statusCode).toBe(403);
  });

  it('answers 403 to a user who has not chosen a unit yet', async () => {
    // Two units: nothing is chosen for them at sign-in.
    const acs = await f.profissional([
      { unidade: await f.unidade(), perfil: 'acs' },
      { unidade: await f.unidade(), perfil: 'acs' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { login: acs.login, senha: FIXTURE_PASSWORD },
    });
    const headers = { authorization: `Bearer ${res.json().token}` };
    const check = await t.app.inject({ method: 'POST', url, headers, payload: { authorize: 'municipes:index' } });
    expect(check.statusCode).toBe(403);
    expect(check.json().message).toBe(msg.semUnidadeAtual);
  });
});

describe('GET /api/menus', () => {
  const t = useTestApp();

  type Item = { id: string; nome: string; url: string | null; v3: boolean; depth: number; submenus: Item[] };
  const ids = (items: Item[]): string[] => items.flatMap((i) => [i.id, ...ids(i.submenus)]);

  it('answers the tree with depth and only what the profile may open', async () => {
    const f = fixtures(t);
    const { unidade, equipe } = await f.territorio({ unidade: { pronto_atendimento: true } });
    const menus = async (headers: { authorization: string }) =>
      (await t.app.inject({ method: 'GET', url: '/api/menus', headers })).json<Item[]>();
    const admin = await menus((await f.usuario({ unidade, perfil: 'gestor' })).headers);
    const acs = await menus((await f.usuario({ unidade, equipe, perfil: 'acs' })).headers);
    expect(ids(admin)).toEqual(expect.arrayContaining(['municipes', 'familias', 'atendimentos', 'temas']));
    expect(ids(acs)).toEqual(expect.arrayContaining(['municipes', 'familias', 'visitas_domiciliares']));
    expect(ids(acs)).not.toContain('atendimentos');
    expect(ids(acs)).not.toContain('urgencia_emergencia'); // a group with no allowed child disappears
    const ap = acs.find((i) => i.id === 'atencao_primaria')!;
    expect(ap).toMatchObject({ depth: 0, url: null, v3: true });
    expect(ap.submenus[0]).toMatchObject({ depth: 1, url: '/atencao_primaria/cadastros_individuais' });
  });

  // Issue 39: the doctor, the nurse and the manager at a UBS saw urgent-care and ticket entries that only failed.
  it('shows only the modules the current unit offers, by its flags, and the page guard refuses the others', async () => {
    const f = fixtures(t);
    const ubs = await f.territorio({ unidade: { nome: 'UBS Centro' } });
    const upa = await f.territorio({ unidade: { tipo: 'UPA', pronto_atendimento: true } });
    const filas = await f.territorio({ unidade: { gerenciamento_filas: true } });
    const as = async (perfil: 'medico' | 'enfermagem' | 'gestor' | 'recepcao', territorio: typeof ubs) => {
      const { headers } = await f.como(perfil, territorio);
      const menu = ids((await t.app.inject({ method: 'GET', url: '/api/menus', headers })).json<Item[]>());
      const pode = async (authorize: string) =>
        (await t.app.inject({ method: 'POST', url: '/api/ferramentas/permissoes', headers, payload: { authorize } }))
          .statusCode;
      return { menu, pode };
    };
    const urgencia = ['urgencia_emergencia', 'atendimentos', 'atendimentos_retroativos', 'paciente_sem_identificacoes'];
    const senhas = ['senhas', 'chamadas'];
    for (const perfil of ['medico', 'enfermagem', 'gestor'] as const) {
      const { menu, pode } = await as(perfil, ubs);
      expect(menu, perfil).toContain('municipes');
      for (const id of [...urgencia, ...senhas]) expect(menu, `${perfil} na UBS: ${id}`).not.toContain(id);
      expect(await pode('urgencia_emergencia/atendimentos:index')).toBe(403);
      expect(await pode('filas/senhas:index')).toBe(403);
      expect(await pode('municipes:index')).toBe(200);
    }
    const naUpa = await as('medico', upa);
    expect(naUpa.menu).toEqual(expect.arrayContaining(['atendimentos', 'atendimentos_retroativos']));
    expect(naUpa.menu).not.toContain('chamadas');
    expect(await naUpa.pode('urgencia_emergencia/atendimentos:index')).toBe(200);
    const comFilas = await as('recepcao', filas);
    expect(comFilas.menu).toEqual(expect.arrayContaining(['senhas', 'chamadas']));
    expect(comFilas.menu).not.toContain('atendimentos');
    expect(await comFilas.pode('filas/senhas:index')).toBe(200);
    const gestorComFilas = await as('gestor', filas);
    expect(gestorComFilas.menu).toEqual(expect.arrayContaining(['senhas', 'chamadas']));
  });
});

describe('unit parameters and system parameters', () => {
  const t = useTestApp({ MAPS_API_KEY: 'chave-teste' });

  it('answers the parametrizacao fields of spec §3 without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ferramentas/parametrizacao' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      cliente_nome: expect.any(String),
      brasao: '/brasao.svg',
      habilita_biometria: false,
      versao: expect.any(String),
      esus_versao: expect.any(String),
      pec_versao: expect.any(String),
      mapas: { chave: 'chave-teste' },
      widgets: { chat_url: null, libras_url: null, biometria_agente_url: null },
      sso_habilitado: false,
    });
  });

  it('answers one flag of the current unit and of a unit by id; 422 for an unknown flag; 404 for an unknown unit', async () => {
    const f = fixtures(t);
    const upa = await f.unidade({ tipo: 'UPA', pronto_atendimento: true });
    const { headers } = await f.usuario({ unidade: upa, perfil: 'recepcao' });
    const atual = await t.app.inject({
      method: 'GET',
      url: '/api/v1/parametros/unidades_saude/atual/pronto_atendimento',
      headers,
    });
    expect(atual.json()).toEqual({ parametro: 'pronto_atendimento', valor: true });
    const outra = await f.unidade({ com_agendamento: true });
    for (const [unidade, valor] of [
      [upa, false],
      [outra, true],
    ] as const) {
      const byId = await t.app.inject({
        method: 'GET',
        url: `/api/v1/parametros/unidades_saude/${unidade.id}/com_agendamento`,
        headers,
      });
      expect(byId.json()).toEqual({ parametro: 'com_agendamento', valor });
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/parametros/unidades_saude/atual/qualquer', headers });
    expect(bad.statusCode).toBe(422);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/parametros/unidades_saude/0190a0b0-0000-7000-8000-000000000000/misto',
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
