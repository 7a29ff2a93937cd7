import { msg } from '@saude/shared';
import type {
  CadastroIndividual,
  CadastroIndividualInput,
  CadastroIndividualListItem,
} from '@saude/shared/schemas/cadastro_individual';
import type { Municipe } from '@saude/shared/schemas/municipe';
import { isoToBr, todayIso } from '@saude/shared/validation/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipes, unidadesSaude } from '../../../db/schema';
import { findProfissional } from '../../../db/seed/demo';
import { auditRows, buildTestApp, signIn, type TestApp } from '../../../test/helpers';
import { municipePayload } from '../../municipes/test-data';

const url = '/api/v1/atencao_primaria/cadastros_individuais';
type Headers = { authorization: string };

describe(url, () => {
  let t: TestApp;
  let acs: Headers;
  let admin: Headers;
  let medico: Headers;
  let centroId: string;
  let centro1: string;
  let centro2: string;
  let acsId: string;

  /** A fresh citizen of the registry (no team yet). */
  const newMunicipe = async (over: object = {}): Promise<Municipe> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/municipes',
      headers: admin,
      payload: { confirmar_duplicados: true, ...municipePayload(over) },
    });
    if (res.statusCode !== 201) throw new Error(`citizen: ${res.statusCode} ${res.body}`);
    return res.json<Municipe>();
  };
  const payload = (m: Municipe, over: Partial<CadastroIndividualInput> = {}): CadastroIndividualInput => ({
    municipe_id: m.id,
    cpf_numero: m.cpf_numero,
    codigo_cns: m.codigo_cns,
    nacionalidade_id: 1,
    micro_area: '01',
    ...over,
  });
  const post = (p: object, headers = acs) => t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (p: object, headers = acs): Promise<CadastroIndividual> => {
    const res = await post(p, headers);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<CadastroIndividual>();
  };
  const errorsOf = async (p: object, headers = acs) => {
    const res = await post(p, headers);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const get = (id: string, headers = acs) => t.app.inject({ method: 'GET', url: `${url}/${id}`, headers });
  const list = async (query: string, headers = acs) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json<CadastroIndividualListItem[]>(), total: Number(res.headers['x-total-count']) };
  };
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
  const put = (c: CadastroIndividual, over: object = {}, headers = acs) =>
    t.app.inject({ method: 'PUT', url: `${url}/${c.id}`, headers, payload: toUpdate(c, over) });

  beforeAll(async () => {
    t = await buildTestApp({}, { demo: true });
    acs = await signIn(t, 'acs', 'UBS Centro');
    admin = await signIn(t, 'admin', 'UBS Centro');
    medico = await signIn(t, 'medico');
    centroId = (await t.db.select().from(unidadesSaude)).find((u) => u.nome === 'UBS Centro')!.id;
    const teams = await t.db.select().from(equipes);
    centro1 = teams.find((e) => e.nome === 'ESF Centro 1')!.id;
    centro2 = teams.find((e) => e.nome === 'ESF Centro 2')!.id;
    acsId = (await findProfissional(t.db, 'acs'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST and GET', () => {
    it('registers a resident, filling the professional, team and occupation from the ACS team assignment, and audits', async () => {
      const m = await newMunicipe();
      const c = await create(payload(m, { alimentos_acabaram_sem_dinheiro: true, proprio_responsavel_familiar: true }));
      expect(c).toMatchObject({
        municipe_id: m.id,
        situacao: 'ativo',
        lock_version: 0,
        unidade_saude_id: centroId,
        unidade_saude_nome: 'UBS Centro',
        profissional_id: acsId,
        equipe_id: centro1,
        equipe_nome: 'ESF Centro 1',
        ocupacao_id: '515105',
        micro_area: '01',
        alimentos_acabaram_sem_dinheiro: true,
        comeu_alguns_alimentos_sem_dinheiro: false,
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
        { action: 'create', resource: 'atencao_primaria/cadastros_individuais' },
        { action: 'leitura', resource: 'atencao_primaria/cadastros_individuais' },
      ]);
      expect(await auditRows(t, { record_id: m.id, resource: 'municipes', action: 'update' })).toHaveLength(1);
    });

    it('answers the CNS and CPF messages word for word when both are absent', async () => {
      const m = await newMunicipe();
      const errors = await errorsOf(payload(m, { cpf_numero: '', codigo_cns: null }));
      expect(errors.codigo_cns).toEqual(['é obrigatório, devido à ausência de preenchimento do campo de CPF']);
      expect(errors.cpf_numero).toEqual(['é obrigatório, devido à ausência de preenchimento do campo de CNS']);
    });

    it("refuses Brazil as a foreigner's country of birth with 'não pode ser Brasil' and asks for the entry date", async () => {
      const m = await newMunicipe();
      const errors = await errorsOf(payload(m, { nacionalidade_id: 3, pais_nascimento_id: 31 }));
      expect(errors.pais_nascimento_id).toEqual([msg.paisNaoPodeSerBrasil]);
      expect(errors.data_entrada_brasil).toEqual([msg.obrigatorio]);
      const ok = await create(
        payload(m, { nacionalidade_id: 3, pais_nascimento_id: 131, data_entrada_brasil: '2010-05-02' }),
      );
      expect(ok).toMatchObject({ nacionalidade_id: 3, pais_nascimento_id: 131, data_entrada_brasil: '2010-05-02' });
    });

    it('asks a naturalized citizen for the naturalization date and decree', async () => {
      const m = await newMunicipe();
      const errors = await errorsOf(payload(m, { nacionalidade_id: 2 }));
      expect(errors.data_naturalizacao).toEqual([msg.obrigatorio]);
      expect(errors.portaria_naturalizacao).toEqual([msg.obrigatorio]);
    });

    it('with termo_recusa asks only what e-SUS requires for a refusal', async () => {
      const m = await newMunicipe();
      const c = await create({ municipe_id: m.id, termo_recusa: true, micro_area: '02' });
      expect(c).toMatchObject({ termo_recusa: true, micro_area: '02', equipe_id: centro1, cpf_numero: m.cpf_numero });
      // the micro-area stays required (header), unless outside the area
      const m2 = await newMunicipe();
      expect((await errorsOf({ municipe_id: m2.id, termo_recusa: true })).micro_area).toEqual([msg.obrigatorio]);
      expect(await create({ municipe_id: m2.id, termo_recusa: true, fora_area: true })).toMatchObject({
        fora_area: true,
        micro_area: null,
      });
    });

    it('refuses an occupation outside the e-SUS individual-form CBOs, a future date, a micro-area of another team', async () => {
      const m = await newMunicipe();
      const future = new Date(Date.now() + 86_400_000).toISOString();
      const e1 = await errorsOf(payload(m, { ocupacao_id: '715505', data_cadastro: future }));
      expect(e1.ocupacao_id).toEqual([msg.naoEValido]);
      expect(e1.data_cadastro).toEqual([msg.menorOuIgualQue(isoToBr(todayIso())!)]);
      expect((await errorsOf(payload(m, { micro_area: '04' }))).micro_area).toEqual([msg.naoEValido]);
      const past = '2025-03-10T13:45:00.000Z';
      expect(await create(payload(m, { data_cadastro: past }))).toMatchObject({ data_cadastro: past });
    });

    it('asks a user without a team to pick the professional; 422 for an unknown citizen', async () => {
      const m = await newMunicipe();
      const errors = await errorsOf(payload(m), admin);
      expect(errors.profissional_id).toEqual([msg.obrigatorio]);
      expect((await errorsOf(payload(m, { municipe_id: '0190a0b0-0000-7000-8000-000000000000' }))).municipe_id).toEqual(
        [msg.naoEValido],
      );
    });

    it('keeps one active registration per citizen (409)', async () => {
      const m = await newMunicipe();
      await create(payload(m));
      const again = await post(payload(m));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('conflito');
      expect(again.json().message).toBe(msg.cadastroIndividualAtivoExistente);
    });

    it('answers 404 Cadastro não encontrado for an unknown id', async () => {
      const res = await get('0190a0b0-0000-7000-8000-000000000000');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(msg.cadastroNaoEncontrado);
    });
  });

  describe('team scope', () => {
    it('an ACS of ESF Centro 1 neither sees nor edits a registration of ESF Centro 2 (404); the manager sees all', async () => {
      const m = await newMunicipe();
      const c = await create(
        payload(m, { profissional_id: acsId, equipe_id: centro2, ocupacao_id: '515105', micro_area: '04' }),
        admin,
      );
      expect(c.equipe_id).toBe(centro2);
      const seen = await get(c.id);
      expect(seen.statusCode).toBe(404);
      expect(seen.json().message).toBe(msg.cadastroNaoEncontrado);
      expect((await put(c, { micro_area: '05' })).statusCode).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `${url}/${c.id}/saida_cadastro`,
            headers: acs,
            payload: { motivo_saida_cadastro_id: 136 },
          })
        ).statusCode,
      ).toBe(404);
      expect((await list(`nome=${encodeURIComponent(m.nome)}`)).total).toBe(0);
      expect((await get(c.id, admin)).statusCode).toBe(200);
      expect((await list(`nome=${encodeURIComponent(m.nome)}`, admin)).rows.map((r) => r.id)).toEqual([c.id]);
      // a physician of ESF Centro 1 is team-scoped too (read permission only)
      expect((await get(c.id, medico)).statusCode).toBe(404);
    });

    it('an ACS cannot register into another team (422 on equipe_id)', async () => {
      const m = await newMunicipe();
      expect((await errorsOf(payload(m, { equipe_id: centro2, micro_area: '04' }))).equipe_id).toEqual([
        msg.naoEValido,
      ]);
    });
  });

  describe('list', () => {
    it('filters by name, CPF/CNS, team, micro-area and registration date, with X-Total-Count', async () => {
      const m = await newMunicipe();
      const c = await create(payload(m, { micro_area: '03', data_cadastro: '2025-02-15T12:00:00.000Z' }));
      const byName = await list(`nome=${encodeURIComponent(m.nome.toUpperCase())}`);
      expect(byName).toMatchObject({
        total: 1,
        rows: [{ id: c.id, nome: m.nome, equipe_nome: 'ESF Centro 1', micro_area: '03', situacao: 'ativo' }],
      });
      expect((await list(`q=${m.cpf_numero!.slice(0, 9)}`)).rows.map((r) => r.id)).toContain(c.id);
      expect((await list(`q=${m.codigo_cns}`)).rows.map((r) => r.id)).toEqual([c.id]);
      expect((await list(`nome=${encodeURIComponent(m.nome)}&equipe_id=${centro2}`)).total).toBe(0);
      expect(
        (
          await list(
            `nome=${encodeURIComponent(m.nome)}&micro_area=03&data_cadastro_inicio=2025-02-15&data_cadastro_fim=2025-02-15`,
          )
        ).total,
      ).toBe(1);
      expect((await list(`nome=${encodeURIComponent(m.nome)}&data_cadastro_inicio=2025-02-16`)).total).toBe(0);
      const page = await list('per_page=5&page=1');
      expect(page.rows).toHaveLength(5);
      expect(page.total).toBeGreaterThan(5);
    });

    it('shows the demo registrations of the ACS team only', async () => {
      const { rows, total } = await list('per_page=100');
      expect(total).toBeGreaterThan(10);
      expect(new Set(rows.map((r) => r.equipe_id))).toEqual(new Set([centro1]));
      const all = await list('per_page=100', admin);
      expect(all.total).toBeGreaterThan(total);
      expect((await list('situacao=saida', admin)).total).toBeGreaterThan(0);
    });
  });

  describe('one truth with the citizen', () => {
    it('writes through to the citizen and reads the citizen back', async () => {
      const m = await newMunicipe();
      const c = await create(payload(m));
      const cpfNovo = municipePayload().cpf_numero!;
      const res = await put(c, {
        micro_area: '02',
        cpf_numero: cpfNovo,
        possui_deficiencia: true,
        deficiencias: [12],
        informa_orientacao_sexual: true,
        orientacao_sexual_id: 148,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        lock_version: 1,
        micro_area: '02',
        cpf_numero: cpfNovo,
        deficiencias: [12],
        orientacao_sexual_id: 148,
      });
      const cidadao = (
        await t.app.inject({ method: 'GET', url: `/api/v1/municipes/${m.id}`, headers: admin })
      ).json<Municipe>();
      expect(cidadao).toMatchObject({
        micro_area: '02',
        cpf_numero: cpfNovo,
        equipe_id: centro1,
        profissional_id: acsId,
        ocupacao_id: '515105',
        nacionalidade_id: 1,
      });
      const socio = (
        await t.app.inject({ method: 'GET', url: `/api/v1/municipes/${m.id}/sociodemografica`, headers: admin })
      ).json();
      expect(socio).toMatchObject({
        possui_deficiencia: true,
        deficiencias: [12],
        informa_orientacao_sexual: true,
        orientacao_sexual_id: 148,
      });
      // and the other way round: a change in the citizen registry shows in the registration
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/municipes/${m.id}`,
        headers: admin,
        payload: { ...municipePayload(), ...stripDisplay(cidadao), micro_area: '03' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await get(c.id)).json()).toMatchObject({ micro_area: '03', lock_version: 1 });
    });

    it("writes 'Com quem a criança fica?' to a child's sociodemographic block and refuses it for an adult", async () => {
      const quatroAnos = new Date(Date.now() - 4 * 365.25 * 86_400_000).toISOString().slice(0, 10);
      const crianca = await newMunicipe({ data_nascimento: quatroAnos });
      const c = await create(payload(crianca, { responsaveis_criancas: [1, 2] }));
      expect(c.responsaveis_criancas).toEqual([1, 2]);
      const socio = (
        await t.app.inject({ method: 'GET', url: `/api/v1/municipes/${crianca.id}/sociodemografica`, headers: admin })
      ).json();
      expect(socio).toMatchObject({ responsaveis_criancas: [1, 2] });
      // Absent on a later save keeps the citizen's answer.
      expect((await put(c, { proprio_responsavel_familiar: true })).json()).toMatchObject({
        responsaveis_criancas: [1, 2],
      });
      const adulto = await newMunicipe();
      expect((await errorsOf(payload(adulto, { responsaveis_criancas: [1] }))).responsaveis_criancas).toEqual([
        msg.somenteCriancas,
      ]);
    });

    it('answers 409 to a stale edit', async () => {
      const m = await newMunicipe();
      const c = await create(payload(m));
      expect((await put(c, { proprio_responsavel_familiar: true })).statusCode).toBe(200);
      const stale = await put(c, { comeu_alguns_alimentos_sem_dinheiro: true });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('edicao_desatualizada');
      expect(stale.json().message).toBe(msg.edicaoDesatualizada);
      const rows = await auditRows(t, { record_id: c.id, action: 'update' });
      expect(rows).toHaveLength(1);
      expect(rows[0]!.details).toEqual({ campos: ['proprio_responsavel_familiar'] });
    });
  });

  describe('exit from the register', () => {
    const saida = (id: string, p: object, headers = acs) =>
      t.app.inject({ method: 'POST', url: `${url}/${id}/saida_cadastro`, headers, payload: p });

    it('refuses a death without data_obito and numero_do, or dated before birth', async () => {
      const m = await newMunicipe({ data_nascimento: '1990-04-10' });
      const c = await create(payload(m));
      const semDo = await saida(c.id, { motivo_saida_cadastro_id: 135, data_obito: '2024-01-01' });
      expect(semDo.statusCode).toBe(422);
      expect(semDo.json().errors).toEqual({ numero_do: [msg.obrigatorio] });
      const nada = await saida(c.id, { motivo_saida_cadastro_id: 135 });
      expect(nada.json().errors).toEqual({ data_obito: [msg.obrigatorio], numero_do: [msg.obrigatorio] });
      const antes = await saida(c.id, { motivo_saida_cadastro_id: 135, data_obito: '1990-04-09', numero_do: '123' });
      expect(antes.statusCode).toBe(422);
      expect(antes.json().errors).toEqual({ data_obito: [msg.maiorOuIgualQue('10/04/1990')] });
      const amanha = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      expect(
        (await saida(c.id, { motivo_saida_cadastro_id: 135, data_obito: amanha, numero_do: '123' })).statusCode,
      ).toBe(422);
      expect((await saida(c.id, {})).json().errors).toEqual({ motivo_saida_cadastro_id: [msg.obrigatorio] });
    });

    it('records a death: read-only afterwards, leaves the active list, shows on the citizen, audited', async () => {
      const m = await newMunicipe({ data_nascimento: '1950-01-01' });
      const c = await create(payload(m));
      const res = await saida(c.id, { motivo_saida_cadastro_id: 135, data_obito: '2024-06-01', numero_do: '12345678' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        situacao: 'saida',
        motivo_saida_cadastro_id: 135,
        data_obito: '2024-06-01',
        numero_do: '12345678',
        lock_version: 1,
      });
      const edit = await put(res.json<CadastroIndividual>());
      expect(edit.statusCode).toBe(409);
      expect(edit.json().code).toBe('conflito');
      expect(edit.json().message).toBe(msg.cadastroComSaida);
      expect((await saida(c.id, { motivo_saida_cadastro_id: 136 })).statusCode).toBe(409);
      expect((await list(`nome=${encodeURIComponent(m.nome)}`)).total).toBe(0);
      expect((await list(`nome=${encodeURIComponent(m.nome)}&situacao=saida`)).rows).toMatchObject([
        { id: c.id, situacao: 'saida', motivo_saida_cadastro_id: 135 },
      ]);
      const cidadao = (
        await t.app.inject({ method: 'GET', url: `/api/v1/municipes/${m.id}`, headers: admin })
      ).json<Municipe>();
      expect(cidadao).toMatchObject({ motivo_saida_cadastro_id: 135, data_obito: '2024-06-01', numero_do: '12345678' });
      expect(await auditRows(t, { record_id: c.id, action: 'saida_cadastro' })).toHaveLength(1);
      const del = await t.app.inject({ method: 'DELETE', url: `${url}/${c.id}`, headers: acs });
      expect(del.statusCode).toBe(409);
      expect(del.json().code).toBe('conflito');
      expect(del.json().message).toBe(msg.cadastroComSaidaNaoRemove);
      // after the exit the citizen may be registered again
      expect((await create(payload(m))).situacao).toBe('ativo');
    });

    it('a territory change needs no death data and clears it', async () => {
      const m = await newMunicipe();
      const c = await create(payload(m));
      const res = await saida(c.id, { motivo_saida_cadastro_id: 136, data_obito: '2024-06-01', numero_do: '1' });
      expect(res.json()).toMatchObject({
        situacao: 'saida',
        motivo_saida_cadastro_id: 136,
        data_obito: null,
        numero_do: null,
      });
    });
  });

  describe('DELETE', () => {
    it('removes an active registration and audits; the citizen with a registration cannot be removed', async () => {
      const m = await newMunicipe();
      const c = await create(payload(m));
      const blocked = await t.app.inject({ method: 'DELETE', url: `/api/v1/municipes/${m.id}`, headers: admin });
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().code).toBe('conflito');
      expect(blocked.json().message).toBe(msg.municipeVinculado('um cadastro individual'));
      const del = await t.app.inject({ method: 'DELETE', url: `${url}/${c.id}`, headers: acs });
      expect(del.statusCode).toBe(204);
      expect((await get(c.id)).statusCode).toBe(404);
      expect(await auditRows(t, { record_id: c.id, action: 'destroy' })).toHaveLength(1);
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
