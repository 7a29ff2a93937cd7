import { msg, type PerfilCodigo } from '@saude/shared';
import type {
  CadastroIndividual,
  CadastroIndividualInput,
  CadastroIndividualListItem,
  CandidatoCadastro,
} from '@saude/shared/schemas/cadastro_individual';
import type { Municipe } from '@saude/shared/schemas/municipe';
import { todayIso } from '@saude/shared/validation/dates';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditoria, cadastrosIndividuais, municipes, municipeSociodemograficas } from '../../../db/schema';
import {
  type Equipe,
  fixtures,
  type MunicipeRow,
  type Unidade,
  UNKNOWN_ID,
  type Usuario,
} from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';
import { municipePayload } from '../../../test/municipe-data';

// Individual registrations (issues 6, 12, 14) on typed fixtures: one unit with two teams, an ACS and a colleague of
// the first team, an ACS of the second, a coordinator (an assignment without a team) and the read-only profiles.
const url = '/api/v1/atencao_primaria/cadastros_individuais';
const OBITO = 135;
const MUDANCA = 136;

/** yyyy-MM-dd `years` years before today (São Paulo), the day after when `diaSeguinte`. */
function nascidoHa(years: number, diaSeguinte = false): string {
  const [y, m, d] = todayIso().split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y - years, m - 1, d + (diaSeguinte ? 1 : 0)));
  return dt.toISOString().slice(0, 10);
}

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let unidade: Unidade;
  let equipe: Equipe;
  let outraEquipe: Equipe;
  let acs: Usuario;
  let colega: Usuario;
  let acsOutra: Usuario;
  let gestor: Usuario;
  let medico: Usuario;

  const as = async (perfil: PerfilCodigo, time: Equipe | null = null) => f.usuario({ perfil, unidade, equipe: time });

  const payload = (m: MunicipeRow, over: Partial<CadastroIndividualInput> = {}): CadastroIndividualInput => ({
    municipe_id: m.id,
    cpf_numero: m.cpf_numero,
    codigo_cns: m.codigo_cns,
    nacionalidade_id: 1,
    // What e-SUS requires of the identity (issue 39).
    raca_cor_id: 1,
    nome_mae: 'MARIA DAS DORES',
    pai_desconhecido: true,
    municipio_nascimento_ibge: '5300108',
    micro_area: '01',
    ...over,
  });
  const post = (p: object, who: Usuario = acs) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload: p });
  const create = async (p: object, who: Usuario = acs): Promise<CadastroIndividual> => {
    const res = await post(p, who);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<CadastroIndividual>();
  };
  const errorsOf = async (p: object, who: Usuario = acs) => {
    const res = await post(p, who);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const get = (id: string, who: Usuario = acs) =>
    t.app.inject({ method: 'GET', url: `${url}/${id}`, headers: who.headers });
  const list = async (query: string, who: Usuario = acs) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json<CadastroIndividualListItem[]>(), total: Number(res.headers['x-total-count']) };
  };
  /** The registration as read, as a PUT body (what the form sends back). */
  const toUpdate = (c: CadastroIndividual, over: object = {}) => ({
    municipe_id: c.municipe_id,
    unidade_saude_id: c.unidade_saude_id,
    profissional_id: c.profissional_id,
    equipe_id: c.equipe_id,
    ocupacao_id: c.ocupacao_id,
    micro_area: c.micro_area,
    fora_area: c.fora_area,
    cpf_numero: c.cpf_numero,
    codigo_cns: c.codigo_cns,
    nacionalidade_id: c.nacionalidade_id,
    pais_nascimento_id: c.pais_nascimento_id,
    termo_recusa: c.termo_recusa,
    proprio_responsavel_familiar: c.proprio_responsavel_familiar,
    data_cadastro: c.data_cadastro,
    alimentos_acabaram_sem_dinheiro: c.alimentos_acabaram_sem_dinheiro,
    comeu_alguns_alimentos_sem_dinheiro: c.comeu_alguns_alimentos_sem_dinheiro,
    possui_deficiencia: c.possui_deficiencia,
    deficiencias: c.deficiencias,
    informa_orientacao_sexual: c.informa_orientacao_sexual,
    orientacao_sexual_id: c.orientacao_sexual_id,
    lock_version: c.lock_version,
    ...over,
  });
  const put = (c: CadastroIndividual, over: object = {}, who: Usuario = acs) =>
    t.app.inject({ method: 'PUT', url: `${url}/${c.id}`, headers: who.headers, payload: toUpdate(c, over) });
  const saida = (id: string, p: object, who: Usuario = acs) =>
    t.app.inject({ method: 'POST', url: `${url}/${id}/saida_cadastro`, headers: who.headers, payload: p });
  const candidatos = (q: string, who: Usuario = acs) =>
    t.app.inject({ method: 'GET', url: `${url}/municipes?q=${encodeURIComponent(q)}`, headers: who.headers });

  const rowOf = async (municipeId: string) =>
    t.db.select().from(cadastrosIndividuais).where(eq(cadastrosIndividuais.municipe_id, municipeId));
  const citizen = async (id: string) => (await t.db.select().from(municipes).where(eq(municipes.id, id)))[0]!;
  const socioDados = async (id: string) =>
    (await t.db.select().from(municipeSociodemograficas).where(eq(municipeSociodemograficas.municipe_id, id)))[0]
      ?.dados as Record<string, unknown> | undefined;
  /** The audit rows one user left on this module, oldest first. */
  const auditDe = (u: Usuario, action?: string) =>
    t.db
      .select()
      .from(auditoria)
      .where(
        and(
          eq(auditoria.profissional_id, u.id),
          eq(auditoria.resource, 'atencao_primaria/cadastros_individuais'),
          action ? eq(auditoria.action, action) : undefined,
        ),
      )
      .orderBy(asc(auditoria.id));

  beforeAll(async () => {
    ({ unidade, equipe } = await f.territorio());
    outraEquipe = await f.equipe(unidade, { micro_areas: ['04', '05'] });
    acs = await as('acs', equipe);
    colega = await as('acs', equipe);
    acsOutra = await as('acs', outraEquipe);
    gestor = await as('gestor');
    medico = await as('medico', equipe);
  });

  describe('POST and GET', () => {
    it('registers a resident with the professional, team and occupation of the session, and audits naming the citizen', async () => {
      const m = await f.municipe();
      const c = await create(payload(m, { alimentos_acabaram_sem_dinheiro: true, proprio_responsavel_familiar: true }));
      expect(c).toMatchObject({
        municipe_id: m.id,
        situacao: 'ativo',
        lock_version: 0,
        unidade_saude_id: unidade.id,
        unidade_saude_nome: unidade.nome,
        profissional_id: acs.id,
        profissional_nome: acs.nome,
        equipe_id: equipe.id,
        equipe_nome: equipe.nome,
        ocupacao_id: '515105',
        micro_area: '01',
        alimentos_acabaram_sem_dinheiro: true,
        proprio_responsavel_familiar: true,
        pais_nascimento_id: 31,
        saida_em: null,
        municipe: { id: m.id, nome: m.nome, cpf_numero: m.cpf_numero },
      });
      // data_cadastro defaults to now
      expect(Math.abs(Date.parse(c.data_cadastro) - Date.now())).toBeLessThan(60_000);
      const again = await get(c.id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(c);
      expect(await auditRows(t, { record_id: c.id })).toMatchObject([
        { action: 'create', resource: 'atencao_primaria/cadastros_individuais', municipe_ids: [m.id] },
        { action: 'show', resource: 'atencao_primaria/cadastros_individuais', municipe_ids: [m.id] },
      ]);
      expect(await auditRows(t, { record_id: m.id, resource: 'municipes', action: 'update' })).toMatchObject([
        { municipe_ids: [m.id] },
      ]);
    });

    it('answers the CNS and CPF messages word for word when both are absent', async () => {
      const m = await f.municipe();
      const errors = await errorsOf(payload(m, { cpf_numero: '', codigo_cns: null }));
      expect(errors.codigo_cns).toEqual(['é obrigatório, devido à ausência de preenchimento do campo de CPF']);
      expect(errors.cpf_numero).toEqual(['é obrigatório, devido à ausência de preenchimento do campo de CNS']);
    });

    it("refuses Brazil as a foreigner's country of birth with 'não pode ser Brasil' and asks for the entry date", async () => {
      const m = await f.municipe();
      const errors = await errorsOf(payload(m, { nacionalidade_id: 3, pais_nascimento_id: 31 }));
      expect(errors.pais_nascimento_id).toEqual([msg.paisNaoPodeSerBrasil]);
      expect(errors.data_entrada_brasil).toEqual([msg.obrigatorio]);
      const ok = await create(
        payload(m, { nacionalidade_id: 3, pais_nascimento_id: 131, data_entrada_brasil: '2010-05-02' }),
      );
      expect(ok).toMatchObject({ nacionalidade_id: 3, pais_nascimento_id: 131, data_entrada_brasil: '2010-05-02' });
    });

    it("asks a naturalized citizen for the naturalization date and decree; the nationality left blank is 'Não pode ficar em branco'", async () => {
      const m = await f.municipe();
      const errors = await errorsOf(payload(m, { nacionalidade_id: 2 }));
      expect(errors.data_naturalizacao).toEqual([msg.obrigatorio]);
      expect(errors.portaria_naturalizacao).toEqual([msg.obrigatorio]);
      expect((await errorsOf(payload(m, { nacionalidade_id: null }))).nacionalidade_id).toEqual([msg.obrigatorio]);
    });

    it('with termo_recusa asks only what e-SUS requires for a refusal', async () => {
      // The identity e-SUS requires travels with a refusal too (LEDI's refusal sample; issue 39).
      const id = {
        raca_cor_id: 1,
        mae_desconhecida: true,
        pai_desconhecido: true,
        nacionalidade_id: 1,
        municipio_nascimento_ibge: '5300108',
      };
      const m = await f.municipe();
      expect((await errorsOf({ municipe_id: m.id, termo_recusa: true, micro_area: '02' })).raca_cor_id).toEqual([
        msg.obrigatorio,
      ]);
      const c = await create({ municipe_id: m.id, termo_recusa: true, micro_area: '02', ...id });
      expect(c).toMatchObject({ termo_recusa: true, micro_area: '02', equipe_id: equipe.id, cpf_numero: m.cpf_numero });
      // the micro-area stays required (header), unless outside the area
      const m2 = await f.municipe();
      expect((await errorsOf({ municipe_id: m2.id, termo_recusa: true, ...id })).micro_area).toEqual([msg.obrigatorio]);
      expect(await create({ municipe_id: m2.id, termo_recusa: true, fora_area: true, ...id })).toMatchObject({
        fora_area: true,
        micro_area: null,
      });
    });

    it('refuses an occupation outside the e-SUS individual-form CBOs, a future date, a micro-area of another team', async () => {
      const m = await f.municipe();
      const future = new Date(Date.now() + 86_400_000).toISOString();
      const e1 = await errorsOf(payload(m, { ocupacao_id: '715505', data_cadastro: future }));
      expect(e1.ocupacao_id).toEqual([msg.naoEValido]);
      expect(e1.data_cadastro).toEqual([msg.dataFutura]);
      expect((await errorsOf(payload(m, { micro_area: '04' }))).micro_area).toEqual([msg.naoEValido]);
      const past = '2025-03-10T13:45:00.000Z';
      expect(await create(payload(m, { data_cadastro: past }))).toMatchObject({ data_cadastro: past });
    });

    it("answers 'Não pode ficar em branco' for a blank citizen and 'não é válido' for an unknown one", async () => {
      expect((await errorsOf({ ...payload(await f.municipe()), municipe_id: null })).municipe_id).toEqual([
        msg.obrigatorio,
      ]);
      expect((await errorsOf({ ...payload(await f.municipe()), municipe_id: UNKNOWN_ID })).municipe_id).toEqual([
        msg.naoEValido,
      ]);
    });

    it('refuses a NUL byte in a text field with 422 on the field', async () => {
      const m = await f.municipe();
      const res = await post(payload(m, { nacionalidade_id: 2, portaria_naturalizacao: 'P\u0000 12' }));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['portaria_naturalizacao']);
      expect(await rowOf(m.id)).toEqual([]);
    });

    it('keeps one active registration per citizen (409 conflito with its own message)', async () => {
      const m = await f.municipe();
      await create(payload(m));
      const again = await post(payload(m));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('conflito');
      expect(again.json().message).toBe(msg.cadastroIndividualAtivoExistente);
    });

    it('answers 404 Cadastro não encontrado for an unknown id', async () => {
      const res = await get(UNKNOWN_ID);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(msg.cadastroNaoEncontrado);
    });
  });

  describe('unanswered stays unanswered (issue 12)', () => {
    it('stores null, answers null and writes nothing into the citizen block for questions nobody answered', async () => {
      const m = await f.municipe();
      const c = await create(payload(m));
      expect(c).toMatchObject({
        alimentos_acabaram_sem_dinheiro: null,
        comeu_alguns_alimentos_sem_dinheiro: null,
        possui_deficiencia: null,
        deficiencias: [],
        informa_orientacao_sexual: null,
        orientacao_sexual_id: null,
      });
      const [row] = await rowOf(m.id);
      expect(row).toMatchObject({ alimentos_acabaram_sem_dinheiro: null, comeu_alguns_alimentos_sem_dinheiro: null });
      const dados = (await socioDados(m.id)) ?? {};
      expect(dados.possui_deficiencia ?? null).toBeNull();
      expect(dados.informa_orientacao_sexual ?? null).toBeNull();
      expect((await get(c.id)).json()).toMatchObject({
        alimentos_acabaram_sem_dinheiro: null,
        possui_deficiencia: null,
      });
    });

    it('null sent explicitly is unanswered too; an answered "Não" stays "Não", and can go back to unanswered', async () => {
      const m = await f.municipe();
      const c = await create(
        payload(m, {
          alimentos_acabaram_sem_dinheiro: false,
          comeu_alguns_alimentos_sem_dinheiro: null,
          possui_deficiencia: false,
          informa_orientacao_sexual: null,
        }),
      );
      expect(c).toMatchObject({
        alimentos_acabaram_sem_dinheiro: false,
        comeu_alguns_alimentos_sem_dinheiro: null,
        possui_deficiencia: false,
        informa_orientacao_sexual: null,
      });
      expect((await socioDados(m.id))?.possui_deficiencia).toBe(false);
      const res = await put(c, { alimentos_acabaram_sem_dinheiro: null, possui_deficiencia: null });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ alimentos_acabaram_sem_dinheiro: null, possui_deficiencia: null });
      expect((await rowOf(m.id))[0]!.alimentos_acabaram_sem_dinheiro).toBeNull();
      expect((await socioDados(m.id))?.possui_deficiencia ?? null).toBeNull();
    });
  });

  describe('citizens who cannot get a new registration (issue 12)', () => {
    it('refuses a deceased citizen (death date, or exit by death) on the citizen field, storing nothing', async () => {
      const morto = await f.municipe({ data_obito: '2024-05-01', motivo_saida_cadastro_id: OBITO });
      expect((await errorsOf(payload(morto))).municipe_id).toEqual([msg.municipeComObito]);
      const semData = await f.municipe({ motivo_saida_cadastro_id: OBITO });
      expect((await errorsOf(payload(semData))).municipe_id).toEqual([msg.municipeComObito]);
      const soData = await f.municipe({ data_obito: '2023-01-10' });
      expect((await errorsOf(payload(soData))).municipe_id).toEqual([msg.municipeComObito]);
      expect([...(await rowOf(morto.id)), ...(await rowOf(semData.id)), ...(await rowOf(soData.id))]).toEqual([]);
    });

    it('the picker lists the citizens found, saying who is deceased or already registered, and audits the page', async () => {
      const sobrenome = `Picker${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q')}`;
      const livre = await f.municipe({ nome: `Ana ${sobrenome}` });
      const morto = await f.municipe({ nome: `Bia ${sobrenome}`, data_obito: '2024-02-02' });
      const ativo = await f.municipe({ nome: `Cid ${sobrenome}` });
      const c = await create(payload(ativo, { micro_area: '04' }), acsOutra); // another team's: the picker says so too
      const saiu = await f.municipe({ nome: `Dui ${sobrenome}` });
      const s = await create(payload(saiu));
      expect((await saida(s.id, { motivo_saida_cadastro_id: MUDANCA })).statusCode).toBe(200);

      const res = await candidatos(sobrenome);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<CandidatoCadastro[]>();
      expect(rows.map((r) => [r.nome, r.impedimento, r.cadastro_id])).toEqual([
        [livre.nome, null, null],
        [morto.nome, 'obito', null],
        [ativo.nome, 'cadastro_ativo', null], // not in the user's scope: its id is not given
        [saiu.nome, null, null],
      ]);
      expect(rows[0]).toMatchObject({ id: livre.id, data_nascimento: livre.data_nascimento, sexo_id: 1 });
      expect(c.equipe_id).toBe(outraEquipe.id);
      const own = await f.municipe({ nome: `Eva ${sobrenome}` });
      const mine = await create(payload(own));
      const again = (await candidatos(`Eva ${sobrenome}`)).json<CandidatoCadastro[]>();
      expect(again).toMatchObject([{ id: own.id, impedimento: 'cadastro_ativo', cadastro_id: mine.id }]);

      const [first] = await auditDe(acs, 'index').then((r) =>
        r.filter((a) => (a.details as Record<string, unknown> | null)?.busca),
      );
      expect(first).toMatchObject({ municipe_ids: [livre.id, morto.id, ativo.id, saiu.id] });
      expect(JSON.stringify(first!.details)).not.toContain(sobrenome);
    });

    it("the picker asks for at least 3 letters ('deve conter pelo menos 3 caracteres'), not for a user who may not create", async () => {
      const res = await candidatos('ab');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ q: [msg.min(3)] });
      expect((await candidatos('Maria', medico)).statusCode).toBe(403);
    });

    it('a broad name is ranked among its first 1,001 matches only: "mais de 1.000" (issue 41)', async () => {
      await t.db.execute(sql`insert into municipes (id, nome, data_nascimento, sexo_id)
        select gen_random_uuid(), 'Zoraide Multidao ' || g, date '1980-01-01', 2 from generate_series(1, 1002) g`);
      const broad = await candidatos('multidao');
      expect(broad.statusCode).toBe(200);
      expect(broad.headers['x-total-count']).toBe('1000');
      expect(broad.headers['x-total-count-limitado']).toBe('true');
      const narrow = await candidatos('multidao 1002');
      expect(narrow.headers['x-total-count']).toBe('1');
      expect(narrow.headers['x-total-count-limitado']).toBeUndefined();
      await t.db.execute(sql`delete from municipes where nome like 'Zoraide Multidao %'`);
    });
  });

  describe("'Com quem a criança fica?' (children 0–9)", () => {
    it("writes it to a child's sociodemographic block and refuses it for an older citizen, also on edit", async () => {
      const crianca = await f.municipe({ data_nascimento: nascidoHa(4) });
      const c = await create(payload(crianca, { responsaveis_criancas: [1, 2] }));
      expect(c.responsaveis_criancas).toEqual([1, 2]);
      expect((await socioDados(crianca.id))?.responsaveis_criancas).toEqual([1, 2]);
      // Absent on a later save keeps the citizen's answer.
      expect((await put(c, { proprio_responsavel_familiar: true })).json()).toMatchObject({
        responsaveis_criancas: [1, 2],
      });
      const nove = await f.municipe({ data_nascimento: nascidoHa(10, true) }); // 9, turning 10 tomorrow
      expect((await create(payload(nove, { responsaveis_criancas: [3] }))).responsaveis_criancas).toEqual([3]);
      const dez = await f.municipe({ data_nascimento: nascidoHa(10) });
      expect((await errorsOf(payload(dez, { responsaveis_criancas: [1] }))).responsaveis_criancas).toEqual([
        msg.somenteCriancas,
      ]);
      const adulto = await f.municipe({ data_nascimento: '1980-01-01' });
      const a = await create(payload(adulto));
      const edit = await put(a, { responsaveis_criancas: [1] });
      expect(edit.statusCode).toBe(422);
      expect(edit.json().errors).toEqual({ responsaveis_criancas: [msg.somenteCriancas] });
    });
  });

  describe('the responsible professional comes from the session (issue 14)', () => {
    it("refuses a team member's colleague as professional with 422 and stores nothing, on create and on update", async () => {
      const m = await f.municipe();
      const e = await errorsOf(payload(m, { profissional_id: colega.id }));
      expect(e).toEqual({ profissional_id: [msg.naoEValido] });
      expect(await rowOf(m.id)).toEqual([]);
      expect((await citizen(m.id)).profissional_id).toBeNull();

      const c = await create(payload(m));
      const res = await put(c, { profissional_id: colega.id, micro_area: '02' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ profissional_id: [msg.naoEValido] });
      expect((await get(c.id)).json()).toMatchObject({ profissional_id: acs.id, micro_area: '01', lock_version: 0 });
    });

    it("a colleague's edit keeps the registration's professional (the stored one, not the editor)", async () => {
      const m = await f.municipe();
      const c = await create(payload(m));
      const res = await put(c, { micro_area: '03' }, colega);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ profissional_id: acs.id, equipe_id: equipe.id, micro_area: '03' });
    });

    it('a coordinator must name the professional; their designation is stored and audited', async () => {
      const m = await f.municipe();
      expect((await errorsOf(payload(m), gestor)).profissional_id).toEqual([msg.obrigatorio]);
      const c = await create(payload(m, { profissional_id: acs.id }), gestor);
      expect(c).toMatchObject({ profissional_id: acs.id, equipe_id: equipe.id, ocupacao_id: '515105' });
      expect(await auditRows(t, { record_id: c.id, action: 'create' })).toMatchObject([
        { profissional_id: gestor.id, details: { designado: true }, municipe_ids: [m.id] },
      ]);
      const res = await put(c, { profissional_id: colega.id }, gestor);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ profissional_id: colega.id });
      expect(await auditRows(t, { record_id: c.id, action: 'update' })).toMatchObject([
        { details: { designado: true, campos: ['profissional_id'] }, municipe_ids: [m.id] },
      ]);
      expect((await citizen(m.id)).profissional_id).toBe(colega.id);
    });
  });

  describe('team scope and profiles (issue 14)', () => {
    it("another team's registration answers 404 on every route and is not listed; the coordinator sees it", async () => {
      const m = await f.municipe();
      const c = await create(payload(m, { micro_area: '04' }), acsOutra);
      expect(c.equipe_id).toBe(outraEquipe.id);
      const seen = await get(c.id);
      expect(seen.statusCode).toBe(404);
      expect(seen.json().message).toBe(msg.cadastroNaoEncontrado);
      expect((await put(c, { micro_area: '05' })).statusCode).toBe(404);
      expect((await saida(c.id, { motivo_saida_cadastro_id: MUDANCA })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `${url}/${c.id}`, headers: acs.headers })).statusCode).toBe(
        404,
      );
      expect((await get(c.id, medico)).statusCode).toBe(404);
      expect((await list(`nome=${encodeURIComponent(m.nome)}`)).total).toBe(0);
      expect((await get(c.id)).statusCode).toBe(404);
      expect((await get(c.id, gestor)).statusCode).toBe(200);
      expect((await list(`nome=${encodeURIComponent(m.nome)}`, gestor)).rows.map((r) => r.id)).toEqual([c.id]);
      // nothing changed
      expect((await get(c.id, acsOutra)).json()).toMatchObject({
        lock_version: 0,
        situacao: 'ativo',
        micro_area: '04',
      });
    });

    it("a coordinator of another unit does not see this unit's registrations (404)", async () => {
      const m = await f.municipe();
      const c = await create(payload(m));
      const outra = await f.unidade();
      const gestorDeOutra = await f.usuario({ perfil: 'gestor', unidade: outra });
      expect((await get(c.id, gestorDeOutra)).statusCode).toBe(404);
      expect((await list(`nome=${encodeURIComponent(m.nome)}`, gestorDeOutra)).total).toBe(0);
    });

    it('an ACS cannot register into another team (422 on equipe_id)', async () => {
      const m = await f.municipe();
      expect((await errorsOf(payload(m, { equipe_id: outraEquipe.id, micro_area: '04' }))).equipe_id).toEqual([
        msg.naoEValido,
      ]);
    });

    it('profiles without the permission get 403 on every route; read-only profiles on every write', async () => {
      const m = await f.municipe();
      const c = await create(payload(m));
      const routes = (who: Usuario) => ({
        index: () => t.app.inject({ method: 'GET', url, headers: who.headers }),
        show: () => get(c.id, who),
        municipes: () => candidatos('Maria', who),
        create: () => post(payload(m), who),
        update: () => put(c, {}, who),
        saida_cadastro: () => saida(c.id, { motivo_saida_cadastro_id: MUDANCA }, who),
        destroy: () => t.app.inject({ method: 'DELETE', url: `${url}/${c.id}`, headers: who.headers }),
      });
      for (const perfil of ['recepcao', 'ace', 'vigilancia'] as const) {
        const who = await as(perfil, perfil === 'ace' ? equipe : null);
        for (const [name, call] of Object.entries(routes(who)))
          expect([perfil, name, (await call()).statusCode]).toEqual([perfil, name, 403]);
      }
      for (const perfil of ['medico', 'enfermagem'] as const) {
        const who = await as(perfil, equipe);
        const r = routes(who);
        expect((await r.index()).statusCode).toBe(200);
        expect((await r.show()).statusCode).toBe(200);
        for (const name of ['municipes', 'create', 'update', 'saida_cadastro', 'destroy'] as const)
          expect([perfil, name, (await r[name]()).statusCode]).toEqual([perfil, name, 403]);
      }
      expect((await get(c.id)).json()).toMatchObject({ lock_version: 0, situacao: 'ativo' });
    });
  });

  describe('reads are audited with their citizens (issue 14)', () => {
    it('a list page leaves one row naming its citizens and the filters used (never their values)', async () => {
      const leitor = await as('acs', equipe);
      const sobrenome = `Lista${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'k')}`;
      const a = await f.municipe({ nome: `Ana ${sobrenome}` });
      const b = await f.municipe({ nome: `Bento ${sobrenome}` });
      await create(payload(a));
      await create(payload(b, { micro_area: '02' }));
      const page = await list(`nome=${sobrenome}&micro_area=02`, leitor);
      expect(page.rows.map((r) => r.municipe_id)).toEqual([b.id]);
      await list(`nome=${sobrenome}`, leitor);
      await list(`nome=Ninguem${sobrenome}`, leitor); // nobody shown: nothing to audit
      const rows = await auditDe(leitor, 'index');
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ municipe_ids: [b.id], details: { filtros: ['micro_area', 'nome', 'situacao'] } });
      expect(rows[1]).toMatchObject({ municipe_ids: [a.id, b.id] });
      expect(JSON.stringify(rows)).not.toContain(sobrenome);
    });

    it("the detail leaves one row naming the citizen, and carries the links' family and household", async () => {
      const m = await f.municipe();
      const c = await create(payload(m));
      const leitor = await as('enfermagem', equipe);
      expect((await get(c.id, leitor)).json()).toMatchObject({ familia_id: null, domicilio_id: null });
      const header = { unidade, equipe, profissional: acs };
      const dom = await f.domicilio(header);
      const fam = await f.familia(header, { membros: [m], domicilio: dom });
      expect((await get(c.id, leitor)).json()).toMatchObject({ familia_id: fam.id, domicilio_id: dom.id });
      const rows = await auditDe(leitor, 'show');
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({ record_id: c.id, municipe_ids: [m.id] });
    });
  });

  describe('one truth with the citizen', () => {
    it('writes through to the citizen and reads the citizen back', async () => {
      const m = await f.municipe();
      const c = await create(payload(m));
      const cpfNovo = municipePayload().cpf_numero!;
      const changes = {
        micro_area: '02',
        cpf_numero: cpfNovo,
        possui_deficiencia: true,
        deficiencias: [12],
        informa_orientacao_sexual: true,
        orientacao_sexual_id: 148,
      };
      const res = await put(c, changes);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ lock_version: 1, ...changes });
      expect(await citizen(m.id)).toMatchObject({
        micro_area: '02',
        cpf_numero: cpfNovo,
        equipe_id: equipe.id,
        profissional_id: acs.id,
        ocupacao_id: '515105',
        nacionalidade_id: 1,
      });
      expect(await socioDados(m.id)).toMatchObject({
        possui_deficiencia: true,
        deficiencias: [12],
        informa_orientacao_sexual: true,
        orientacao_sexual_id: 148,
      });
      // and the other way round: a change in the citizen registry shows in the registration
      const cidadao = (
        await t.app.inject({ method: 'GET', url: `/api/v1/municipes/${m.id}`, headers: gestor.headers })
      ).json<Municipe>();
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/municipes/${m.id}`,
        headers: gestor.headers,
        payload: { ...municipePayload(), ...stripDisplay(cidadao), micro_area: '03' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await get(c.id)).json()).toMatchObject({ micro_area: '03', lock_version: 1 });
    });

    it('answers 409 to a stale edit', async () => {
      const m = await f.municipe();
      const c = await create(payload(m));
      expect((await put(c, { proprio_responsavel_familiar: true })).statusCode).toBe(200);
      const stale = await put(c, { comeu_alguns_alimentos_sem_dinheiro: true });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('edicao_desatualizada');
      expect(stale.json().message).toBe(msg.edicaoDesatualizada);
      const rows = await auditRows(t, { record_id: c.id, action: 'update' });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ details: { campos: ['proprio_responsavel_familiar'] }, municipe_ids: [m.id] });
    });
  });

  describe('exit from the register', () => {
    it("refuses a death without date and DO number with 'Não pode ficar em branco', or dated before birth", async () => {
      const m = await f.municipe({ data_nascimento: '1990-04-10' });
      const c = await create(payload(m));
      const semDo = await saida(c.id, { motivo_saida_cadastro_id: OBITO, data_obito: '2024-01-01' });
      expect(semDo.statusCode).toBe(422);
      expect(semDo.json().errors).toEqual({ numero_do: [msg.obrigatorio] });
      const nada = await saida(c.id, { motivo_saida_cadastro_id: OBITO, data_obito: null, numero_do: '' });
      expect(nada.json().errors).toEqual({ data_obito: [msg.obrigatorio], numero_do: [msg.obrigatorio] });
      const antes = await saida(c.id, { motivo_saida_cadastro_id: OBITO, data_obito: '1990-04-09', numero_do: '123' });
      expect(antes.statusCode).toBe(422);
      expect(antes.json().errors).toEqual({ data_obito: [msg.maiorOuIgualQue('10/04/1990')] });
      expect((await saida(c.id, {})).json().errors).toEqual({ motivo_saida_cadastro_id: [msg.obrigatorio] });
      expect((await get(c.id)).json()).toMatchObject({ situacao: 'ativo', lock_version: 0 });
    });

    it('a death date after today (São Paulo) cannot be after today, not a wrong format', async () => {
      const m = await f.municipe();
      const c = await create(payload(m));
      const [y, mo, d] = todayIso().split('-').map(Number) as [number, number, number];
      const amanha = new Date(Date.UTC(y, mo - 1, d + 1)).toISOString().slice(0, 10);
      const res = await saida(c.id, { motivo_saida_cadastro_id: OBITO, data_obito: amanha, numero_do: '123' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ data_obito: [msg.dataFutura] });
      const hoje = await saida(c.id, { motivo_saida_cadastro_id: OBITO, data_obito: todayIso(), numero_do: '123' });
      expect(hoje.statusCode, hoje.body).toBe(200);
    });

    it('records a death: read-only afterwards, leaves the active list, shows on the citizen, audited; no new registration', async () => {
      const m = await f.municipe({ data_nascimento: '1950-01-01' });
      const c = await create(payload(m));
      const res = await saida(c.id, {
        motivo_saida_cadastro_id: OBITO,
        data_obito: '2024-06-01',
        numero_do: '12345678',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        situacao: 'saida',
        motivo_saida_cadastro_id: OBITO,
        data_obito: '2024-06-01',
        numero_do: '12345678',
        lock_version: 1,
      });
      const edit = await put(res.json<CadastroIndividual>());
      expect(edit.statusCode).toBe(409);
      expect(edit.json().code).toBe('conflito');
      expect(edit.json().message).toBe(msg.cadastroComSaida);
      expect((await saida(c.id, { motivo_saida_cadastro_id: MUDANCA })).statusCode).toBe(409);
      expect((await list(`nome=${encodeURIComponent(m.nome)}`)).total).toBe(0);
      expect((await list(`nome=${encodeURIComponent(m.nome)}&situacao=saida`)).rows).toMatchObject([
        { id: c.id, situacao: 'saida', motivo_saida_cadastro_id: OBITO },
      ]);
      expect(await citizen(m.id)).toMatchObject({
        motivo_saida_cadastro_id: OBITO,
        data_obito: '2024-06-01',
        numero_do: '12345678',
      });
      expect(await auditRows(t, { record_id: c.id, action: 'saida_cadastro' })).toMatchObject([
        { municipe_ids: [m.id] },
      ]);
      const del = await t.app.inject({ method: 'DELETE', url: `${url}/${c.id}`, headers: acs.headers });
      expect(del.statusCode).toBe(409);
      expect(del.json().code).toBe('conflito');
      expect(del.json().message).toBe(msg.cadastroComSaidaNaoRemove);
      // a deceased citizen gets no new registration
      expect((await errorsOf(payload(m))).municipe_id).toEqual([msg.municipeComObito]);
    });

    it('a territory change needs no death data, clears it, and the citizen may be registered again', async () => {
      const m = await f.municipe();
      const c = await create(payload(m));
      const res = await saida(c.id, { motivo_saida_cadastro_id: MUDANCA, data_obito: '2024-06-01', numero_do: '1' });
      expect(res.json()).toMatchObject({
        situacao: 'saida',
        motivo_saida_cadastro_id: MUDANCA,
        data_obito: null,
        numero_do: null,
      });
      expect((await create(payload(m))).situacao).toBe('ativo');
    });
  });

  describe('DELETE', () => {
    it('removes an active registration and audits; the citizen with a registration cannot be removed', async () => {
      const m = await f.municipe();
      const c = await create(payload(m));
      const blocked = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/municipes/${m.id}`,
        headers: gestor.headers,
      });
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().code).toBe('conflito');
      expect(blocked.json().message).toBe(msg.municipeVinculado('um cadastro individual'));
      const del = await t.app.inject({ method: 'DELETE', url: `${url}/${c.id}`, headers: acs.headers });
      expect(del.statusCode).toBe(204);
      expect((await get(c.id)).statusCode).toBe(404);
      expect(await auditRows(t, { record_id: c.id, action: 'destroy' })).toMatchObject([{ municipe_ids: [m.id] }]);
    });
  });
});

/** The citizen as read, as a PUT body of the citizen registry. */
function stripDisplay(m: Municipe) {
  const {
    id: _i,
    created_at: _c,
    updated_at: _u,
    idade: _a,
    unidade_referencia_nome: _ur,
    equipe_nome: _e,
    profissional_nome: _p,
    residencia_municipio_nome: _r,
    municipio_nascimento_nome: _n,
    prontuarios,
    ...rest
  } = m;
  return {
    ...rest,
    prontuarios: prontuarios.map((p) => ({ id: p.id, numero: p.numero, unidade_saude_id: p.unidade_saude_id })),
  };
}
