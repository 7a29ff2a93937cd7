import { msg, perfis, type PerfilCodigo } from '@saude/shared';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import type {
  TipoUnidade,
  UnidadeSaude,
  UnidadeSaudeInput,
  UnidadeSaudeListItem,
} from '@saude/shared/schemas/administracao_unidades_saude';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotacoes } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { fixtures, type Headers, type Usuario, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';

const url = '/api/v1/administracao/unidades_saude';

/** A fresh 7-digit CNES below the fixtures' 8xxxxxx range, different for every call of this run. */
let seq = 0;
const novoCnes = () => String(1_000_000 + ((Date.now() + ++seq * 7919) % 6_000_000));

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let gestor: Usuario;
  let tipos: TipoUnidade[];
  const outros = new Map<PerfilCodigo, Usuario>();

  beforeAll(async () => {
    const { unidade, equipe } = await f.territorio();
    gestor = await f.usuario({ unidade, perfil: 'gestor' });
    for (const p of perfis.filter((x) => x !== 'gestor')) outros.set(p, await f.como(p, { unidade, equipe }));
    tipos = (await t.app.inject({ method: 'GET', url: `${url}/tipos`, headers: gestor.headers })).json();
  });

  const tipo = (codigo: string) => tipos.find((x) => x.codigo === codigo)!.id;
  const novo = (over: Partial<UnidadeSaudeInput> = {}): UnidadeSaudeInput => ({
    cnes: novoCnes(),
    nome: `UBS Teste ${newId().slice(-6)}`,
    tipo_unidade_id: tipo('UBS'),
    ...over,
  });
  const post = (p: object, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (over: Partial<UnidadeSaudeInput> = {}) => {
    const res = await post(novo(over));
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<UnidadeSaude>();
  };
  const put = (u: UnidadeSaude, over: object = {}, headers: Headers = gestor.headers) => {
    const { id, created_at: _c, updated_at: _u, tipo_unidade_nome: _t, origem_cnes: _o, ...corpo } = u;
    const { equipes_ativas: _e, lotacoes_ativas: _l, ...resto } = corpo;
    return t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers, payload: { ...resto, ...over } });
  };
  const del = (id: string, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers });
  const errorsOf = async (p: object) => {
    const res = await post(p);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };

  it('lists the unit types for the select', () => {
    expect(tipos.map((x) => x.codigo)).toEqual(expect.arrayContaining(['UBS', 'UPA']));
  });

  it('creates with address and phones (masks read as digits), answers the type name, audits the values', async () => {
    const u = await create({
      cep: '70040-010',
      logradouro: 'Quadra 2',
      numero: '15',
      complemento: 'Bloco A',
      bairro: 'Asa Norte',
      telefones: ['(61) 3225-1234', '(61) 99183-7465'],
    });
    expect(u).toMatchObject({
      lock_version: 0,
      cep: '70040010',
      telefones: ['6132251234', '61991837465'],
      tipo_unidade_nome: expect.any(String),
      ativo: true,
      origem_cnes: false,
      equipes_ativas: 0,
      lotacoes_ativas: 0,
    });
    expect((await t.app.inject({ method: 'GET', url: `${url}/${u.id}`, headers: gestor.headers })).json()).toEqual(u);
    const [row] = await auditRows(t, { resource: 'administracao/unidades_saude', record_id: u.id });
    expect(row).toMatchObject({ action: 'create', profissional_id: gestor.id });
    expect(row!.details).toEqual({
      alteracoes: expect.objectContaining({
        cnes: { antes: null, depois: u.cnes },
        telefones: { antes: null, depois: ['6132251234', '61991837465'] },
        ativo: { antes: null, depois: true },
      }),
    });
  });

  it('refuses blanks, a 6-digit CNES, bad CEP and phones, long texts, a NUL byte, each on its field (422)', async () => {
    expect(await errorsOf({})).toEqual({
      cnes: [msg.obrigatorio],
      nome: [msg.obrigatorio],
      tipo_unidade_id: [msg.obrigatorio],
    });
    expect(await errorsOf(novo({ nome: '   ', cnes: '123456' }))).toEqual({
      nome: [msg.obrigatorio],
      cnes: [msg.digits(7)],
    });
    expect(
      await errorsOf(
        novo({
          cnes: '12345a7',
          cep: '123',
          bairro: 'b'.repeat(73),
          telefones: ['123', '(61) 3225-1234'],
          tipo_unidade_id: 'x',
        }),
      ),
    ).toEqual({
      cnes: [msg.digits(7)],
      cep: [msg.naoEValido],
      bairro: [msg.max(72)],
      'telefones.0': [msg.naoEValido],
      tipo_unidade_id: [msg.naoEValido],
    });
    expect(await errorsOf(novo({ telefones: ['(61) 3225-1234', '61 3225-1234'] }))).toEqual({
      'telefones.1': [adminMsg.telefoneRepetido],
    });
    expect(
      Object.keys(await errorsOf(novo({ telefones: ['6132251234', '6132251235', '6132251236', '6132251237'] }))),
    ).toEqual(['telefones']);
    expect(await errorsOf(novo({ tipo_unidade_id: UNKNOWN_ID }))).toEqual({ tipo_unidade_id: [msg.naoEValido] });
    const nul = await post(novo({ nome: 'UBS\u0000Centro' }));
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toEqual({ nome: [msg.naoEValido] });
  });

  it('refuses a CNES already in use, on create and on update (422 já está em uso)', async () => {
    const a = await create();
    const b = await create();
    expect(await errorsOf(novo({ cnes: a.cnes }))).toEqual({ cnes: [msg.jaEmUso] });
    const res = await put(b, { cnes: a.cnes });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cnes: [msg.jaEmUso] });
    // Its own CNES is no clash.
    expect((await put(a, { nome: `${a.nome} II` })).statusCode).toBe(200);
  });

  it('updates with lock_version (409 when stale), audits before → after; 404 for unknown or malformed ids', async () => {
    const u = await create({ telefones: ['6132251234'] });
    const res = await put(u, { nome: 'UBS Renomeada', telefones: [], bairro: 'Centro' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ nome: 'UBS Renomeada', telefones: [], bairro: 'Centro', lock_version: 1 });
    expect((await put(u, { nome: 'Outro' })).statusCode).toBe(409);
    const [row] = await auditRows(t, { resource: 'administracao/unidades_saude', record_id: u.id, action: 'update' });
    expect(row!.details).toEqual({
      alteracoes: {
        nome: { antes: u.nome, depois: 'UBS Renomeada' },
        telefones: { antes: ['6132251234'], depois: [] },
        bairro: { antes: null, depois: 'Centro' },
      },
    });
    expect((await put({ ...u, id: UNKNOWN_ID })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}/abc`, headers: gestor.headers })).statusCode).toBe(404);
    expect((await del(UNKNOWN_ID)).statusCode).toBe(404);
  });

  it('deactivates (DELETE, soft) only without active teams or assignments, saying what is left (409)', async () => {
    const u = await create();
    const equipe = await f.equipe(u);
    const prof = await f.profissional([{ unidade: u, perfil: 'recepcao' }]);
    const res = await del(u.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(adminMsg.unidadeComVinculos(1, 1));
    // Saving it inactive is the same refusal.
    const lido = (await t.app.inject({ method: 'GET', url: `${url}/${u.id}`, headers: gestor.headers })).json();
    expect(lido).toMatchObject({ equipes_ativas: 1, lotacoes_ativas: 1 });
    expect((await put(lido, { ativo: false })).statusCode).toBe(409);
    // With the team inactive and the assignment ended, it goes; a second DELETE changes nothing.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/administracao/equipes/${equipe.id}`,
      headers: gestor.headers,
    });
    await t.db.update(lotacoes).set({ ativo: false }).where(eq(lotacoes.profissional_id, prof.id));
    expect((await del(u.id)).statusCode).toBe(204);
    expect((await del(u.id)).statusCode).toBe(204);
    const depois = (await t.app.inject({ method: 'GET', url: `${url}/${u.id}`, headers: gestor.headers })).json();
    expect(depois).toMatchObject({ ativo: false, lock_version: 1 });
    const rows = await auditRows(t, { resource: 'administracao/unidades_saude', record_id: u.id, action: 'destroy' });
    expect(rows.map((r) => r.details)).toEqual([{ alteracoes: { ativo: { antes: true, depois: false } } }]);
  });

  it('lists by name, searches name and CNES, filters type and active, pages with X-Total-Count', async () => {
    const marca = newId().slice(-8);
    const a = await create({ nome: `Alfa ${marca}` });
    const b = await create({ nome: `Beta ${marca}`, tipo_unidade_id: tipo('UPA'), ativo: false });
    const get = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${url}?${q}`, headers: gestor.headers });
      expect(res.statusCode, res.body).toBe(200);
      return { rows: res.json<UnidadeSaudeListItem[]>(), total: Number(res.headers['x-total-count']) };
    };
    expect((await get(`texto=${marca}`)).rows.map((r) => r.id)).toEqual([a.id, b.id]);
    expect((await get(`texto=${b.cnes}`)).rows.map((r) => r.id)).toEqual([b.id]);
    expect((await get(`texto=${marca}&ativo=false`)).rows.map((r) => r.id)).toEqual([b.id]);
    expect((await get(`texto=${marca}&tipo_unidade_id=${tipo('UPA')}`)).rows.map((r) => r.id)).toEqual([b.id]);
    expect(await get(`texto=${marca}&per_page=1&page=2`)).toEqual({
      rows: [expect.objectContaining({ id: b.id, tipo_unidade_nome: expect.any(String), equipes_ativas: 0 })],
      total: 2,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}?ativo=talvez`, headers: gestor.headers })).statusCode,
    ).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `${url}?page=0`, headers: gestor.headers })).statusCode).toBe(422);
  });

  it('every profile but the manager gets 403 on every route', async () => {
    const u = await create();
    for (const [perfil, o] of outros) {
      const h = o.headers;
      const codes = [
        (await t.app.inject({ method: 'GET', url, headers: h })).statusCode,
        (await t.app.inject({ method: 'GET', url: `${url}/tipos`, headers: h })).statusCode,
        (await t.app.inject({ method: 'GET', url: `${url}/${u.id}`, headers: h })).statusCode,
        (await post(novo(), h)).statusCode,
        (await put(u, {}, h)).statusCode,
        (await del(u.id, h)).statusCode,
      ];
      expect(codes, perfil).toEqual([403, 403, 403, 403, 403, 403]);
    }
    expect(outros.size).toBe(perfis.length - 1);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
