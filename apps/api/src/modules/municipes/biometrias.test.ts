import { msg, type PerfilCodigo } from '@saude/shared';
import { DIGITAL_MAX_KB } from '@saude/shared/schemas/municipe_biometria';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { municipes } from '../../db/schema';
import { type Equipe, fixtures, type Unidade, UNKNOWN_ID } from '../../test/fixtures';
import { auditRows, useTestApp } from '../../test/helpers';

// A citizen's fingerprints (issue 39): /api/v1/municipes/{id}/biometrias, in the health blocks' care scope.
const url = '/api/v1/municipes';
// What a reader's agent hands over: base64 of the reader's template (any bytes).
const TEMPLATE = Buffer.from('Rk1SACAyMAAAAAEIAAABPAFiAMU' + 'x'.repeat(400)).toString('base64');

describe('municipes: fingerprints', () => {
  const t = useTestApp();
  const f = fixtures(t);
  let unidade: Unidade;
  let equipe: Equipe;
  let enf: { authorization: string };
  let municipeId: string;

  const as = async (perfil: PerfilCodigo) => (await f.como(perfil, { unidade, equipe })).headers;
  const path = (id = municipeId) => `${url}/${id}/biometrias`;
  const put = (payload: unknown, headers = enf, id = municipeId) =>
    t.app.inject({ method: 'PUT', url: path(id), headers, payload: payload as object });

  beforeAll(async () => {
    ({ unidade, equipe } = await f.territorio());
    enf = await as('enfermagem');
    municipeId = (await f.municipe({ equipe_id: equipe.id })).id;
  });

  it('stores a finger, lists it without the template, replaces it, removes it; audits each step without the template', async () => {
    const vazio = await t.app.inject({ method: 'GET', url: path(), headers: enf });
    expect(vazio.statusCode).toBe(200);
    expect(vazio.json()).toEqual({ itens: [] });

    const salvo = await put({ dedo: 2, template_base64: TEMPLATE, qualidade: 87 });
    expect(salvo.statusCode).toBe(200);
    expect(salvo.json().itens).toEqual([
      { dedo: 2, qualidade: 87, capturada_em: expect.any(String), capturada_por_nome: expect.any(String) },
    ]);
    expect(salvo.body).not.toContain(TEMPLATE.slice(0, 20));

    const trocado = await put({ dedo: 2, template_base64: TEMPLATE.slice(4), qualidade: 95 });
    expect(trocado.json().itens).toMatchObject([{ dedo: 2, qualidade: 95 }]);
    await put({ dedo: 7, template_base64: TEMPLATE, qualidade: 60 });
    const lista = await t.app.inject({ method: 'GET', url: path(), headers: enf });
    expect(lista.json().itens.map((i: { dedo: number }) => i.dedo)).toEqual([2, 7]);

    const removido = await t.app.inject({ method: 'DELETE', url: `${path()}/2`, headers: enf });
    expect(removido.statusCode).toBe(200);
    expect(removido.json().itens).toMatchObject([{ dedo: 7 }]);
    const deNovo = await t.app.inject({ method: 'DELETE', url: `${path()}/2`, headers: enf });
    expect(deNovo.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${path()}/11`, headers: enf })).statusCode).toBe(404);

    const trilha = await auditRows(t, { record_id: municipeId, resource: 'municipes/biometrias' });
    expect(trilha.map((r) => r.action)).toEqual(['show', 'create', 'update', 'create', 'show', 'destroy']);
    expect(trilha.every((r) => r.municipe_ids?.[0] === municipeId)).toBe(true);
    expect(JSON.stringify(trilha)).not.toContain(TEMPLATE.slice(0, 20));
  });

  it.each([
    ['blank template', { dedo: 1, template_base64: '', qualidade: 80 }, 'template_base64', msg.obrigatorio],
    ['missing template', { dedo: 1, qualidade: 80 }, 'template_base64', msg.obrigatorio],
    ['not base64', { dedo: 1, template_base64: 'não é base64!', qualidade: 80 }, 'template_base64', msg.digitalFormato],
    ['bad padding', { dedo: 1, template_base64: 'QUJDR', qualidade: 80 }, 'template_base64', msg.digitalFormato],
    ['a number', { dedo: 1, template_base64: 42, qualidade: 80 }, 'template_base64', msg.digitalFormato],
    [
      'too big',
      { dedo: 1, template_base64: 'A'.repeat(DIGITAL_MAX_KB * 1400), qualidade: 80 },
      'template_base64',
      msg.digitalGrande(DIGITAL_MAX_KB),
    ],
    ['NUL byte', { dedo: 1, template_base64: 'QUJD\u0000RA==', qualidade: 80 }, 'template_base64', msg.naoEValido],
    ['finger 11', { dedo: 11, template_base64: TEMPLATE, qualidade: 80 }, 'dedo', msg.naoEValido],
    ['finger as text', { dedo: 'polegar', template_base64: TEMPLATE, qualidade: 80 }, 'dedo', msg.naoEValido],
    ['no finger', { template_base64: TEMPLATE, qualidade: 80 }, 'dedo', msg.obrigatorio],
    ['quality 101', { dedo: 1, template_base64: TEMPLATE, qualidade: 101 }, 'qualidade', msg.between(0, 100)],
  ])('refuses a %s with 422 and the field message', async (_n, payload, campo, mensagem) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[campo]).toEqual([mensagem]);
  });

  it('refuses to capture from a deceased citizen (422), still lists and removes what was stored', async () => {
    const m = await f.municipe({ equipe_id: equipe.id });
    expect((await put({ dedo: 1, template_base64: TEMPLATE, qualidade: 80 }, enf, m.id)).statusCode).toBe(200);
    await t.db.update(municipes).set({ data_obito: '2026-01-10' }).where(eq(municipes.id, m.id));
    const res = await put({ dedo: 3, template_base64: TEMPLATE, qualidade: 80 }, enf, m.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ template_base64: [msg.digitalFalecido] });
    expect((await t.app.inject({ method: 'GET', url: path(m.id), headers: enf })).json().itens).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `${path(m.id)}/1`, headers: enf })).statusCode).toBe(200);
  });

  it('refuses profiles without the permission (403) and citizens outside the care scope (404)', async () => {
    for (const perfil of ['recepcao', 'vigilancia', 'ace'] as const) {
      const h = await as(perfil);
      expect((await t.app.inject({ method: 'GET', url: path(), headers: h })).statusCode, perfil).toBe(403);
      expect((await put({ dedo: 1, template_base64: TEMPLATE, qualidade: 80 }, h)).statusCode, perfil).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: `${path()}/7`, headers: h })).statusCode, perfil).toBe(403);
    }
    for (const perfil of ['medico', 'acs'] as const) {
      expect((await t.app.inject({ method: 'GET', url: path(), headers: await as(perfil) })).statusCode).toBe(200);
    }
    const outra = await f.territorio();
    const deles = await f.municipe({ equipe_id: outra.equipe.id, unidade_saude_referencia_id: outra.unidade.id });
    expect((await t.app.inject({ method: 'GET', url: path(deles.id), headers: enf })).statusCode).toBe(404);
    const res = await put({ dedo: 1, template_base64: TEMPLATE, qualidade: 80 }, enf, deles.id);
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${path(deles.id)}/1`, headers: enf })).statusCode).toBe(404);
    // The manager (todos) reaches any citizen; an unknown or malformed id is no citizen.
    expect((await t.app.inject({ method: 'GET', url: path(deles.id), headers: await as('gestor') })).statusCode).toBe(
      200,
    );
    for (const id of [UNKNOWN_ID, 'nao-e-uuid'])
      expect((await t.app.inject({ method: 'GET', url: path(id), headers: enf })).statusCode).toBe(404);
  });
});
