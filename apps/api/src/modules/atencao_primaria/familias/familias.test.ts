import { msg, type PerfilCodigo } from '@saude/shared';
import type { CadastroDomiciliar } from '@saude/shared/schemas/cadastro_domiciliar';
import {
  PARENTESCO_RESPONSAVEL,
  type Familia,
  type FamiliaInput,
  type FamiliaListItem,
} from '@saude/shared/schemas/familia';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { familiaMembros, familias, municipes } from '../../../db/schema';
import { type DuasEquipes, fixtures, type Headers, type MunicipeRow, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';

const url = '/api/v1/atencao_primaria/familias';

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  /** The agent's team (micro-areas 01–03), another team of the unit (04–06) and their people (fixtures.duasEquipes). */
  let { unidade, equipe, outraEquipe, acs, colega, acsOutra, gestor, aceOutra } = {} as DuasEquipes;
  let prontuario = 0;

  /** A user of the unit with a built-in profile. */
  const as = async (perfil: PerfilCodigo) => (await f.como(perfil, { unidade, equipe })).headers;
  const pessoa = (over: Partial<MunicipeRow> = {}) => f.municipe(over);
  const post = (p: object, headers: Headers = acs.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (p: FamiliaInput, headers: Headers = acs.headers): Promise<Familia> => {
    const res = await post(p, headers);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<Familia>();
  };
  /** A family with a head and `n` children, through the API. */
  const familiaCom = async (n = 1, over: Partial<FamiliaInput> = {}, headers: Headers = acs.headers) => {
    const head = await pessoa();
    const filhos = await Promise.all(Array.from({ length: n }, () => pessoa()));
    const familia = await create(
      { responsavel_id: head.id, membros: filhos.map((m) => ({ municipe_id: m.id, parentesco_id: 138 })), ...over },
      headers,
    );
    return { f: familia, head, filhos };
  };
  const get = (id: string, headers: Headers = acs.headers) =>
    t.app.inject({ method: 'GET', url: `${url}/${id}`, headers });
  const toUpdate = (x: Familia, over: object = {}) => ({
    unidade_saude_id: x.unidade_saude_id,
    profissional_id: x.profissional_id,
    equipe_id: x.equipe_id,
    numero_prontuario: x.numero_prontuario,
    reside_desde: x.reside_desde,
    responsavel_id: x.responsavel_id,
    renda_familiar_id: x.renda_familiar_id,
    mudou: x.mudou,
    membros: x.membros.map((m) => ({ municipe_id: m.municipe_id, parentesco_id: m.parentesco_id })),
    lock_version: x.lock_version,
    ...over,
  });
  const put = (x: Familia, over: object = {}, headers: Headers = acs.headers) =>
    t.app.inject({ method: 'PUT', url: `${url}/${x.id}`, headers, payload: toUpdate(x, over) });
  const del = (id: string, headers: Headers = acs.headers) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers });
  const list = async (query: string, headers: Headers = acs.headers) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json<FamiliaListItem[]>(), total: Number(res.headers['x-total-count']) };
  };
  const addMembro = (id: string, payload: object, headers: Headers = acs.headers) =>
    t.app.inject({ method: 'POST', url: `${url}/${id}/membros`, headers, payload });
  const delMembro = (id: string, municipeId: string, headers: Headers = acs.headers) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}/membros/${municipeId}`, headers });
  const ativos = async (municipeId: string) =>
    (await t.db.select().from(familiaMembros).where(eq(familiaMembros.municipe_id, municipeId))).map((r) => ({
      familia_id: r.familia_id,
      ativo: r.ativo,
    }));
  const familiasDe = (responsavelId: string) =>
    t.db.select().from(familias).where(eq(familias.responsavel_id, responsavelId));

  beforeAll(async () => {
    ({ unidade, equipe, outraEquipe, acs, colega, acsOutra, gestor, aceOutra } = await f.duasEquipes());
  });

  describe('POST and GET', () => {
    it('registers a family with the head first as Responsável, the header from the session, and audits with its members', async () => {
      const head = await pessoa();
      const conjuge = await pessoa();
      const filho = await pessoa();
      const x = await create({
        responsavel_id: head.id,
        numero_prontuario: 'T0001',
        reside_desde: '2020-03-17',
        renda_familiar_id: 3,
        membros: [
          { municipe_id: conjuge.id, parentesco_id: 137 },
          { municipe_id: filho.id, parentesco_id: 138 },
        ],
      });
      expect(x).toMatchObject({
        lock_version: 0,
        unidade_saude_id: unidade.id,
        unidade_saude_nome: unidade.nome,
        profissional_id: acs.id,
        equipe_id: equipe.id,
        equipe_nome: equipe.nome,
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
      const nome = (id: string) => [head, conjuge, filho].find((p) => p.id === id)!.nome;
      expect(x.membros.map((m) => [m.municipe_id, m.parentesco_id, m.ativo, m.obito])).toEqual([
        [head.id, PARENTESCO_RESPONSAVEL, true, false],
        ...[
          [conjuge.id, 137, true, false],
          [filho.id, 138, true, false],
        ].sort((a, b) => nome(a[0] as string).localeCompare(nome(b[0] as string), 'pt-BR')),
      ]);
      expect(x.membros[0]).toMatchObject({ nome: head.nome, cpf_numero: head.cpf_numero, sexo_id: 1 });
      const again = await get(x.id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(x);
      const ids = [head.id, conjuge.id, filho.id];
      const rows = await auditRows(t, { record_id: x.id });
      expect(rows).toMatchObject([
        { action: 'create', resource: 'atencao_primaria/familias', details: { membros: 3, designado: false } },
        { action: 'show', resource: 'atencao_primaria/familias', details: { partes: ['familia', 'membros'] } },
      ]);
      for (const r of rows) expect(new Set(r.municipe_ids)).toEqual(new Set(ids));
    });

    it('keeps the record number unique in the unit (422 prontuarioEmUso)', async () => {
      const numero = `P${++prontuario}`;
      await familiaCom(0, { numero_prontuario: numero });
      const res = await post({ responsavel_id: (await pessoa()).id, numero_prontuario: numero });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ numero_prontuario: [msg.prontuarioEmUso] });
    });

    it('answers 422 não é válido on the field of a citizen that does not exist, and the shared kinship rules', async () => {
      const head = await pessoa();
      const r1 = await post({
        responsavel_id: head.id,
        membros: [
          { municipe_id: head.id, parentesco_id: 1 },
          { municipe_id: UNKNOWN_ID, parentesco_id: 138 },
        ],
      });
      expect(r1.statusCode).toBe(422);
      expect(r1.json().errors).toEqual({ 'membros.1.municipe_id': [msg.naoEValido] });
      expect((await post({ responsavel_id: UNKNOWN_ID })).json().errors).toEqual({ responsavel_id: [msg.naoEValido] });
      const outro = await pessoa();
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

    it('requires each member\'s kinship: blank is "Não pode ficar em branco" on that member, never "não é válido"', async () => {
      const head = await pessoa();
      const [a, b, c] = [await pessoa(), await pessoa(), await pessoa()];
      const res = await post({
        responsavel_id: head.id,
        membros: [
          { municipe_id: a.id, parentesco_id: null },
          { municipe_id: b.id },
          { municipe_id: c.id, parentesco_id: '' },
        ],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        'membros.0.parentesco_id': [msg.obrigatorio],
        'membros.1.parentesco_id': [msg.obrigatorio],
        'membros.2.parentesco_id': [msg.obrigatorio],
      });
      const invalid = await post({ responsavel_id: head.id, membros: [{ municipe_id: a.id, parentesco_id: 0 }] });
      expect(invalid.json().errors).toEqual({ 'membros.0.parentesco_id': [msg.naoEValido] });
      expect(await familiasDe(head.id)).toEqual([]);
      const novo = await familiaCom(0);
      expect((await addMembro(novo.f.id, { municipe_id: a.id })).json().errors).toEqual({
        parentesco_id: [msg.obrigatorio],
      });
    });

    it('refuses a deceased citizen as head or member, on their field; one who died while a member stays, marked', async () => {
      const morto = await pessoa({ data_obito: '2024-02-10', motivo_saida_cadastro_id: 135 });
      // The exit by death alone (no date yet) counts too.
      const saida = await pessoa({ motivo_saida_cadastro_id: 135 });
      const head = await pessoa();
      const comoMembro = await post({
        responsavel_id: head.id,
        membros: [
          { municipe_id: morto.id, parentesco_id: 138 },
          { municipe_id: saida.id, parentesco_id: 138 },
        ],
      });
      expect(comoMembro.statusCode).toBe(422);
      expect(comoMembro.json().errors).toEqual({
        'membros.0.municipe_id': [msg.municipeFalecido],
        'membros.1.municipe_id': [msg.municipeFalecido],
      });
      expect(msg.municipeFalecido).toBe('tem óbito registrado e não pode ser incluído em uma família');
      expect((await post({ responsavel_id: morto.id })).json().errors).toEqual({
        responsavel_id: [msg.municipeFalecido],
      });
      expect(await familiasDe(head.id)).toEqual([]);
      const { f: familia, filhos } = await familiaCom(1);
      const add = await addMembro(familia.id, { municipe_id: morto.id, parentesco_id: 138 });
      expect(add.statusCode).toBe(422);
      expect(add.json().errors).toEqual({ municipe_id: [msg.municipeFalecido] });
      const viaPut = await put(familia, {
        membros: [...toUpdate(familia).membros, { municipe_id: saida.id, parentesco_id: 145 }],
      });
      expect(viaPut.json().errors).toEqual({ 'membros.2.municipe_id': [msg.municipeFalecido] });
      // A member dies (the individual registration's exit writes the date through): the family is still edited, and
      // shows who died.
      await t.db.update(municipes).set({ data_obito: '2025-01-05' }).where(eq(municipes.id, filhos[0]!.id));
      const ok = await put(familia, { renda_familiar_id: 2 });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<Familia>().membros.find((m) => m.municipe_id === filhos[0]!.id)).toMatchObject({ obito: true });
    });

    it('refuses a citizen already in another family (409), on the field of the body that names them', async () => {
      const { head, filhos } = await familiaCom(1);
      const novo = await pessoa();
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
      const asHead = await post({ responsavel_id: head.id });
      expect(asHead.statusCode).toBe(409);
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
      const disputado = await pessoa();
      const [h1, h2] = [await pessoa(), await pessoa()];
      const body = (h: { id: string }) => ({
        responsavel_id: h.id,
        membros: [{ municipe_id: disputado.id, parentesco_id: 138 }],
      });
      const [r1, r2] = await Promise.all([post(body(h1)), post(body(h2))]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
      expect([r1, r2].find((r) => r.statusCode === 409)!.json()).toEqual({
        code: 'conflito',
        message: msg.municipeEmOutraFamilia,
        errors: { 'membros.0.municipe_id': [msg.municipeEmOutraFamilia] },
      });
      expect((await ativos(disputado.id)).filter((m) => m.ativo)).toHaveLength(1);
    });

    it('two member additions racing for one citizen: exactly one wins', async () => {
      const [{ f: a }, { f: b }] = [await familiaCom(0), await familiaCom(0)];
      const disputado = await pessoa();
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
      const { f: x, filhos } = await familiaCom(1, { mudou: true });
      expect(x).toMatchObject({ mudou: true });
      expect(Math.abs(Date.parse(x.mudou_em!) - Date.now())).toBeLessThan(60_000);
      expect(x.membros.map((m) => m.ativo)).toEqual([false, false]);
      const nova = await create({ responsavel_id: filhos[0]!.id });
      expect(nova.membros).toMatchObject([{ municipe_id: filhos[0]!.id, ativo: true }]);
    });

    it('answers 404 for an unknown id, and the family at the spec §7 path exactly as at /api/v1 (mudou included)', async () => {
      const res = await get(UNKNOWN_ID);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(msg.cadastroNaoEncontrado);
      const { f: x } = await familiaCom(1, { mudou: true });
      const spec = await t.app.inject({
        method: 'GET',
        url: `/api/atencao_primaria/familias/${x.id}`,
        headers: acs.headers,
      });
      expect(spec.statusCode).toBe(200);
      expect(spec.json()).toEqual((await get(x.id)).json());
      expect(spec.json().mudou).toBe(true);
      expect(await auditRows(t, { record_id: x.id, action: 'show' })).toHaveLength(2);
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/atencao_primaria/familias/${UNKNOWN_ID}`,
        headers: acs.headers,
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('the e-SUS header comes from the session (issue 14)', () => {
    it("refuses a team member's family in a colleague's name or for another team (422), storing nothing", async () => {
      const head = await pessoa();
      const emNome = await post({ responsavel_id: head.id, profissional_id: colega.id });
      expect(emNome.statusCode).toBe(422);
      expect(emNome.json().errors).toEqual({ profissional_id: [msg.naoEValido] });
      const outra = await post({ responsavel_id: head.id, equipe_id: outraEquipe.id });
      expect(outra.statusCode).toBe(422);
      expect(outra.json().errors).toEqual({ equipe_id: [msg.naoEValido] });
      expect(await familiasDe(head.id)).toEqual([]);
      const { f: x } = await familiaCom(0);
      const res = await put(x, { profissional_id: colega.id, renda_familiar_id: 5 }, colega.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ profissional_id: [msg.naoEValido] });
      expect(await familiasDe(x.responsavel_id)).toMatchObject([
        { profissional_id: acs.id, lock_version: 0, renda_familiar_id: null },
      ]);
    });

    it("stores a coordinator's designation with that professional's team and audits it", async () => {
      const head = await pessoa();
      expect((await post({ responsavel_id: head.id }, gestor.headers)).json().errors).toEqual({
        profissional_id: [msg.obrigatorio],
      });
      const x = await create({ responsavel_id: head.id, profissional_id: aceOutra.id }, gestor.headers);
      expect(x).toMatchObject({ profissional_id: aceOutra.id, equipe_id: outraEquipe.id });
      expect(await auditRows(t, { record_id: x.id, action: 'create' })).toMatchObject([
        { profissional_id: gestor.id, details: { designado: true } },
      ]);
      const res = await put(x, { renda_familiar_id: 4 }, gestor.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ profissional_id: aceOutra.id, renda_familiar_id: 4 });
      expect(await auditRows(t, { record_id: x.id, action: 'update' })).toMatchObject([
        { details: { campos: ['renda_familiar_id'], designado: false } },
      ]);
    });
  });

  describe('scope and access', () => {
    it("another team's family answers 404 on every route and is not listed; the coordinator sees it", async () => {
      const { f: x, head, filhos } = await familiaCom(1, {}, acsOutra.headers);
      expect(x.equipe_id).toBe(outraEquipe.id);
      const respostas = [
        await get(x.id),
        await t.app.inject({ method: 'GET', url: `/api/atencao_primaria/familias/${x.id}`, headers: acs.headers }),
        await put(x),
        await del(x.id),
        await addMembro(x.id, { municipe_id: (await pessoa()).id, parentesco_id: 138 }),
        await delMembro(x.id, filhos[0]!.id),
      ];
      for (const r of respostas) {
        expect(r.statusCode, r.body).toBe(404);
        expect(r.json().message).toBe(msg.cadastroNaoEncontrado);
      }
      expect((await list(`responsavel=${encodeURIComponent(head.nome)}`)).total).toBe(0);
      expect(
        (await list(`responsavel=${encodeURIComponent(head.nome)}`, gestor.headers)).rows.map((r) => r.id),
      ).toEqual([x.id]);
      // A physician of the agent's team reads only that team too.
      expect((await get(x.id, await as('medico'))).statusCode).toBe(404);
      expect(await ativos(filhos[0]!.id)).toEqual([{ familia_id: x.id, ativo: true }]);
    });

    it('refuses with 403 the profiles without the permission, and the writes of those who only read', async () => {
      const { f: x, filhos } = await familiaCom(1);
      const rotas = async (h: Headers) => ({
        index: () => t.app.inject({ method: 'GET', url, headers: h }),
        show: () => get(x.id, h),
        spec: () => t.app.inject({ method: 'GET', url: `/api/atencao_primaria/familias/${x.id}`, headers: h }),
        create: async () => post({ responsavel_id: (await pessoa()).id }, h),
        update: () => put(x, {}, h),
        destroy: () => del(x.id, h),
        adicionar: async () => addMembro(x.id, { municipe_id: (await pessoa()).id, parentesco_id: 138 }, h),
        remover: () => delMembro(x.id, filhos[0]!.id, h),
      });
      for (const perfil of ['recepcao', 'vigilancia'] as const) {
        for (const [nome, rota] of Object.entries(await rotas(await as(perfil)))) {
          expect((await rota()).statusCode, `${perfil} ${nome}`).toBe(403);
        }
      }
      for (const perfil of ['medico', 'enfermagem', 'ace'] as const) {
        const r = await rotas(await as(perfil));
        for (const nome of ['index', 'show', 'spec'] as const) expect((await r[nome]()).statusCode).toBe(200);
        for (const nome of ['create', 'update', 'destroy', 'adicionar', 'remover'] as const) {
          expect((await r[nome]()).statusCode, `${perfil} ${nome}`).toBe(403);
        }
      }
    });
  });

  describe('list', () => {
    it('filters by head (name without accents, CPF or CNS), record number, team, professional, unit, mudou, vinculada and member', async () => {
      const head = await pessoa({ nome: 'Zélia Ônfalo Quiñones' });
      const numero = `L${++prontuario}`;
      const { f: x, filhos } = await familiaCom(2, { responsavel_id: head.id, numero_prontuario: numero });
      const byName = await list('responsavel=zelia onfalo');
      expect(byName).toMatchObject({
        total: 1,
        rows: [
          {
            id: x.id,
            responsavel_nome: head.nome,
            responsavel_obito: false,
            numero_prontuario: numero,
            numero_membros: 3,
            equipe_nome: equipe.nome,
            mudou: false,
            domicilio_id: null,
          },
        ],
      });
      expect((await list(`responsavel=${head.cpf_numero!.slice(0, 9)}`)).rows.map((r) => r.id)).toContain(x.id);
      expect((await list(`responsavel=${head.codigo_cns}`)).rows.map((r) => r.id)).toEqual([x.id]);
      expect((await list(`numero_prontuario=${numero.toLowerCase()}`)).rows.map((r) => r.id)).toEqual([x.id]);
      expect((await list(`responsavel=zelia onfalo&equipe_id=${outraEquipe.id}`)).total).toBe(0);
      expect(
        (
          await list(
            `responsavel=zelia onfalo&equipe_id=${equipe.id}&profissional_id=${acs.id}&unidade_saude_id=${unidade.id}`,
          )
        ).total,
      ).toBe(1);
      expect((await list('responsavel=zelia onfalo&mudou=true')).total).toBe(0);
      expect((await list('responsavel=zelia onfalo&mudou=false&vinculada=false')).total).toBe(1);
      expect((await list('responsavel=zelia onfalo&vinculada=true')).total).toBe(0);
      expect((await list(`municipe_id=${filhos[1]!.id}`)).rows.map((r) => r.id)).toEqual([x.id]);
      // Only ACTIVE membership counts: once the family moved, the member belongs to no family.
      expect((await put(x, { mudou: true })).statusCode).toBe(200);
      expect((await list(`municipe_id=${filhos[1]!.id}`)).total).toBe(0);
      expect((await list('responsavel=zelia onfalo&mudou=true')).total).toBe(1);
    });

    it('orders by head name and audits each page with the heads it shows, naming the filters but not their values', async () => {
      const a = await pessoa({ nome: 'Xênia Listada Abadia' });
      const b = await pessoa({ nome: 'Xênia Listada Bárbara' });
      await create({ responsavel_id: b.id });
      await create({ responsavel_id: a.id });
      const { rows } = await list('responsavel=xenia listada&per_page=5');
      expect(rows.map((r) => r.responsavel_id)).toEqual([a.id, b.id]);
      const [linha] = (await auditRows(t, { action: 'index', resource: 'atencao_primaria/familias' })).slice(-1);
      expect(linha).toMatchObject({ municipe_ids: [a.id, b.id], details: { filtros: ['responsavel'] } });
      expect(JSON.stringify(linha!.details)).not.toContain('xenia');
    });
  });

  describe('PUT', () => {
    it('replaces the member set: a member left out leaves (row removed) and may join another family; stale edit 409', async () => {
      const { f: x, filhos } = await familiaCom(2);
      const res = await put(x, { membros: [{ municipe_id: filhos[0]!.id, parentesco_id: 139 }], renda_familiar_id: 8 });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json<Familia>();
      expect(saved).toMatchObject({ lock_version: 1, renda_familiar_id: 8 });
      expect(saved.membros.map((m) => [m.municipe_id, m.parentesco_id])).toEqual([
        [x.responsavel_id, 1],
        [filhos[0]!.id, 139],
      ]);
      expect(await ativos(filhos[1]!.id)).toEqual([]);
      expect((await create({ responsavel_id: filhos[1]!.id })).responsavel_id).toBe(filhos[1]!.id);
      const stale = await put(x, { renda_familiar_id: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('edicao_desatualizada');
      expect(stale.json().message).toBe(msg.edicaoDesatualizada);
      const [linha] = await auditRows(t, { record_id: x.id, action: 'update' });
      expect(linha!.details).toEqual({ campos: ['renda_familiar_id', 'membros'], designado: false });
      // Who is a member now and who left with this save.
      expect(new Set(linha!.municipe_ids)).toEqual(new Set([x.responsavel_id, filhos[0]!.id, filhos[1]!.id]));
    });

    it('empties what the form emptied (null)', async () => {
      const { f: x } = await familiaCom(0, { numero_prontuario: `E${++prontuario}`, renda_familiar_id: 3 });
      const res = await put(x, { numero_prontuario: null, renda_familiar_id: null, reside_desde: null });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ numero_prontuario: null, renda_familiar_id: null, reside_desde: null });
    });

    it('changes the head: the new head becomes Responsável', async () => {
      const { f: x, filhos } = await familiaCom(1);
      const res = await put(x, {
        responsavel_id: filhos[0]!.id,
        membros: [{ municipe_id: x.responsavel_id, parentesco_id: 141 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Familia>().membros.map((m) => [m.municipe_id, m.parentesco_id])).toEqual([
        [filhos[0]!.id, 1],
        [x.responsavel_id, 141],
      ]);
    });

    it('refuses to add, in a PUT, a citizen of another family (409 on the member row)', async () => {
      const { f: x } = await familiaCom(0);
      const { filhos: deOutra } = await familiaCom(1);
      const res = await put(x, {
        membros: [
          { municipe_id: x.responsavel_id, parentesco_id: 1 },
          { municipe_id: deOutra[0]!.id, parentesco_id: 143 },
        ],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('conflito');
      expect(res.json().errors).toEqual({ 'membros.1.municipe_id': [msg.municipeEmOutraFamilia] });
    });

    it('moving away keeps the members as inactive history; they can join a new family; coming back needs them free', async () => {
      const { f: x, head, filhos } = await familiaCom(2);
      const moved = await put(x, { mudou: true });
      expect(moved.statusCode, moved.body).toBe(200);
      const m = moved.json<Familia>();
      expect(m.mudou).toBe(true);
      expect(Math.abs(Date.parse(m.mudou_em!) - Date.now())).toBeLessThan(60_000);
      expect(m.membros.map((y) => [y.municipe_id, y.ativo])).toEqual(
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
      expect((await addMembro(x.id, { municipe_id: (await pessoa()).id, parentesco_id: 138 })).json().message).toBe(
        msg.familiaMudou,
      );
      const removal = await delMembro(x.id, filhos[0]!.id);
      expect(removal.statusCode).toBe(409);
      expect(removal.json().message).toBe(msg.familiaMudou);
      // a member joins a new family
      const nova = await create({ responsavel_id: filhos[0]!.id });
      expect(await ativos(filhos[0]!.id)).toEqual(
        expect.arrayContaining([
          { familia_id: x.id, ativo: false },
          { familia_id: nova.id, ativo: true },
        ]),
      );
      // coming back: that member is now in another family
      const back = await put(m, { mudou: false });
      expect(back.statusCode).toBe(409);
      // The members come in the answer's order (the head, then by name): the error names that row.
      const linha = m.membros.findIndex((y) => y.municipe_id === filhos[0]!.id);
      expect(back.json()).toEqual({
        code: 'conflito',
        message: msg.municipeEmOutraFamilia,
        errors: { [`membros.${linha}.municipe_id`]: [msg.municipeEmOutraFamilia] },
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
      expect(ok.json<Familia>().membros.map((y) => y.ativo)).toEqual([true, true]);
      expect(await ativos(filhos[0]!.id)).toEqual([{ familia_id: nova.id, ativo: true }]);
    });
  });

  describe('members one at a time', () => {
    it('adds a member (200, audited, new version) and refuses the head kinship, a repeated member and a citizen of another family', async () => {
      const { f: x } = await familiaCom(0);
      const novo = await pessoa();
      const res = await addMembro(x.id, { municipe_id: novo.id, parentesco_id: 140 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Familia>()).toMatchObject({
        lock_version: 1,
        membros: [{ municipe_id: x.responsavel_id }, { municipe_id: novo.id, parentesco_id: 140, ativo: true }],
      });
      expect(await auditRows(t, { record_id: x.id, action: 'adicionar_membro' })).toMatchObject([
        { municipe_ids: [novo.id], details: { municipe_id: novo.id } },
      ]);
      const repeated = await addMembro(x.id, { municipe_id: novo.id, parentesco_id: 140 });
      expect(repeated.statusCode).toBe(422);
      expect(repeated.json().errors).toEqual({ municipe_id: [msg.membroRepetido] });
      const head = await addMembro(x.id, { municipe_id: (await pessoa()).id, parentesco_id: PARENTESCO_RESPONSAVEL });
      expect(head.json().errors).toEqual({ parentesco_id: [msg.somenteUmResponsavel] });
      const ghost = await addMembro(x.id, { municipe_id: UNKNOWN_ID, parentesco_id: 138 });
      expect(ghost.json().errors).toEqual({ municipe_id: [msg.naoEValido] });
      const { filhos } = await familiaCom(1);
      const other = await addMembro(x.id, { municipe_id: filhos[0]!.id, parentesco_id: 145 });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({
        code: 'conflito',
        message: msg.municipeEmOutraFamilia,
        errors: { municipe_id: [msg.municipeEmOutraFamilia] },
      });
    });

    it('removes a member (200, audited); the head cannot be removed (422); a non-member answers 404', async () => {
      const { f: x, filhos } = await familiaCom(1);
      const res = await delMembro(x.id, filhos[0]!.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Familia>().membros.map((m) => m.municipe_id)).toEqual([x.responsavel_id]);
      expect(await auditRows(t, { record_id: x.id, action: 'remover_membro' })).toMatchObject([
        { municipe_ids: [filhos[0]!.id] },
      ]);
      const head = await delMembro(x.id, x.responsavel_id);
      expect(head.statusCode).toBe(422);
      expect(head.json().errors).toEqual({ municipe_id: [msg.responsavelNaoRemovivel] });
      expect((await delMembro(x.id, filhos[0]!.id)).statusCode).toBe(404);
    });
  });

  describe('DELETE', () => {
    it('removes a linked family, unlinking it from the home (both audited with its members)', async () => {
      const casa = await f.domicilio({ unidade, equipe, profissional: acs }, { st_micro_area: '02', numero: '777' });
      const { f: x, head, filhos } = await familiaCom(1);
      const link = await t.app.inject({
        method: 'POST',
        url: `/api/v1/atencao_primaria/cadastros_domiciliares/${casa.id}/familias`,
        headers: acs.headers,
        payload: { familia_id: x.id },
      });
      expect(link.statusCode).toBe(200);
      expect((await get(x.id)).json()).toMatchObject({
        domicilio_id: casa.id,
        domicilio_endereco: 'Rua DAS ACÁCIAS, 777 - CENTRO',
        micro_area: '02',
      });
      const res = await del(x.id);
      expect(res.statusCode).toBe(204);
      expect((await get(x.id)).statusCode).toBe(404);
      const home = await t.app.inject({
        method: 'GET',
        url: `/api/v1/atencao_primaria/cadastros_domiciliares/${casa.id}`,
        headers: acs.headers,
      });
      expect(home.json<CadastroDomiciliar>().familias).toEqual([]);
      const membros = new Set([head.id, filhos[0]!.id]);
      const [destroy] = await auditRows(t, { record_id: x.id, action: 'destroy' });
      expect(destroy).toMatchObject({ details: { domicilio_id: casa.id } });
      expect(new Set(destroy!.municipe_ids)).toEqual(membros);
      const [unlink] = await auditRows(t, { record_id: casa.id, action: 'desvincular_familia' });
      expect(unlink).toMatchObject({ details: { familia_id: x.id } });
      expect(new Set(unlink!.municipe_ids)).toEqual(membros);
      expect(await ativos(head.id)).toEqual([]);
    });

    it('refuses a family with home visits (409 familiaComVisitas)', async () => {
      const { f: x } = await familiaCom(0);
      await f.visita({ unidade, equipe, profissional: acs }, { familia: { id: x.id, domicilio_id: null } });
      const res = await del(x.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('conflito');
      expect(res.json().message).toBe(msg.familiaComVisitas);
    });

    it('a citizen in a family (member or head, moved families included) cannot be deleted from the registry (409, never a 500)', async () => {
      const { head, filhos } = await familiaCom(1, { mudou: true });
      for (const m of [head, filhos[0]!]) {
        const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/municipes/${m.id}`, headers: gestor.headers });
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('conflito');
        expect(res.json().message).toBe(msg.municipeVinculado('uma família'));
      }
    });
  });
});
