import { msg, perfis, type PerfilCodigo } from '@saude/shared';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import type { Equipe, EquipeInput, EquipeListItem, UnidadeOpcao } from '@saude/shared/schemas/administracao_equipes';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotacoes } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { fixtures, type Headers, type Unidade, type Usuario, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';

const url = '/api/v1/administracao/equipes';

let seq = 0;
/** A fresh 10-digit INE below the fixtures' 7xxxxxxxxx range, different for every call of this run. */
const novoIne = () => String(1_000_000_000 + ((Date.now() * 13 + ++seq * 104_729) % 5_000_000_000));

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let gestor: Usuario;
  let unidade: Unidade;
  const outros = new Map<PerfilCodigo, Usuario>();

  beforeAll(async () => {
    const territorio = await f.territorio();
    unidade = territorio.unidade;
    gestor = await f.usuario({ unidade, perfil: 'gestor' });
    for (const p of perfis.filter((x) => x !== 'gestor')) outros.set(p, await f.como(p, territorio));
  });

  const novo = (over: Partial<EquipeInput> = {}): EquipeInput => ({
    ine: novoIne(),
    nome: `ESF Teste ${newId().slice(-6)}`,
    tipo: '70',
    unidade_saude_id: unidade.id,
    micro_areas: ['02', '01'],
    ...over,
  });
  const post = (p: object, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (over: Partial<EquipeInput> = {}) => {
    const res = await post(novo(over));
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<Equipe>();
  };
  const put = (e: Equipe, over: object = {}, headers: Headers = gestor.headers) => {
    const { ine, nome, tipo, unidade_saude_id, micro_areas, ativo, lock_version } = e;
    const payload = { ine, nome, tipo, unidade_saude_id, micro_areas, ativo, lock_version, ...over };
    return t.app.inject({ method: 'PUT', url: `${url}/${e.id}`, headers, payload });
  };
  const del = (id: string, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers });
  const errorsOf = async (p: object) => {
    const res = await post(p);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };

  it('creates with micro-areas answered sorted, the unit named, and audits the values', async () => {
    const e = await create({ micro_areas: ['03', ' 01', '02'] });
    expect(e).toMatchObject({
      tipo: '70',
      micro_areas: ['01', '02', '03'],
      unidade_saude_nome: unidade.nome,
      ativo: true,
      lotacoes_ativas: 0,
      lock_version: 0,
    });
    expect((await t.app.inject({ method: 'GET', url: `${url}/${e.id}`, headers: gestor.headers })).json()).toEqual(e);
    const [row] = await auditRows(t, { resource: 'administracao/equipes', record_id: e.id });
    expect(row).toMatchObject({ action: 'create' });
    expect(row!.details).toEqual({
      alteracoes: expect.objectContaining({
        ine: { antes: null, depois: e.ine },
        micro_areas: { antes: null, depois: ['01', '02', '03'] },
      }),
    });
  });

  it('refuses blanks, a bad INE, an unknown type, bad or repeated micro-areas and a NUL byte (422)', async () => {
    expect(await errorsOf({})).toEqual({
      ine: [msg.obrigatorio],
      nome: [msg.obrigatorio],
      tipo: [msg.obrigatorio],
      unidade_saude_id: [msg.obrigatorio],
    });
    expect(await errorsOf(novo({ ine: '123456789', tipo: '99' as never, micro_areas: ['01', '1A'] }))).toEqual({
      ine: [msg.digits(10)],
      tipo: [msg.naoEValido],
      micro_areas: [adminMsg.microAreaInvalida('1A')],
    });
    expect(await errorsOf(novo({ micro_areas: ['00'] }))).toEqual({ micro_areas: [adminMsg.microAreaInvalida('00')] });
    expect(await errorsOf(novo({ micro_areas: ['05', '04', '05'] }))).toEqual({
      micro_areas: [adminMsg.microAreaRepetida('05')],
    });
    expect(await errorsOf(novo({ unidade_saude_id: UNKNOWN_ID }))).toEqual({ unidade_saude_id: [msg.naoEValido] });
    const nul = await post(novo({ nome: 'ESF\u0000Norte' }));
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toEqual({ nome: [msg.naoEValido] });
  });

  it('refuses an INE in use and an inactive unit (422 on the field)', async () => {
    const a = await create();
    expect(await errorsOf(novo({ ine: a.ine }))).toEqual({ ine: [msg.jaEmUso] });
    const inativa = await f.unidade({ ativo: false });
    expect(await errorsOf(novo({ unidade_saude_id: inativa.id }))).toEqual({
      unidade_saude_id: [adminMsg.unidadeInativa],
    });
    expect((await put(a, { unidade_saude_id: inativa.id })).json().errors).toEqual({
      unidade_saude_id: [adminMsg.unidadeInativa],
    });
  });

  it('refuses to drop a micro-area an active assignment has, naming it; drops a free one; ended ones do not count', async () => {
    const e = await create({ micro_areas: ['01', '02', '03', '04'] });
    const acs = await f.profissional([{ unidade, perfil: 'acs', equipe: e, micro_areas: ['02', '03'] }]);
    const um = await put(e, { micro_areas: ['01', '03', '04'] });
    expect(um.statusCode).toBe(422);
    expect(um.json().errors).toEqual({ micro_areas: [adminMsg.microAreaEmUso(['02'])] });
    const dois = await put(e, { micro_areas: ['01'] });
    expect(dois.json().errors).toEqual({ micro_areas: [adminMsg.microAreaEmUso(['02', '03'])] });
    expect(adminMsg.microAreaEmUso(['02', '03'])).toContain('02, 03');
    // 04 is nobody's: it goes.
    const ok = await put(e, { micro_areas: ['01', '02', '03', '05'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ micro_areas: ['01', '02', '03', '05'], lotacoes_ativas: 1 });
    // The unit is not changed under an active assignment.
    const outra = await f.unidade();
    expect((await put(ok.json(), { unidade_saude_id: outra.id })).json().errors).toEqual({
      unidade_saude_id: [adminMsg.equipeMudaUnidadeComLotacoes],
    });
    await t.db.update(lotacoes).set({ ativo: false }).where(eq(lotacoes.profissional_id, acs.id));
    expect((await put(ok.json(), { micro_areas: ['01'] })).statusCode).toBe(200);
  });

  it('deactivates (DELETE, soft) only without active assignments (409), audits it; stale edit 409; unknown 404', async () => {
    const e = await create();
    const prof = await f.profissional([{ unidade, perfil: 'acs', equipe: e }]);
    const res = await del(e.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(adminMsg.equipeComLotacoes(1));
    expect((await put(e, { ativo: false })).statusCode).toBe(409);
    await t.db.update(lotacoes).set({ ativo: false }).where(eq(lotacoes.profissional_id, prof.id));
    const editada = await put(e, { nome: 'ESF Nova' });
    expect(editada.statusCode).toBe(200);
    expect((await put(e, { nome: 'Velha' })).statusCode).toBe(409);
    const [upd] = await auditRows(t, { resource: 'administracao/equipes', record_id: e.id, action: 'update' });
    expect(upd!.details).toEqual({ alteracoes: { nome: { antes: e.nome, depois: 'ESF Nova' } } });
    expect((await del(e.id)).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}/${e.id}`, headers: gestor.headers })).json(),
    ).toMatchObject({ ativo: false });
    const [des] = await auditRows(t, { resource: 'administracao/equipes', record_id: e.id, action: 'destroy' });
    expect(des!.details).toEqual({ alteracoes: { ativo: { antes: true, depois: false } } });
    expect((await del(UNKNOWN_ID)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}/abc`, headers: gestor.headers })).statusCode).toBe(404);
  });

  it('lists by unit and name, searches name and INE, filters unit and active; lists the units for the select', async () => {
    const marca = newId().slice(-8);
    const outra = await f.unidade({ nome: `Outra ${marca}` });
    const a = await create({ nome: `Alfa ${marca}` });
    const b = await create({ nome: `Beta ${marca}`, unidade_saude_id: outra.id, ativo: false });
    const get = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${url}?${q}`, headers: gestor.headers });
      expect(res.statusCode, res.body).toBe(200);
      return { rows: res.json<EquipeListItem[]>(), total: Number(res.headers['x-total-count']) };
    };
    expect((await get(`texto=${marca}`)).total).toBe(2);
    expect((await get(`texto=${b.ine}`)).rows.map((r) => r.id)).toEqual([b.id]);
    expect((await get(`texto=${marca}&unidade_saude_id=${outra.id}`)).rows).toEqual([
      expect.objectContaining({ id: b.id, unidade_saude_nome: outra.nome, tipo: '70' }),
    ]);
    expect((await get(`texto=${marca}&ativo=true`)).rows.map((r) => r.id)).toEqual([a.id]);
    expect(await get(`texto=${marca}&per_page=1&page=2`)).toMatchObject({ total: 2 });
    const unidades = (await t.app.inject({ method: 'GET', url: `${url}/unidades`, headers: gestor.headers })).json<
      UnidadeOpcao[]
    >();
    expect(unidades).toEqual(
      expect.arrayContaining([{ id: outra.id, cnes: outra.cnes, nome: outra.nome, ativo: true }]),
    );
  });

  it('every profile but the manager gets 403 on every route', async () => {
    const e = await create();
    for (const [perfil, o] of outros) {
      const h = o.headers;
      const codes = [
        (await t.app.inject({ method: 'GET', url, headers: h })).statusCode,
        (await t.app.inject({ method: 'GET', url: `${url}/unidades`, headers: h })).statusCode,
        (await t.app.inject({ method: 'GET', url: `${url}/${e.id}`, headers: h })).statusCode,
        (await post(novo(), h)).statusCode,
        (await put(e, {}, h)).statusCode,
        (await del(e.id, h)).statusCode,
      ];
      expect(codes, perfil).toEqual([403, 403, 403, 403, 403, 403]);
    }
    expect(outros.size).toBe(perfis.length - 1);
  });
});
