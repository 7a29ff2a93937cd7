import { msg, perfis, type PerfilCodigo } from '@saude/shared';
import type { AuthApplicationInput, AuthApplicationRecord } from '@saude/shared/schemas/auth_applications';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../lib/ids';
import { fixtures, type Headers, type Usuario, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';

const url = '/api/v1/ferramentas/auth_applications';

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let gestor: Usuario;
  const outros = new Map<PerfilCodigo, Usuario>();

  beforeAll(async () => {
    const unidade = await f.unidade();
    gestor = await f.usuario({ unidade, perfil: 'gestor' });
    for (const p of perfis.filter((p) => p !== 'gestor')) outros.set(p, await f.usuario({ unidade, perfil: p }));
  });

  const novo = (over: Partial<AuthApplicationInput> = {}): AuthApplicationInput => ({
    nome: `Totem ${newId().slice(-6)}`,
    uri: `https://senhas-${newId().slice(-8)}.exemplo.gov.br/retorno`,
    ...over,
  });
  const post = (p: object, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (over: Partial<AuthApplicationInput> = {}) => {
    const res = await post(novo(over));
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<AuthApplicationRecord>();
  };
  const put = (c: AuthApplicationRecord, over: object = {}, headers: Headers = gestor.headers) => {
    const { id, created_at: _c, updated_at: _u, ...corpo } = c;
    return t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers, payload: { ...corpo, ...over } });
  };
  const del = (id: string, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers });
  const lookup = (uri: string, headers: Headers = outros.get('recepcao')!.headers) =>
    t.app.inject({ method: 'GET', url, query: { uri }, headers });
  const errorsOf = async (p: object) => {
    const res = await post(p);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };

  it('creates one (active by default), shows it, audits the write, and the popup finds it', async () => {
    const c = await create({ nome: '  Painel da recepção  ' });
    expect(c).toMatchObject({ nome: 'Painel da recepção', ativo: true, lock_version: 0 });
    const lido = await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers });
    expect(lido.json()).toEqual(c);
    expect(await auditRows(t, { resource: 'ferramentas/auth_applications', record_id: c.id })).toMatchObject([
      { action: 'create' },
    ]);
    const achada = await lookup(c.uri);
    expect(achada.statusCode).toBe(200);
    expect(achada.json()).toEqual({ id: c.id, nome: c.nome, uri: c.uri });
  });

  it('accepts http only for this machine', async () => {
    for (const uri of ['http://localhost:5173/filas/chamadas', 'http://127.0.0.1/retorno', 'http://[::1]:8080/x'])
      expect((await post(novo({ uri }))).statusCode, uri).toBe(201);
  });

  it('refuses blanks, a bad address, http away from localhost and a NUL byte, each on its field (422)', async () => {
    expect(await errorsOf({})).toEqual({ nome: [msg.obrigatorio], uri: [msg.obrigatorio] });
    expect(await errorsOf(novo({ nome: '   ', uri: '  ' }))).toEqual({
      nome: [msg.obrigatorio],
      uri: [msg.obrigatorio],
    });
    for (const uri of [
      'senhas.exemplo.gov.br/retorno',
      '/filas/chamadas',
      'ftp://senhas.exemplo.gov.br',
      'javascript:alert(1)',
      'https://fulano:segredo@senhas.exemplo.gov.br/',
    ])
      expect(await errorsOf(novo({ uri })), uri).toEqual({ uri: [msg.authAppUriInvalida] });
    expect(await errorsOf(novo({ uri: 'http://senhas.exemplo.gov.br/retorno' }))).toEqual({
      uri: [msg.authAppUriHttps],
    });
    expect(await errorsOf(novo({ nome: 'x'.repeat(101) }))).toEqual({ nome: [msg.max(100)] });
    expect(await errorsOf(novo({ uri: `https://a.exemplo.gov.br/${'x'.repeat(2000)}` }))).toEqual({
      uri: [msg.max(2000)],
    });
    expect(await errorsOf(novo({ ativo: 'sim' as never }))).toEqual({ ativo: [msg.naoEValido] });
    const nul = await post(novo({ nome: 'Tot\u0000em' }));
    expect(nul.statusCode).toBe(422);
    expect((await post(novo({ uri: 'https://a.exemplo.gov.br/\u0000' }))).statusCode).toBe(422);
  });

  it('refuses an address another application has (422 naming it), on create and on update', async () => {
    const a = await create({ nome: 'Totem da UPA' });
    expect(await errorsOf(novo({ uri: a.uri }))).toEqual({ uri: [msg.authAppUriEmUso('Totem da UPA')] });
    const b = await create();
    const res = await put(b, { uri: a.uri });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ uri: [msg.authAppUriEmUso('Totem da UPA')] });
    // Its own address is not "another's".
    expect((await put(b, { nome: 'Renomeada' })).statusCode).toBe(200);
  });

  it('updates with lock_version (409 when stale), audits the fields changed, 404 for an unknown one', async () => {
    const c = await create();
    const res = await put(c, { nome: 'Painel novo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ nome: 'Painel novo', lock_version: 1 });
    const stale = await put(c, { nome: 'Outro' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'edicao_desatualizada', message: msg.edicaoDesatualizada });
    const rows = await auditRows(t, { resource: 'ferramentas/auth_applications', record_id: c.id, action: 'update' });
    expect(rows.map((r) => r.details)).toEqual([{ campos: ['nome'] }]);
    expect((await put({ ...c, id: UNKNOWN_ID })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}/abc`, headers: gestor.headers })).statusCode).toBe(404);
  });

  it('DELETE deactivates (audited once): the popup then refuses its address like an unknown one (401)', async () => {
    const c = await create();
    expect((await lookup(c.uri)).statusCode).toBe(200);
    expect((await del(c.id)).statusCode).toBe(204);
    expect((await del(c.id)).statusCode).toBe(204);
    expect(
      await auditRows(t, { resource: 'ferramentas/auth_applications', record_id: c.id, action: 'destroy' }),
    ).toHaveLength(1);
    const lido = await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers });
    expect(lido.json()).toMatchObject({ ativo: false, lock_version: 1 });
    const recusada = await lookup(c.uri);
    expect(recusada.statusCode).toBe(401);
    expect(recusada.json().message).toBe(msg.senhaSimplesNaoAutorizado);
    // Reactivated by the form, it answers again.
    expect((await put(lido.json(), { ativo: true })).statusCode).toBe(200);
    expect((await lookup(c.uri)).statusCode).toBe(200);
    expect((await del(UNKNOWN_ID)).statusCode).toBe(404);
  });

  it('lists active first then by name, searches name and address, filters active, pages with X-Total-Count', async () => {
    const marca = newId().slice(-8);
    const b = await create({ nome: `Lista ${marca} B` });
    const a = await create({ nome: `Lista ${marca} A` });
    const inativa = await create({ nome: `Lista ${marca} 0`, ativo: false });
    const pagina = await t.app.inject({ method: 'GET', url, query: { texto: marca }, headers: gestor.headers });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.headers['x-total-count']).toBe('3');
    expect(pagina.json().map((r: { id: string }) => r.id)).toEqual([a.id, b.id, inativa.id]);
    expect(pagina.json()[0]).toEqual({ id: a.id, nome: a.nome, uri: a.uri, ativo: true });
    const ativas = await t.app.inject({
      method: 'GET',
      url,
      query: { texto: marca, ativo: 'true', per_page: '1', page: '2' },
      headers: gestor.headers,
    });
    expect(ativas.headers['x-total-count']).toBe('2');
    expect(ativas.json().map((r: { id: string }) => r.id)).toEqual([b.id]);
    const porEndereco = await t.app.inject({
      method: 'GET',
      url,
      query: { texto: new URL(a.uri).hostname },
      headers: gestor.headers,
    });
    expect(porEndereco.json().map((r: { id: string }) => r.id)).toEqual([a.id]);
  });

  it('only the manager keeps the list: every other profile gets 403 on every route, and still uses the lookup', async () => {
    const c = await create();
    for (const [perfil, u] of outros) {
      const h = u.headers;
      const respostas = [
        await t.app.inject({ method: 'GET', url, headers: h }),
        await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: h }),
        await post(novo(), h),
        await put(c, { nome: 'Invasor' }, h),
        await del(c.id, h),
      ];
      expect(
        respostas.map((r) => r.statusCode),
        perfil,
      ).toEqual([403, 403, 403, 403, 403]);
      expect((await lookup(c.uri, h)).statusCode, perfil).toBe(200);
    }
    const lido = await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers });
    expect(lido.json()).toMatchObject({ nome: c.nome, ativo: true, lock_version: 0 });
  });
});
