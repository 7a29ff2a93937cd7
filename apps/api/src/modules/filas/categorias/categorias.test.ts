import { msg } from '@saude/shared';
import type { Categoria, CategoriaInput, CategoriaListItem } from '@saude/shared/schemas/categoria';
import { beforeAll, describe, expect, it } from 'vitest';
import { categorias, filaCategorias, filas, senhas } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { fixtures, type Headers, type Usuario, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';

const url = '/api/v1/filas/categorias';

/** Letters no other test of this file uses: 'AAA', 'AAB'… from a counter. */
let seq = 0;
const siglaNova = () => {
  const n = seq++;
  return [676, 26, 1].map((d) => String.fromCharCode(65 + (Math.floor(n / d) % 26))).join('');
};

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let gestor: Usuario, recepcao: Usuario, medico: Usuario, semFilas: Usuario;
  let unidadeId: string;

  beforeAll(async () => {
    const upa = await f.unidade({ tipo: 'UPA', pronto_atendimento: true, gerenciamento_filas: true });
    unidadeId = upa.id;
    gestor = await f.usuario({ unidade: upa, perfil: 'gestor' });
    recepcao = await f.usuario({ unidade: upa, perfil: 'recepcao' });
    medico = await f.usuario({ unidade: upa, perfil: 'medico' });
    // Categories are the municipality's: a manager of a unit without queues manages them too.
    semFilas = await f.usuario({ unidade: await f.unidade(), perfil: 'gestor' });
  });

  const novo = (over: Partial<CategoriaInput> = {}): CategoriaInput => ({
    nome: `Categoria ${newId()}`,
    sigla: siglaNova(),
    prioridade: 3,
    cor: '#1c7ed6',
    ...over,
  });
  const post = (p: object, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (over: Partial<CategoriaInput> = {}) => {
    const res = await post(novo(over));
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<Categoria>();
  };
  const put = (c: Categoria, over: object = {}, headers: Headers = gestor.headers) => {
    const { id, nome, sigla, prioridade, cor, descricao, ativo, lock_version } = c;
    return t.app.inject({
      method: 'PUT',
      url: `${url}/${id}`,
      headers,
      payload: { nome, sigla, prioridade, cor, descricao, ativo, lock_version, ...over },
    });
  };
  const del = (id: string, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers });
  const errorsOf = async (p: object) => {
    const res = await post(p);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const list = async (query: string, headers: Headers = gestor.headers) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json<CategoriaListItem[]>(), total: Number(res.headers['x-total-count']) };
  };

  it('creates with every field, raising the letters and the colour to capitals, and audits the write', async () => {
    const c = await create({
      nome: 'Preferencial 60+',
      sigla: 'pq',
      prioridade: '2',
      cor: '#ff00aa',
      descricao: 'Idosos',
    });
    expect(c).toMatchObject({
      lock_version: 0,
      nome: 'Preferencial 60+',
      sigla: 'PQ',
      prioridade: 2,
      cor: '#FF00AA',
      descricao: 'Idosos',
      ativo: true,
      filas: [],
      senhas: 0,
    });
    const res = await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers });
    expect(res.json()).toEqual(c);
    expect(await auditRows(t, { resource: 'filas/categorias', record_id: c.id })).toMatchObject([{ action: 'create' }]);
  });

  it('refuses blanks, bad letters, priority and colour, long texts and a NUL byte, each on its field (422)', async () => {
    expect(await errorsOf({})).toMatchObject({
      nome: [msg.obrigatorio],
      sigla: [msg.obrigatorio],
      prioridade: [msg.obrigatorio],
      cor: [msg.obrigatorio],
    });
    expect(
      await errorsOf(
        novo({ nome: 'x'.repeat(61), sigla: 'ABCD', prioridade: 100, cor: 'red', descricao: 'y'.repeat(201) }),
      ),
    ).toEqual({
      nome: [msg.max(60)],
      sigla: [msg.naoEValido],
      prioridade: [msg.between(1, 99)],
      cor: [msg.naoEValido],
      descricao: [msg.max(200)],
    });
    expect(await errorsOf(novo({ sigla: 'P1', prioridade: 1.5, cor: '#12345' }))).toEqual({
      sigla: [msg.naoEValido],
      prioridade: [msg.integer],
      cor: [msg.naoEValido],
    });
    expect(await errorsOf(novo({ sigla: 'Ç' }))).toEqual({ sigla: [msg.naoEValido] });
    expect(await errorsOf(novo({ prioridade: 0 }))).toEqual({ prioridade: [msg.between(1, 99)] });
    const nul = await post(novo({ nome: 'Nor\u0000mal' }));
    expect(nul.statusCode).toBe(422);
  });

  it('refuses a name (any case) or letters already in use, on the field (422), on create and update', async () => {
    const a = await create({ nome: 'Gestante única' });
    expect(await errorsOf(novo({ nome: 'GESTANTE ÚNICA' }))).toEqual({ nome: [msg.jaEmUso] });
    expect(await errorsOf(novo({ sigla: a.sigla.toLowerCase() }))).toEqual({ sigla: [msg.jaEmUso] });
    const b = await create();
    const res = await put(b, { sigla: a.sigla, nome: a.nome });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ nome: [msg.jaEmUso], sigla: [msg.jaEmUso] });
    // Its own name and letters are not a clash.
    expect((await put(b, { descricao: 'Outra' })).statusCode).toBe(200);
  });

  it('answers two concurrent creates with the same letters: one 201, one 422 on sigla (never 500)', async () => {
    const sigla = siglaNova();
    const [r1, r2] = await Promise.all([post(novo({ sigla })), post(novo({ sigla }))]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 422]);
    const recusa = r1.statusCode === 422 ? r1 : r2;
    expect(recusa.json().errors).toEqual({ sigla: [msg.jaEmUso] });
  });

  it('updates with lock_version (409 when stale) and audits what changed', async () => {
    const c = await create();
    const res = await put(c, { prioridade: 1, ativo: false, descricao: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ prioridade: 1, ativo: false, descricao: null, lock_version: 1 });
    const stale = await put(c, { prioridade: 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('edicao_desatualizada');
    const rows = await auditRows(t, { resource: 'filas/categorias', record_id: c.id, action: 'update' });
    expect(rows[0]?.details).toEqual({ campos: ['prioridade', 'ativo'] });
    expect((await put({ ...c, id: UNKNOWN_ID })).statusCode).toBe(404);
  });

  it('lists by priority then name, searches by name, filters active, pages with X-Total-Count', async () => {
    const marca = newId().slice(-8);
    await create({ nome: `Lista ${marca} B`, prioridade: 2 });
    await create({ nome: `Lista ${marca} A`, prioridade: 2 });
    await create({ nome: `Lista ${marca} C`, prioridade: 1, ativo: false });
    const todas = await list(`nome=lista ${marca}`);
    expect(todas.rows.map((r) => r.nome)).toEqual([`Lista ${marca} C`, `Lista ${marca} A`, `Lista ${marca} B`]);
    expect(todas.total).toBe(3);
    expect((await list(`nome=${marca}&ativo=false`)).rows.map((r) => r.nome)).toEqual([`Lista ${marca} C`]);
    expect((await list(`nome=${marca}&ativo=true`)).total).toBe(2);
    const pagina = await list(`nome=${marca}&per_page=2&page=2`);
    expect(pagina).toEqual({ rows: [expect.objectContaining({ nome: `Lista ${marca} B` })], total: 3 });
    const bad = await t.app.inject({ method: 'GET', url: `${url}?ativo=talvez`, headers: gestor.headers });
    expect(bad.statusCode).toBe(422);
  });

  describe('DELETE', () => {
    const fila = async () => {
      const id = newId();
      await t.db.insert(filas).values({ id, unidade_saude_id: unidadeId, nome: `Fila ${id}` });
      return id;
    };

    it('removes an unused category (204) and audits it', async () => {
      const c = await create();
      expect((await del(c.id)).statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers })).statusCode).toBe(
        404,
      );
      expect(await auditRows(t, { resource: 'filas/categorias', record_id: c.id, action: 'destroy' })).toHaveLength(1);
      expect((await del(UNKNOWN_ID)).statusCode).toBe(404);
    });

    it('refuses a category tied to a queue, telling to deactivate it (409), and shows the queue', async () => {
      const c = await create();
      const filaId = await fila();
      await t.db.insert(filaCategorias).values({ fila_id: filaId, categoria_id: c.id, unidade_saude_id: unidadeId });
      const res = await del(c.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(msg.categoriaEmUso);
      const lida = await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers });
      expect(lida.json<Categoria>().filas).toEqual([
        { id: filaId, nome: `Fila ${filaId}`, unidade_saude_nome: expect.any(String) },
      ]);
    });

    it('refuses a category with tickets (409), even with no queue tied any more', async () => {
      const c = await create();
      const filaId = await fila();
      await t.db.insert(senhas).values({
        id: newId(),
        unidade_saude_id: unidadeId,
        categoria_id: c.id,
        fila_id: filaId,
        data: '2026-01-02',
        numero: 1,
        codigo: `${c.sigla}001`,
        situacao: 'concluida',
      });
      const res = await del(c.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(msg.categoriaEmUso);
      expect(
        (await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers })).json(),
      ).toMatchObject({ senhas: 1 });
      expect(await t.db.$count(categorias)).toBeGreaterThan(0);
    });
  });

  it('reception reads but does not write; medical staff do not read (403); a unit without queues still manages', async () => {
    const c = await create();
    expect((await list('', recepcao.headers)).total).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: recepcao.headers })).statusCode).toBe(
      200,
    );
    expect((await post(novo(), recepcao.headers)).statusCode).toBe(403);
    expect((await put(c, {}, recepcao.headers)).statusCode).toBe(403);
    expect((await del(c.id, recepcao.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: medico.headers })).statusCode).toBe(403);
    expect((await post(novo(), semFilas.headers)).statusCode).toBe(201);
  });
});
