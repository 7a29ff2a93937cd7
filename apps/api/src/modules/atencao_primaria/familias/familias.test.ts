import { msg } from '@saude/shared';
import type { CadastroDomiciliar } from '@saude/shared/schemas/cadastro_domiciliar';
import {
  PARENTESCO_RESPONSAVEL,
  familiaIssues,
  type Familia,
  type FamiliaInput,
  type FamiliaListItem,
} from '@saude/shared/schemas/familia';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipes, familiaMembros, municipes, unidadesSaude, visitasDomiciliares } from '../../../db/schema';
import { FAMILIA_MUDOU_PRONTUARIO, FAMILIAS_SEM_DOMICILIO } from '../../../db/seed/domicilios';
import { findProfissional } from '../../../db/seed/demo';
import { newId } from '../../../lib/ids';
import { auditRows, buildTestApp, signIn, type TestApp } from '../../../test/helpers';
import { municipePayload } from '../../municipes/test-data';

const url = '/api/v1/atencao_primaria/familias';
type Headers = { authorization: string };
type Pessoa = { id: string; nome: string; cpf_numero: string | null; codigo_cns: string | null };

describe(url, () => {
  let t: TestApp;
  let acs: Headers;
  let admin: Headers;
  let recepcao: Headers;
  let medico: Headers;
  let centroId: string;
  let centro1: string;
  let centro2: string;
  let acsId: string;
  let aceId: string;
  let prontuario = 0;

  /** A citizen straight in the registry (faster than the registry's API; its rules are not under test here). */
  const newMunicipe = async (over: { nome?: string } = {}): Promise<Pessoa> => {
    const p = municipePayload(over);
    const id = newId();
    await t.db.insert(municipes).values({
      id,
      nome: p.nome,
      data_nascimento: p.data_nascimento,
      sexo_id: Number(p.sexo_id),
      cpf_numero: p.cpf_numero ?? null,
      codigo_cns: p.codigo_cns ?? null,
    });
    return { id, nome: p.nome, cpf_numero: p.cpf_numero ?? null, codigo_cns: p.codigo_cns ?? null };
  };
  const post = (p: object, headers = acs) => t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (p: FamiliaInput, headers = acs): Promise<Familia> => {
    const res = await post(p, headers);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<Familia>();
  };
  /** A family with a head and `n` children. */
  const familiaCom = async (n = 1, over: Partial<FamiliaInput> = {}, headers = acs) => {
    const head = await newMunicipe();
    const filhos = await Promise.all(Array.from({ length: n }, () => newMunicipe()));
    const f = await create(
      { responsavel_id: head.id, membros: filhos.map((m) => ({ municipe_id: m.id, parentesco_id: 138 })), ...over },
      headers,
    );
    return { f, head, filhos };
  };
  const get = (id: string, headers = acs) => t.app.inject({ method: 'GET', url: `${url}/${id}`, headers });
  const toUpdate = (f: Familia, over: object = {}) => ({
    unidade_saude_id: f.unidade_saude_id,
    profissional_id: f.profissional_id,
    equipe_id: f.equipe_id,
    numero_prontuario: f.numero_prontuario,
    reside_desde: f.reside_desde,
    responsavel_id: f.responsavel_id,
    renda_familiar_id: f.renda_familiar_id,
    mudou: f.mudou,
    membros: f.membros.map((m) => ({ municipe_id: m.municipe_id, parentesco_id: m.parentesco_id })),
    lock_version: f.lock_version,
    ...over,
  });
  const put = (f: Familia, over: object = {}, headers = acs) =>
    t.app.inject({ method: 'PUT', url: `${url}/${f.id}`, headers, payload: toUpdate(f, over) });
  const list = async (query: string, headers = acs) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json<FamiliaListItem[]>(), total: Number(res.headers['x-total-count']) };
  };
  const addMembro = (id: string, payload: object, headers = acs) =>
    t.app.inject({ method: 'POST', url: `${url}/${id}/membros`, headers, payload });
  const delMembro = (id: string, municipeId: string, headers = acs) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}/membros/${municipeId}`, headers });
  const ativos = async (municipeId: string) =>
    (await t.db.select().from(familiaMembros).where(eq(familiaMembros.municipe_id, municipeId))).map((r) => ({
      familia_id: r.familia_id,
      ativo: r.ativo,
    }));

  beforeAll(async () => {
    t = await buildTestApp({}, { demo: true });
    acs = await signIn(t, 'acs', 'UBS Centro');
    admin = await signIn(t, 'admin', 'UBS Centro');
    recepcao = await signIn(t, 'recepcao');
    medico = await signIn(t, 'medico');
    centroId = (await t.db.select().from(unidadesSaude)).find((u) => u.nome === 'UBS Centro')!.id;
    const teams = await t.db.select().from(equipes);
    centro1 = teams.find((e) => e.nome === 'ESF Centro 1')!.id;
    centro2 = teams.find((e) => e.nome === 'ESF Centro 2')!.id;
    acsId = (await findProfissional(t.db, 'acs'))!.id;
    aceId = (await findProfissional(t.db, 'ace'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST and GET', () => {
    it('registers a family with the head first as Responsável, the header from the ACS team assignment, and audits', async () => {
      const head = await newMunicipe();
      const conjuge = await newMunicipe();
      const filho = await newMunicipe();
      const f = await create({
        responsavel_id: head.id,
        numero_prontuario: 'T0001',
        reside_desde: '2020-03-17',
        renda_familiar_id: 3,
        membros: [
          { municipe_id: conjuge.id, parentesco_id: 137 },
          { municipe_id: filho.id, parentesco_id: 138 },
        ],
      });
      expect(f).toMatchObject({
        lock_version: 0,
        unidade_saude_id: centroId,
        unidade_saude_nome: 'UBS Centro',
        profissional_id: acsId,
        equipe_id: centro1,
        equipe_nome: 'ESF Centro 1',
        numero_prontuario: 'T0001',
        reside_desde: '2020-03-01',
        responsavel_id: head.id,
        responsavel_nome: head.nome,
        responsavel_cns: head.codigo_cns,
        renda_familiar_id: 3,
        mudou: false,
        mudou_em: null,
        domicilio_id: null,
        domicilio_endereco: null,
        micro_area: null,
      });
      expect(f.membros.map((m) => [m.municipe_id, m.parentesco_id, m.ativo])).toEqual([
        [head.id, PARENTESCO_RESPONSAVEL, true],
        ...[
          [conjuge.id, 137, true],
          [filho.id, 138, true],
        ].sort((a, b) => {
          const na = a[0] === conjuge.id ? conjuge.nome : filho.nome;
          const nb = b[0] === conjuge.id ? conjuge.nome : filho.nome;
          return na.localeCompare(nb, 'pt-BR');
        }),
      ]);
      expect(f.membros[0]).toMatchObject({ nome: head.nome, cpf_numero: head.cpf_numero, sexo_id: 1 });
      const again = await get(f.id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(f);
      expect(await auditRows(t, { record_id: f.id })).toMatchObject([
        { action: 'create', resource: 'atencao_primaria/familias', details: { membros: 3 } },
      ]);
    });

    it('keeps the record number unique in the unit (422 prontuarioEmUso)', async () => {
      const numero = `P${++prontuario}`;
      await familiaCom(0, { numero_prontuario: numero });
      const head = await newMunicipe();
      const res = await post({ responsavel_id: head.id, numero_prontuario: numero });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ numero_prontuario: [msg.prontuarioEmUso] });
    });

    it('answers 422 não é válido on the field of a citizen that does not exist, and the shared kinship rules', async () => {
      const head = await newMunicipe();
      const ghost = '0190a0b0-0000-7000-8000-000000000000';
      const r1 = await post({
        responsavel_id: head.id,
        membros: [
          { municipe_id: head.id, parentesco_id: 1 },
          { municipe_id: ghost, parentesco_id: 138 },
        ],
      });
      expect(r1.statusCode).toBe(422);
      expect(r1.json().errors).toEqual({ 'membros.1.municipe_id': [msg.naoEValido] });
      expect((await post({ responsavel_id: ghost })).json().errors).toEqual({ responsavel_id: [msg.naoEValido] });
      const outro = await newMunicipe();
      const r2 = await post({
        responsavel_id: head.id,
        membros: [
          { municipe_id: head.id, parentesco_id: 138 },
          { municipe_id: outro.id, parentesco_id: 1 },
        ],
      });
      expect(r2.json().errors).toEqual({
        'membros.0.parentesco_id': [msg.parentescoDoResponsavel],
        'membros.1.parentesco_id': [msg.somenteUmResponsavel],
      });
      const r3 = await post({
        responsavel_id: head.id,
        membros: [
          { municipe_id: outro.id, parentesco_id: 138 },
          { municipe_id: outro.id, parentesco_id: 138 },
        ],
      });
      expect(r3.json().errors).toEqual({ 'membros.1.municipe_id': [msg.membroRepetido] });
    });

    it('refuses a citizen already in another family (409), on the field of the body that names them', async () => {
      const { head, filhos } = await familiaCom(1);
      const novo = await newMunicipe();
      const asMember = await post({
        responsavel_id: novo.id,
        membros: [
          { municipe_id: novo.id, parentesco_id: 1 },
          { municipe_id: filhos[0]!.id, parentesco_id: 143 },
        ],
      });
      expect(asMember.statusCode).toBe(409);
      expect(asMember.json()).toEqual({
        code: 'conflito',
        message: msg.municipeEmOutraFamilia,
        errors: { 'membros.1.municipe_id': [msg.municipeEmOutraFamilia] },
      });
      expect(msg.municipeEmOutraFamilia).toBe('Este munícipe já está cadastrado em outra família');
      const asHead = await post({ responsavel_id: head.id });
      expect(asHead.statusCode).toBe(409);
      expect(asHead.json().code).toBe('conflito');
      expect(asHead.json().errors).toEqual({ responsavel_id: [msg.municipeEmOutraFamilia] });
      const headInList = await post({
        responsavel_id: head.id,
        membros: [
          { municipe_id: novo.id, parentesco_id: 137 },
          { municipe_id: head.id, parentesco_id: 1 },
        ],
      });
      expect(headInList.json().errors).toEqual({ 'membros.1.municipe_id': [msg.municipeEmOutraFamilia] });
    });

    it('two saves racing to put one citizen in two families: exactly one wins', async () => {
      const disputado = await newMunicipe();
      const [h1, h2] = await Promise.all([newMunicipe(), newMunicipe()]);
      const body = (h: Pessoa) => ({
        responsavel_id: h.id,
        membros: [{ municipe_id: disputado.id, parentesco_id: 138 }],
      });
      const [r1, r2] = await Promise.all([post(body(h1)), post(body(h2))]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
      const lost = [r1, r2].find((r) => r.statusCode === 409)!;
      expect(lost.json()).toEqual({
        code: 'conflito',
        message: msg.municipeEmOutraFamilia,
        errors: { 'membros.0.municipe_id': [msg.municipeEmOutraFamilia] },
      });
      expect((await ativos(disputado.id)).filter((m) => m.ativo)).toHaveLength(1);
    });

    it('two member additions racing for one citizen: exactly one wins', async () => {
      const [{ f: a }, { f: b }] = await Promise.all([familiaCom(0), familiaCom(0)]);
      const disputado = await newMunicipe();
      const [r1, r2] = await Promise.all([
        addMembro(a.id, { municipe_id: disputado.id, parentesco_id: 145 }),
        addMembro(b.id, { municipe_id: disputado.id, parentesco_id: 145 }),
      ]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
      expect([r1, r2].find((r) => r.statusCode === 409)!.json().errors).toEqual({
        municipe_id: [msg.municipeEmOutraFamilia],
      });
    });

    it('a family registered as moved keeps its members inactive, free to join another family', async () => {
      const { f, filhos } = await familiaCom(1, { mudou: true });
      expect(f).toMatchObject({ mudou: true });
      expect(Math.abs(Date.parse(f.mudou_em!) - Date.now())).toBeLessThan(60_000);
      expect(f.membros.map((m) => m.ativo)).toEqual([false, false]);
      const nova = await create({ responsavel_id: filhos[0]!.id });
      expect(nova.membros).toMatchObject([{ municipe_id: filhos[0]!.id, ativo: true }]);
    });

    it('answers 404 for an unknown id and 403 on POST to a profile without the permission (reception)', async () => {
      const res = await get('0190a0b0-0000-7000-8000-000000000000');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(msg.cadastroNaoEncontrado);
      const head = await newMunicipe();
      const denied = await post({ responsavel_id: head.id }, recepcao);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe(msg.status403);
      const readOnly = await post({ responsavel_id: head.id }, medico);
      expect(readOnly.statusCode).toBe(403);
    });

    it('answers the family at the spec §7 path exactly as at /api/v1, mudou included', async () => {
      const { f } = await familiaCom(1, { mudou: true });
      const spec = await t.app.inject({ method: 'GET', url: `/api/atencao_primaria/familias/${f.id}`, headers: acs });
      expect(spec.statusCode).toBe(200);
      expect(spec.json()).toEqual((await get(f.id)).json());
      expect(spec.json().mudou).toBe(true);
      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/atencao_primaria/familias/0190a0b0-0000-7000-8000-000000000000',
        headers: acs,
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('team scope', () => {
    it('an ACS of ESF Centro 1 neither sees nor changes a family of ESF Centro 2 (404); the manager does', async () => {
      const { f, head } = await familiaCom(0, { profissional_id: aceId }, admin);
      expect(f.equipe_id).toBe(centro2);
      expect((await get(f.id)).statusCode).toBe(404);
      expect((await put(f)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `${url}/${f.id}`, headers: acs })).statusCode).toBe(404);
      expect((await addMembro(f.id, { municipe_id: (await newMunicipe()).id, parentesco_id: 138 })).statusCode).toBe(
        404,
      );
      expect((await list(`responsavel=${encodeURIComponent(head.nome)}`)).total).toBe(0);
      expect((await list(`responsavel=${encodeURIComponent(head.nome)}`, admin)).rows.map((r) => r.id)).toEqual([f.id]);
      // a physician of ESF Centro 1 reads only that team too
      expect((await get(f.id, medico)).statusCode).toBe(404);
    });
  });

  describe('list', () => {
    it('filters by head (name without accents, CPF or CNS), record number, team, professional, unit, mudou, vinculada and member', async () => {
      const head = await newMunicipe({ nome: 'Zélia Ônfalo Quiñones' });
      const numero = `L${++prontuario}`;
      const { f, filhos } = await familiaCom(2, { responsavel_id: head.id, numero_prontuario: numero });
      const byName = await list('responsavel=zelia onfalo');
      expect(byName).toMatchObject({
        total: 1,
        rows: [
          {
            id: f.id,
            responsavel_nome: head.nome,
            numero_prontuario: numero,
            numero_membros: 3,
            equipe_nome: 'ESF Centro 1',
            mudou: false,
            domicilio_id: null,
          },
        ],
      });
      expect((await list(`responsavel=${head.cpf_numero!.slice(0, 9)}`)).rows.map((r) => r.id)).toContain(f.id);
      expect((await list(`responsavel=${head.codigo_cns}`)).rows.map((r) => r.id)).toEqual([f.id]);
      expect((await list(`numero_prontuario=${numero.toLowerCase()}`)).rows.map((r) => r.id)).toEqual([f.id]);
      expect((await list(`responsavel=zelia onfalo&equipe_id=${centro2}`)).total).toBe(0);
      expect(
        (
          await list(
            `responsavel=zelia onfalo&equipe_id=${centro1}&profissional_id=${acsId}&unidade_saude_id=${centroId}`,
          )
        ).total,
      ).toBe(1);
      expect((await list('responsavel=zelia onfalo&mudou=true')).total).toBe(0);
      expect((await list('responsavel=zelia onfalo&mudou=false&vinculada=false')).total).toBe(1);
      expect((await list('responsavel=zelia onfalo&vinculada=true')).total).toBe(0);
      expect((await list(`municipe_id=${filhos[1]!.id}`)).rows.map((r) => r.id)).toEqual([f.id]);
      // Only ACTIVE membership counts: once the family moved, the member belongs to no family.
      expect((await put(f, { mudou: true })).statusCode).toBe(200);
      expect((await list(`municipe_id=${filhos[1]!.id}`)).total).toBe(0);
      expect((await list('responsavel=zelia onfalo&mudou=true')).total).toBe(1);
    });

    it('shows the demo families of the ACS team ordered by head name: one moved, some not linked', async () => {
      const { rows, total } = await list('per_page=100');
      expect(total).toBeGreaterThanOrEqual(15);
      expect(new Set(rows.map((r) => r.equipe_id))).toEqual(new Set([centro1]));
      const nomes = rows.map((r) => r.responsavel_nome);
      expect(nomes).toEqual([...nomes].sort((a, b) => a.localeCompare(b, 'pt-BR')));
      const mudou = await list(`numero_prontuario=${FAMILIA_MUDOU_PRONTUARIO}&mudou=true`);
      expect(mudou.total).toBe(1);
      const detalhe = (await get(mudou.rows[0]!.id)).json<Familia>();
      expect(detalhe).toMatchObject({ mudou: true, micro_area: '01' });
      expect(detalhe.membros.every((m) => !m.ativo)).toBe(true);
      const seed = rows.filter((r) => /^F\d{4}$/.test(r.numero_prontuario ?? ''));
      expect(seed.filter((r) => r.domicilio_id === null)).toHaveLength(FAMILIAS_SEM_DOMICILIO);
      for (const r of seed) {
        const d = (await get(r.id)).json<Familia>();
        expect(d.membros.length).toBeGreaterThanOrEqual(1);
        expect(d.membros.length).toBeLessThanOrEqual(5);
        expect(d.membros[0]).toMatchObject({ municipe_id: d.responsavel_id, parentesco_id: PARENTESCO_RESPONSAVEL });
        expect(d.membros[0]!.idade).toBeGreaterThanOrEqual(18);
        expect(familiaIssues({ responsavel_id: d.responsavel_id, membros: d.membros })).toEqual([]);
      }
    });
  });

  describe('PUT', () => {
    it('replaces the member set: a member left out leaves (row removed) and may join another family; stale edit 409', async () => {
      const { f, filhos } = await familiaCom(2);
      const res = await put(f, { membros: [{ municipe_id: filhos[0]!.id, parentesco_id: 139 }], renda_familiar_id: 8 });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json<Familia>();
      expect(saved).toMatchObject({ lock_version: 1, renda_familiar_id: 8 });
      expect(saved.membros.map((m) => [m.municipe_id, m.parentesco_id])).toEqual([
        [f.responsavel_id, 1],
        [filhos[0]!.id, 139],
      ]);
      expect(await ativos(filhos[1]!.id)).toEqual([]);
      expect((await create({ responsavel_id: filhos[1]!.id })).responsavel_id).toBe(filhos[1]!.id);
      const stale = await put(f, { renda_familiar_id: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('edicao_desatualizada');
      expect(stale.json().message).toBe(msg.edicaoDesatualizada);
      expect((await auditRows(t, { record_id: f.id, action: 'update' })).map((r) => r.details)).toEqual([
        { campos: ['renda_familiar_id', 'membros'] },
      ]);
    });

    it('changes the head: the new head becomes Responsável', async () => {
      const { f, filhos } = await familiaCom(1);
      const res = await put(f, {
        responsavel_id: filhos[0]!.id,
        membros: [{ municipe_id: f.responsavel_id, parentesco_id: 141 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Familia>().membros.map((m) => [m.municipe_id, m.parentesco_id])).toEqual([
        [filhos[0]!.id, 1],
        [f.responsavel_id, 141],
      ]);
    });

    it('refuses to add, in a PUT, a citizen of another family (409 on the member row)', async () => {
      const { f } = await familiaCom(0);
      const { filhos: deOutra } = await familiaCom(1);
      const res = await put(f, {
        membros: [
          { municipe_id: f.responsavel_id, parentesco_id: 1 },
          { municipe_id: deOutra[0]!.id, parentesco_id: 143 },
        ],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('conflito');
      expect(res.json().errors).toEqual({ 'membros.1.municipe_id': [msg.municipeEmOutraFamilia] });
    });

    it('moving away keeps the members as inactive history; they can join a new family; coming back needs them free', async () => {
      const { f, head, filhos } = await familiaCom(2);
      const moved = await put(f, { mudou: true });
      expect(moved.statusCode, moved.body).toBe(200);
      const m = moved.json<Familia>();
      expect(m.mudou).toBe(true);
      expect(Math.abs(Date.parse(m.mudou_em!) - Date.now())).toBeLessThan(60_000);
      expect(m.membros.map((x) => [x.municipe_id, x.ativo])).toEqual(
        expect.arrayContaining([
          [head.id, false],
          [filhos[0]!.id, false],
          [filhos[1]!.id, false],
        ]),
      );
      expect(m.membros).toHaveLength(3);
      // history is frozen while moved
      const frozen = await put(m, { membros: [{ municipe_id: head.id, parentesco_id: 1 }] });
      expect(frozen.statusCode).toBe(409);
      expect(frozen.json().code).toBe('conflito');
      expect(frozen.json().message).toBe(msg.familiaMudou);
      expect(
        (await addMembro(f.id, { municipe_id: (await newMunicipe()).id, parentesco_id: 138 })).json().message,
      ).toBe(msg.familiaMudou);
      const removal = await delMembro(f.id, filhos[0]!.id);
      expect(removal.statusCode).toBe(409);
      expect(removal.json().code).toBe('conflito');
      expect(removal.json().message).toBe(msg.familiaMudou);
      // a member joins a new family
      const nova = await create({ responsavel_id: filhos[0]!.id });
      expect(await ativos(filhos[0]!.id)).toEqual(
        expect.arrayContaining([
          { familia_id: f.id, ativo: false },
          { familia_id: nova.id, ativo: true },
        ]),
      );
      // coming back: that member is now in another family
      const back = await put(m, { mudou: false });
      expect(back.statusCode).toBe(409);
      expect(back.json()).toEqual({
        code: 'conflito',
        message: msg.municipeEmOutraFamilia,
        errors: { 'membros.1.municipe_id': [msg.municipeEmOutraFamilia] },
      });
      // without them it comes back, members active again
      const ok = await put(m, {
        mudou: false,
        membros: [
          { municipe_id: head.id, parentesco_id: 1 },
          { municipe_id: filhos[1]!.id, parentesco_id: 138 },
        ],
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<Familia>()).toMatchObject({ mudou: false, mudou_em: null });
      expect(ok.json<Familia>().membros.map((x) => x.ativo)).toEqual([true, true]);
      expect(await ativos(filhos[0]!.id)).toEqual([{ familia_id: nova.id, ativo: true }]);
    });
  });

  describe('members one at a time', () => {
    it('adds a member (200, audited, new version) and refuses the head kinship, a repeated member and a citizen of another family', async () => {
      const { f } = await familiaCom(0);
      const novo = await newMunicipe();
      const res = await addMembro(f.id, { municipe_id: novo.id, parentesco_id: 140 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Familia>()).toMatchObject({
        lock_version: 1,
        membros: [{ municipe_id: f.responsavel_id }, { municipe_id: novo.id, parentesco_id: 140, ativo: true }],
      });
      expect(await auditRows(t, { record_id: f.id, action: 'adicionar_membro' })).toMatchObject([
        { details: { municipe_id: novo.id } },
      ]);
      const repeated = await addMembro(f.id, { municipe_id: novo.id, parentesco_id: 140 });
      expect(repeated.statusCode).toBe(422);
      expect(repeated.json().errors).toEqual({ municipe_id: [msg.membroRepetido] });
      const head = await addMembro(f.id, {
        municipe_id: (await newMunicipe()).id,
        parentesco_id: PARENTESCO_RESPONSAVEL,
      });
      expect(head.json().errors).toEqual({ parentesco_id: [msg.somenteUmResponsavel] });
      const ghost = await addMembro(f.id, { municipe_id: '0190a0b0-0000-7000-8000-000000000000', parentesco_id: 138 });
      expect(ghost.json().errors).toEqual({ municipe_id: [msg.naoEValido] });
      const { filhos } = await familiaCom(1);
      const other = await addMembro(f.id, { municipe_id: filhos[0]!.id, parentesco_id: 145 });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({
        code: 'conflito',
        message: msg.municipeEmOutraFamilia,
        errors: { municipe_id: [msg.municipeEmOutraFamilia] },
      });
    });

    it('removes a member (200); the head cannot be removed (422); a non-member answers 404', async () => {
      const { f, filhos } = await familiaCom(1);
      const res = await delMembro(f.id, filhos[0]!.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Familia>().membros.map((m) => m.municipe_id)).toEqual([f.responsavel_id]);
      expect(await auditRows(t, { record_id: f.id, action: 'remover_membro' })).toHaveLength(1);
      const head = await delMembro(f.id, f.responsavel_id);
      expect(head.statusCode).toBe(422);
      expect(head.json().errors).toEqual({ municipe_id: [msg.responsavelNaoRemovivel] });
      expect((await delMembro(f.id, filhos[0]!.id)).statusCode).toBe(404);
    });
  });

  describe('DELETE', () => {
    it('removes a linked family, unlinking it from the home (both audited)', async () => {
      const casa = await t.app.inject({
        method: 'POST',
        url: '/api/v1/atencao_primaria/cadastros_domiciliares',
        headers: acs,
        payload: {
          st_micro_area: '02',
          cep: '70000001',
          uf: 'DF',
          municipio_ibge: '5300108',
          tipo_logradouro: '081',
          logradouro: 'DAS ACÁCIAS',
          numero: '777',
          bairro: 'CENTRO',
          tipo_imovel_id: 1,
          situacao_moradia_id: 75,
          localizacao_id: 83,
        },
      });
      const casaId = casa.json<CadastroDomiciliar>().id;
      const { f, head } = await familiaCom(1);
      const link = await t.app.inject({
        method: 'POST',
        url: `/api/v1/atencao_primaria/cadastros_domiciliares/${casaId}/familias`,
        headers: acs,
        payload: { familia_id: f.id },
      });
      expect(link.statusCode).toBe(200);
      expect((await get(f.id)).json()).toMatchObject({
        domicilio_id: casaId,
        domicilio_endereco: 'Rua DAS ACÁCIAS, 777 - CENTRO',
        micro_area: '02',
      });
      const res = await t.app.inject({ method: 'DELETE', url: `${url}/${f.id}`, headers: acs });
      expect(res.statusCode).toBe(204);
      expect((await get(f.id)).statusCode).toBe(404);
      const home = await t.app.inject({
        method: 'GET',
        url: `/api/v1/atencao_primaria/cadastros_domiciliares/${casaId}`,
        headers: acs,
      });
      expect(home.json<CadastroDomiciliar>().familias).toEqual([]);
      expect(await auditRows(t, { record_id: f.id, action: 'destroy' })).toMatchObject([
        { details: { domicilio_id: casaId } },
      ]);
      expect(await auditRows(t, { record_id: casaId, action: 'desvincular_familia' })).toMatchObject([
        { details: { familia_id: f.id } },
      ]);
      expect(await ativos(head.id)).toEqual([]);
    });

    it('refuses a family with home visits (409 familiaComVisitas)', async () => {
      const { f } = await familiaCom(0);
      await t.db.insert(visitasDomiciliares).values({
        id: newId(),
        familia_id: f.id,
        unidade_saude_id: centroId,
        profissional_id: acsId,
        equipe_id: centro1,
        ocupacao_id: '515105',
        data_visita: new Date(),
        turno_atendimentos: 1,
        tipo_imovel_id: 1,
        desfecho_id: 1,
      });
      const res = await t.app.inject({ method: 'DELETE', url: `${url}/${f.id}`, headers: acs });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('conflito');
      expect(res.json().message).toBe(msg.familiaComVisitas);
    });

    it('a citizen in a family (member or head, moved families included) cannot be deleted from the registry (409, never a 500)', async () => {
      const { head, filhos } = await familiaCom(1, { mudou: true });
      for (const m of [head, filhos[0]!]) {
        const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/municipes/${m.id}`, headers: admin });
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('conflito');
        expect(res.json().message).toBe(msg.municipeVinculado('uma família'));
      }
    });
  });
});
