import { msg, perfis as perfisDemo } from '@saude/shared';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import type { Perfil, PerfilInput, PerfilListItem } from '@saude/shared/schemas/administracao_perfil';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotacoes, perfis } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { fixtures, type Headers, type Unidade, type Usuario, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';

const url = '/api/v1/administracao/perfis';

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let unidade: Unidade;
  let gestor: Usuario;
  let n = 0;

  beforeAll(async () => {
    unidade = await f.unidade();
    gestor = await f.usuario({ unidade, perfil: 'gestor' });
  });

  const codigo = () => `perfil_${Date.now().toString(36)}_${n++}`;
  const novo = (over: Partial<PerfilInput> = {}): PerfilInput => ({
    codigo: codigo(),
    nome: 'Digitador de produção',
    permissoes: ['municipes:index', 'municipes:show'],
    ...over,
  });
  const post = (p: object, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (over: Partial<PerfilInput> = {}) => {
    const res = await post(novo(over));
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<Perfil>();
  };
  const put = (p: Perfil, over: object = {}, headers: Headers = gestor.headers) =>
    t.app.inject({
      method: 'PUT',
      url: `${url}/${p.id}`,
      headers,
      payload: { codigo: p.codigo, nome: p.nome, permissoes: p.permissoes, lock_version: p.lock_version, ...over },
    });
  const del = (id: string, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers });
  const errorsOf = async (p: object) => {
    const res = await post(p);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const sistema = async (c: string) => (await t.db.select().from(perfis).where(eq(perfis.codigo, c)))[0]!;
  /** An assignment of a new professional to the profile, in the test's unit. */
  const lotar = async (perfilId: string, ativo = true) => {
    const p = await f.profissional([]);
    await t.db.insert(lotacoes).values({
      id: newId(),
      profissional_id: p.id,
      unidade_saude_id: unidade.id,
      ocupacao_codigo: '411010',
      perfil_id: perfilId,
      ativo,
    });
    return p;
  };

  it('creates a custom profile with its permissions in the catalogue order, and audits the before → after', async () => {
    const c = await create({
      codigo: ' Digitador_1X ',
      permissoes: ['municipes:show', 'auditoria:index', 'municipes:show'],
    });
    expect(c).toMatchObject({
      codigo: 'digitador_1x',
      nome: 'Digitador de produção',
      sistema: false,
      lock_version: 0,
      permissoes: ['municipes:show', 'auditoria:index'],
      lotacoes_ativas: 0,
    });
    const [row] = await auditRows(t, { record_id: c.id });
    expect(row).toMatchObject({ action: 'create', resource: 'administracao/perfis', profissional_id: gestor.id });
    expect(row!.details).toEqual({
      alteracoes: {
        codigo: { antes: null, depois: 'digitador_1x' },
        nome: { antes: null, depois: 'Digitador de produção' },
        permissoes: { antes: null, depois: ['municipes:show', 'auditoria:index'] },
      },
    });
    const show = await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers });
    expect(show.json()).toEqual(c);
  });

  it('refuses a blank code and name, a bad code, an unknown permission (422 on the field)', async () => {
    expect(await errorsOf({ codigo: '  ', nome: '', permissoes: [] })).toEqual({
      codigo: [msg.obrigatorio],
      nome: [msg.obrigatorio],
    });
    for (const bad of ['com espaco', 'ação', '1perfil', 'a-b']) {
      expect(await errorsOf(novo({ codigo: bad })), bad).toEqual({ codigo: [adminMsg.perfilCodigoInvalido] });
    }
    expect(await errorsOf(novo({ permissoes: ['municipes:index', 'municipes:voar'] }))).toEqual({
      permissoes: [adminMsg.permissaoDesconhecida('municipes:voar')],
    });
    expect(await errorsOf(novo({ permissoes: 'municipes:index' as never }))).toHaveProperty('permissoes');
    expect(await errorsOf(novo({ nome: 'x'.repeat(61) }))).toEqual({ nome: [msg.max(60)] });
  });

  it('refuses a NUL byte (422) before it reaches the database', async () => {
    const res = await post(novo({ nome: 'Perfil\u0000X' }));
    expect(res.statusCode).toBe(422);
  });

  it('refuses a code already used, by a custom or a built-in profile (422 já está em uso)', async () => {
    const a = await create();
    expect(await errorsOf(novo({ codigo: a.codigo }))).toEqual({ codigo: [msg.jaEmUso] });
    expect(await errorsOf(novo({ codigo: 'GESTOR' }))).toEqual({ codigo: [msg.jaEmUso] });
    const b = await create();
    const res = await put(b, { codigo: a.codigo });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ codigo: [msg.jaEmUso] });
  });

  it('updates name and permissions, audits only what changed, and answers 409 to an old lock_version', async () => {
    const c = await create({ permissoes: ['municipes:index'] });
    const res = await put(c, { nome: 'Digitação', permissoes: ['municipes:index', 'lembretes:index'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nome: 'Digitação',
      lock_version: 1,
      permissoes: ['municipes:index', 'lembretes:index'],
    });
    const update = (await auditRows(t, { record_id: c.id, action: 'update' }))[0]!;
    expect(update.details).toEqual({
      alteracoes: {
        nome: { antes: 'Digitador de produção', depois: 'Digitação' },
        permissoes: { antes: ['municipes:index'], depois: ['municipes:index', 'lembretes:index'] },
      },
    });
    const stale = await put(c, { nome: 'Outro' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(msg.edicaoDesatualizada);
  });

  it('keeps built-in profiles read-only: update and delete refused (403) with the reason, nothing changed', async () => {
    const acs = await sistema('acs');
    const show = await t.app.inject({ method: 'GET', url: `${url}/${acs.id}`, headers: gestor.headers });
    const antes = show.json<Perfil>();
    expect(antes).toMatchObject({ codigo: 'acs', sistema: true });
    expect(antes.permissoes.length).toBeGreaterThan(0);
    const res = await put(antes, { nome: 'Agente', permissoes: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(adminMsg.perfilSistemaSomenteLeitura);
    const apagar = await del(acs.id);
    expect(apagar.statusCode).toBe(403);
    expect(apagar.json().message).toBe(adminMsg.perfilSistemaSomenteLeitura);
    const depois = await t.app.inject({ method: 'GET', url: `${url}/${acs.id}`, headers: gestor.headers });
    expect(depois.json()).toEqual(antes);
  });

  it('refuses to delete a profile its assignments use, naming how many (409), then deletes it once unused', async () => {
    const c = await create();
    await lotar(c.id);
    await lotar(c.id, false);
    const res = await del(c.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(adminMsg.perfilEmUso(2));
    await t.db.delete(lotacoes).where(eq(lotacoes.perfil_id, c.id));
    expect((await del(c.id)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers })).statusCode).toBe(
      404,
    );
    const [row] = await auditRows(t, { record_id: c.id, action: 'destroy' });
    expect(row!.details).toMatchObject({ alteracoes: { codigo: { antes: c.codigo, depois: null } } });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'abc']) {
      expect((await t.app.inject({ method: 'GET', url: `${url}/${id}`, headers: gestor.headers })).statusCode).toBe(
        404,
      );
      expect((await del(id)).statusCode).toBe(404);
    }
  });

  it('lists built-in profiles first, with how many active assignments use each; filters by kind and text', async () => {
    const c = await create({ nome: 'Zelador de farmácia' });
    await lotar(c.id);
    await lotar(c.id);
    await lotar(c.id, false);
    const res = await t.app.inject({ method: 'GET', url: `${url}?per_page=100`, headers: gestor.headers });
    expect(res.statusCode).toBe(200);
    const rows = res.json<PerfilListItem[]>();
    const primeiroPersonalizado = rows.findIndex((r) => !r.sistema);
    expect(rows.slice(0, primeiroPersonalizado).every((r) => r.sistema)).toBe(true);
    expect(rows.find((r) => r.id === c.id)).toMatchObject({ lotacoes_ativas: 2, permissoes: 2, sistema: false });
    const busca = await t.app.inject({
      method: 'GET',
      url: `${url}?texto=zelador&tipo=personalizado`,
      headers: gestor.headers,
    });
    expect(busca.json<PerfilListItem[]>().map((r) => r.id)).toEqual([c.id]);
    expect(busca.headers['x-total-count']).toBe('1');
    const doSistema = await t.app.inject({
      method: 'GET',
      url: `${url}?tipo=sistema&per_page=100`,
      headers: gestor.headers,
    });
    expect(
      doSistema
        .json<PerfilListItem[]>()
        .map((r) => r.codigo)
        .sort(),
    ).toEqual([...perfisDemo].sort());
  });

  it("a change of a custom profile's permissions reaches its users at their next request", async () => {
    const c = await create({ permissoes: ['ferramentas/temas:index'] });
    const p = await lotar(c.id);
    const headers = await f.signIn(p, unidade);
    const temas = () => t.app.inject({ method: 'GET', url: '/api/v1/ferramentas/temas', headers });
    const lembretes = () => t.app.inject({ method: 'GET', url: '/api/v1/lembretes', headers });
    expect((await temas()).statusCode).toBe(200);
    expect((await lembretes()).statusCode).toBe(403);
    expect((await put(c, { permissoes: ['lembretes:index'] })).statusCode).toBe(200);
    // Same session, no sign-in again.
    expect((await temas()).statusCode).toBe(403);
    expect((await lembretes()).statusCode).toBe(200);
  });

  it('is for managers only: every other demo profile gets 403 on every route, nobody signed in 401', async () => {
    const c = await create();
    for (const perfil of perfisDemo.filter((p) => p !== 'gestor')) {
      const u = await f.usuario({ unidade, perfil });
      const statuses = await Promise.all([
        t.app.inject({ method: 'GET', url, headers: u.headers }),
        t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: u.headers }),
        post(novo(), u.headers),
        put(c, { nome: 'Tomado' }, u.headers),
        del(c.id, u.headers),
      ]);
      expect(
        statuses.map((r) => r.statusCode),
        perfil,
      ).toEqual([403, 403, 403, 403, 403]);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const ainda = await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers });
    expect(ainda.json()).toEqual(c);
  });
});
