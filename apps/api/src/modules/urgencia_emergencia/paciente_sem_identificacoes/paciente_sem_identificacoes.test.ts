import { msg, todayIso } from '@saude/shared';
import {
  pseudonimo,
  type PacienteSemIdentificacao,
  type PacienteSemIdentificacaoInput,
  type PacienteSemIdentificacaoListItem,
} from '@saude/shared/schemas/paciente_sem_identificacao';
import { idadeEmAnos } from '@saude/shared/schemas/municipe';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { atendimentos, pacientesSemIdentificacao } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { cboDoPerfil, fixtures, type Headers, type Unidade, type Usuario, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';

const url = '/api/v1/urgencia_emergencia/paciente_sem_identificacoes';
const RESOURCE = 'urgencia_emergencia/paciente_sem_identificacoes';

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let upa: Unidade;
  let recepcao: Usuario, gestor: Usuario, medico: Usuario, outraUpa: Usuario, ubs: Usuario, acs: Usuario;

  beforeAll(async () => {
    upa = await f.unidade({ tipo: 'UPA', pronto_atendimento: true });
    const upa2 = await f.unidade({ tipo: 'UPA', pronto_atendimento: true });
    const { unidade: postinho, equipe } = await f.territorio();
    recepcao = await f.usuario({ unidade: upa, perfil: 'recepcao' });
    gestor = await f.usuario({ unidade: upa, perfil: 'gestor' });
    medico = await f.usuario({ unidade: upa, perfil: 'medico' });
    acs = await f.usuario({ unidade: upa, perfil: 'acs' });
    outraUpa = await f.usuario({ unidade: upa2, perfil: 'recepcao' });
    ubs = await f.usuario({ unidade: postinho, equipe, perfil: 'gestor' });
  });

  const post = (p: object, headers: Headers = recepcao.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (p: PacienteSemIdentificacaoInput = { nome: 'Desconhecido(a) 1' }, headers?: Headers) => {
    const res = await post(p, headers);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<PacienteSemIdentificacao>();
  };
  const get = (id: string, headers: Headers = recepcao.headers) =>
    t.app.inject({ method: 'GET', url: `${url}/${id}`, headers });
  const put = (x: PacienteSemIdentificacao, over: object = {}, headers: Headers = recepcao.headers) => {
    const { id, nome, lock_version, data_nascimento_estimada, idade_estimada } = x;
    return t.app.inject({
      method: 'PUT',
      url: `${url}/${id}`,
      headers,
      payload: { nome, lock_version, data_nascimento_estimada, idade_estimada, ...over },
    });
  };
  const del = (id: string, headers: Headers = recepcao.headers) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers });
  const identificar = (id: string, municipe_id: unknown, headers: Headers = recepcao.headers) =>
    t.app.inject({ method: 'POST', url: `${url}/${id}/identificar`, headers, payload: { municipe_id } });
  const desfazer = (id: string, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'POST', url: `${url}/${id}/desfazer_identificacao`, headers, payload: {} });
  const errorsOf = async (p: object) => {
    const res = await post({ nome: 'Paciente', ...p });
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const list = async (query: string, headers: Headers = recepcao.headers) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json<PacienteSemIdentificacaoListItem[]>(), total: Number(res.headers['x-total-count']) };
  };
  /** A care visit of the patient, straight in the table (the care-visit module is another engineer's). */
  const visita = async (pacienteId: string, over: Partial<typeof atendimentos.$inferInsert> = {}) => {
    const agora = new Date();
    const [row] = await t.db
      .insert(atendimentos)
      .values({
        id: newId(),
        unidade_saude_id: upa.id,
        profissional_id: recepcao.id,
        ocupacao_id: cboDoPerfil.recepcao,
        paciente_sem_identificacao_id: pacienteId,
        data_chegada: agora,
        data_ficha: agora,
        ...over,
      })
      .returning();
    return row!;
  };
  const visitasDe = async (pacienteId: string) =>
    (
      await t.db
        .select({ id: atendimentos.id, municipe_id: atendimentos.municipe_id })
        .from(atendimentos)
        .where(eq(atendimentos.paciente_sem_identificacao_id, pacienteId))
    ).map((r) => r.municipe_id);

  describe('POST and GET', () => {
    it('registers every field of spec §3 with the header from the session, and audits the write and the read', async () => {
      const x = await create({
        nome: 'João (informado pelo SAMU)',
        data_nascimento_estimada: '1980-06-15',
        possui_deficiencia: true,
        deficiencia_ids: [13, 15],
        sexo_id: 0,
        raca_cor_id: 3,
        cor_cabelo_id: 5,
        cor_olhos_id: 1,
        altura_aproximada: 175,
        peso_aproximado: '80,5',
        outras_caracteristicas: 'Tatuagem de âncora no braço esquerdo',
        nome_mae: 'Maria',
        nacionalidade_id: 1,
        municipio_nascimento_ibge: '5300108',
      });
      expect(x).toMatchObject({
        lock_version: 0,
        unidade_saude_id: upa.id,
        unidade_saude_nome: upa.nome,
        profissional_id: recepcao.id,
        profissional_nome: recepcao.nome,
        ocupacao_id: cboDoPerfil.recepcao,
        nome: 'João (informado pelo SAMU)',
        data_nascimento_estimada: '1980-06-15',
        // Derived from the estimated birth date.
        idade_estimada: idadeEmAnos('1980-06-15'),
        possui_deficiencia: true,
        deficiencia_ids: [13, 15],
        sexo_id: 0,
        raca_cor_id: 3,
        cor_cabelo_id: 5,
        cor_olhos_id: 1,
        altura_aproximada: 175,
        peso_aproximado: 80.5,
        nome_mae: 'Maria',
        nome_mae_sem_informacao: false,
        nacionalidade_id: 1,
        municipio_nascimento_ibge: '5300108',
        municipio_nascimento_nome: expect.any(String),
        // A Brazilian's country of birth is Brazil.
        pais_nascimento_id: 31,
        municipe_id: null,
        identificado_em: null,
        identificado_por: null,
        atendimentos: [],
      });
      const again = await get(x.id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(x);
      // Nobody named yet, but a person's health data: both rows are written.
      expect(await auditRows(t, { record_id: x.id })).toMatchObject([
        { action: 'create', resource: RESOURCE, municipe_ids: null },
        { action: 'show', resource: RESOURCE, municipe_ids: null, details: { partes: ['paciente', 'atendimentos'] } },
      ]);
    });

    it('keeps every question nobody answered null (never "Não")', async () => {
      const x = await create({ nome: 'Desconhecido(a) 2', possui_deficiencia: null, sexo_id: '' });
      expect(x).toMatchObject({
        data_nascimento_estimada: null,
        idade_estimada: null,
        possui_deficiencia: null,
        deficiencia_ids: [],
        sexo_id: null,
        raca_cor_id: null,
        cor_cabelo_id: null,
        cor_olhos_id: null,
        altura_aproximada: null,
        peso_aproximado: null,
        outras_caracteristicas: null,
        nome_mae: null,
        nome_mae_sem_informacao: false,
        nacionalidade_id: null,
        municipio_nascimento_ibge: null,
        pais_nascimento_id: null,
      });
    });

    it('keeps an estimated age given alone, without inventing a date', async () => {
      const x = await create({ nome: 'Idoso sem documentos', idade_estimada: 70 });
      expect(x).toMatchObject({ idade_estimada: 70, data_nascimento_estimada: null });
    });

    it('refuses a blank name, a NUL byte, and values out of range, each on its field (422)', async () => {
      const amanha = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      expect(await errorsOf({ nome: '  ' })).toEqual({ nome: [msg.obrigatorio] });
      expect((await errorsOf({ outras_caracteristicas: 'A\u0000B' })).outras_caracteristicas).toEqual([msg.naoEValido]);
      expect(
        await errorsOf({
          idade_estimada: 131,
          altura_aproximada: 10,
          peso_aproximado: 600,
          cor_cabelo_id: 99,
          cor_olhos_id: 'azul',
          sexo_id: 7,
          possui_deficiencia: true,
          deficiencia_ids: [999],
        }),
      ).toEqual({
        idade_estimada: [msg.between(0, 130)],
        altura_aproximada: [msg.between(20, 250)],
        peso_aproximado: [msg.between('0,5', 500)],
        cor_cabelo_id: [msg.naoEValido],
        cor_olhos_id: [msg.naoEValido],
        sexo_id: [msg.naoEValido],
        'deficiencia_ids.0': [msg.naoEValido],
      });
      expect((await errorsOf({ peso_aproximado: 70.55 })).peso_aproximado).toEqual([msg.decimal(1)]);
      expect((await errorsOf({ altura_aproximada: 170.5 })).altura_aproximada).toEqual([msg.integer]);
      expect((await errorsOf({ data_nascimento_estimada: amanha })).data_nascimento_estimada).toHaveLength(1);
      expect((await errorsOf({ data_nascimento_estimada: '2026-02-30' })).data_nascimento_estimada).toHaveLength(1);
    });

    it('checks the estimated age against the estimated birth date', async () => {
      expect(await errorsOf({ data_nascimento_estimada: '2000-01-01', idade_estimada: 5 })).toEqual({
        idade_estimada: [msg.idadeNaoConfere],
      });
      const idade = idadeEmAnos('2000-01-01')!;
      const x = await create({ nome: 'Jovem', data_nascimento_estimada: '2000-01-01', idade_estimada: idade });
      expect(x.idade_estimada).toBe(idade);
    });

    it("takes the mother's name or 'no information', never both", async () => {
      expect(await errorsOf({ nome_mae: 'Ana', nome_mae_sem_informacao: true })).toEqual({
        nome_mae: [msg.naoPreencherSemInformacao],
      });
      const x = await create({ nome: 'Sem mãe informada', nome_mae_sem_informacao: true });
      expect(x).toMatchObject({ nome_mae: null, nome_mae_sem_informacao: true });
    });

    it('asks which deficiency when there is one, and none without', async () => {
      expect(await errorsOf({ possui_deficiencia: true })).toEqual({ deficiencia_ids: [msg.obrigatorio] });
      expect(await errorsOf({ possui_deficiencia: false, deficiencia_ids: [12] })).toEqual({
        deficiencia_ids: [msg.naoPreencherSemDeficiencia],
      });
    });

    it('takes a birthplace for Brazilians and a country (not Brazil) for foreigners', async () => {
      expect(await errorsOf({ nacionalidade_id: 3, pais_nascimento_id: 31 })).toEqual({
        pais_nascimento_id: [msg.paisNaoPodeSerBrasil],
      });
      expect(await errorsOf({ nacionalidade_id: 3, municipio_nascimento_ibge: '5300108' })).toEqual({
        municipio_nascimento_ibge: [msg.somenteBrasileiros],
      });
      expect(await errorsOf({ nacionalidade_id: 1, municipio_nascimento_ibge: '9999999' })).toEqual({
        municipio_nascimento_ibge: [msg.naoEValido],
      });
      const x = await create({ nome: 'Turista', nacionalidade_id: 3, pais_nascimento_id: 10 });
      expect(x).toMatchObject({ nacionalidade_id: 3, pais_nascimento_id: 10, municipio_nascimento_ibge: null });
    });

    it("refuses another unit, another professional or an occupation not the user's (422)", async () => {
      expect(await errorsOf({ unidade_saude_id: newId(), profissional_id: gestor.id, ocupacao_id: '225125' })).toEqual({
        unidade_saude_id: [msg.naoEValido],
        profissional_id: [msg.naoEValido],
        ocupacao_id: [msg.naoEValido],
      });
    });

    it('offers the next pseudonym of the unit', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${url}/pseudonimo`, headers: recepcao.headers });
      expect(res.statusCode).toBe(200);
      const total = await t.db.$count(
        pacientesSemIdentificacao,
        eq(pacientesSemIdentificacao.unidade_saude_id, upa.id),
      );
      expect(res.json()).toEqual({ nome: pseudonimo(total + 1) });
    });
  });

  describe('PUT and DELETE', () => {
    it('updates with the lock_version read, and answers 409 to a stale one', async () => {
      const x = await create({ nome: 'Antes' });
      const res = await put(x, { nome: 'Depois', cor_olhos_id: 4 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ nome: 'Depois', cor_olhos_id: 4, lock_version: 1 });
      // A field left out of the PUT (emptied on the form) is cleared.
      const limpo = await put(res.json<PacienteSemIdentificacao>(), { nome: 'Depois' });
      expect(limpo.json()).toMatchObject({ cor_olhos_id: null, lock_version: 2 });
      const stale = await put(x, { nome: 'Outra' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'edicao_desatualizada' });
      expect(await auditRows(t, { record_id: x.id, action: 'update' })).toMatchObject([
        { details: { campos: expect.arrayContaining(['nome', 'cor_olhos_id']) } },
        { details: { campos: ['cor_olhos_id'] } },
      ]);
    });

    it('removes a patient without care visits, and refuses one with visits (409 with a clear message)', async () => {
      const livre = await create({ nome: 'Removível' });
      expect((await del(livre.id)).statusCode).toBe(204);
      expect((await get(livre.id)).statusCode).toBe(404);
      const atendido = await create({ nome: 'Atendido' });
      await visita(atendido.id);
      const res = await del(atendido.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: msg.pacienteComAtendimentos });
      expect((await get(atendido.id)).statusCode).toBe(200);
    });
  });

  describe('identify and undo', () => {
    it("moves the patient's care visits to the citizen in one go, says who and when, and a manager undoes it", async () => {
      const x = await create({ nome: 'Desconhecido(a) 40' });
      await visita(x.id);
      await visita(x.id, { data_chegada: new Date(Date.now() - 3_600_000), retroativo: true });
      const outroPaciente = await create({ nome: 'Outro' });
      await visita(outroPaciente.id);
      const cidadao = await f.municipe();

      const res = await identificar(x.id, cidadao.id);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<PacienteSemIdentificacao>();
      expect(id).toMatchObject({
        municipe_id: cidadao.id,
        municipe_nome: cidadao.nome,
        identificado_por: recepcao.id,
        identificado_por_nome: recepcao.nome,
        lock_version: 1,
      });
      expect(Date.now() - new Date(id.identificado_em!).getTime()).toBeLessThan(60_000);
      expect(id.atendimentos).toHaveLength(2);
      expect(await visitasDe(x.id)).toEqual([cidadao.id, cidadao.id]);
      // Another patient's visit stays theirs.
      expect(await visitasDe(outroPaciente.id)).toEqual([null]);
      // The list names the citizen, and its audit row too.
      const { rows } = await list(`identificado=true&nome=${encodeURIComponent('Desconhecido(a) 40')}`);
      expect(rows).toMatchObject([{ id: x.id, municipe_nome: cidadao.nome, numero_atendimentos: 2 }]);
      const [ultimaLista] = (await auditRows(t, { resource: RESOURCE, action: 'index' })).slice(-1);
      expect(ultimaLista).toMatchObject({ municipe_ids: [cidadao.id], details: { filtros: ['identificado', 'nome'] } });
      expect(await auditRows(t, { record_id: x.id, action: 'identificar' })).toMatchObject([
        { municipe_ids: [cidadao.id], details: { atendimentos: 2 } },
      ]);
      // A read of the identified patient names the citizen.
      await get(x.id);
      const [leitura] = (await auditRows(t, { record_id: x.id, action: 'show' })).slice(-1);
      expect(leitura?.municipe_ids).toEqual([cidadao.id]);

      // Only a manager undoes the tie.
      expect((await desfazer(x.id, recepcao.headers)).statusCode).toBe(403);
      const undo = await desfazer(x.id);
      expect(undo.statusCode, undo.body).toBe(200);
      expect(undo.json()).toMatchObject({
        municipe_id: null,
        municipe_nome: null,
        identificado_em: null,
        identificado_por: null,
        lock_version: 2,
      });
      expect(await visitasDe(x.id)).toEqual([null, null]);
      expect(await auditRows(t, { record_id: x.id, action: 'desfazer_identificacao' })).toMatchObject([
        { municipe_ids: [cidadao.id], details: { atendimentos: 2 } },
      ]);
    });

    it('refuses an already identified patient (409), undoing a tie that does not exist (409), and a bad citizen (422)', async () => {
      const x = await create({ nome: 'Duas vezes' });
      const [a, b] = [await f.municipe(), await f.municipe()];
      expect((await desfazer(x.id)).json()).toMatchObject({ message: msg.pacienteNaoIdentificado });
      expect((await desfazer(x.id)).statusCode).toBe(409);
      expect((await identificar(x.id, a.id)).statusCode).toBe(200);
      const again = await identificar(x.id, b.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: msg.pacienteJaIdentificado });
      const y = await create({ nome: 'Ninguém' });
      const vazio = await identificar(y.id, '');
      expect(vazio.statusCode).toBe(422);
      expect(vazio.json().errors).toEqual({ municipe_id: [msg.obrigatorio] });
      const desconhecido = await identificar(y.id, UNKNOWN_ID);
      expect(desconhecido.statusCode).toBe(422);
      expect(desconhecido.json().errors).toEqual({ municipe_id: [msg.naoEValido] });
    });

    it('refuses a deceased citizen (422 on municipe_id) and leaves the visits alone', async () => {
      const x = await create({ nome: 'Quase' });
      await visita(x.id);
      const falecido = await f.municipe({ data_obito: '2020-01-01' });
      const res = await identificar(x.id, falecido.id);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ municipe_id: [msg.pacienteMunicipeComObito] });
      expect(await visitasDe(x.id)).toEqual([null]);
      expect((await get(x.id)).json()).toMatchObject({ municipe_id: null });
    });
  });

  describe('list', () => {
    it("lists the current unit's patients, newest first, with filters and server pages", async () => {
      const marca = `Lista ${newId().slice(-6)}`;
      const a = await create({ nome: `${marca} A` });
      const b = await create({ nome: `${marca} B` });
      const c = await create({ nome: `${marca} C` });
      await identificar(b.id, (await f.municipe()).id);
      await create({ nome: `${marca} fora` }, outraUpa.headers);
      const todos = await list(`nome=${encodeURIComponent(marca)}&per_page=2`);
      expect(todos.total).toBe(3);
      expect(todos.rows.map((r) => r.id)).toEqual([c.id, b.id]);
      const pagina2 = await list(`nome=${encodeURIComponent(marca)}&per_page=2&page=2`);
      expect(pagina2.rows.map((r) => r.id)).toEqual([a.id]);
      expect((await list(`nome=${encodeURIComponent(marca)}&identificado=false`)).rows.map((r) => r.id)).toEqual([
        c.id,
        a.id,
      ]);
      const hoje = todayIso();
      expect((await list(`nome=${encodeURIComponent(marca)}&data_inicio=${hoje}&data_fim=${hoje}`)).total).toBe(3);
      expect((await list(`nome=${encodeURIComponent(marca)}&data_fim=2000-01-01`)).total).toBe(0);
      const bad = await t.app.inject({ method: 'GET', url: `${url}?identificado=talvez`, headers: recepcao.headers });
      expect(bad.statusCode).toBe(422);
    });
  });

  describe('access', () => {
    it('answers 404 to another unit, for reads and every write', async () => {
      const x = await create({ nome: 'Daqui' });
      const h = outraUpa.headers;
      expect((await get(x.id, h)).statusCode).toBe(404);
      expect((await put(x, {}, h)).statusCode).toBe(404);
      expect((await del(x.id, h)).statusCode).toBe(404);
      expect((await identificar(x.id, (await f.municipe()).id, h)).statusCode).toBe(404);
      expect((await get(UNKNOWN_ID)).statusCode).toBe(404);
      expect((await get(x.id)).json()).toMatchObject({ municipe_id: null, lock_version: 0 });
    });

    it('answers 403 in a unit without urgent care, and to profiles without the permission', async () => {
      const x = await create({ nome: 'Acesso' });
      expect((await t.app.inject({ method: 'GET', url, headers: ubs.headers })).statusCode).toBe(403);
      expect((await post({ nome: 'X' }, ubs.headers)).statusCode).toBe(403);
      expect((await get(x.id, acs.headers)).statusCode).toBe(403);
      // The physician reads, and writes nothing here.
      expect((await get(x.id, medico.headers)).statusCode).toBe(200);
      expect((await post({ nome: 'X' }, medico.headers)).statusCode).toBe(403);
      expect((await identificar(x.id, (await f.municipe()).id, medico.headers)).statusCode).toBe(403);
      expect((await desfazer(x.id, medico.headers)).statusCode).toBe(403);
    });
  });
});
