import { Writable } from 'node:stream';
import { msg } from '@saude/shared';
import type {
  Aviso,
  AvisoInput,
  AvisoListItem,
  AvisoNaoVisualizado,
  AvisoVisualizacao,
} from '@saude/shared/schemas/aviso';
import { todayIso } from '@saude/shared/validation/dates';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { avisoVisualizacoes, lotacoes, perfis, profissionais, tiposUnidade } from '../../../db/schema';
import {
  FIXTURE_PASSWORD,
  fixtures,
  type Headers,
  type Profissional,
  type Unidade,
  UNKNOWN_ID,
} from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';
import { relogio } from './queries';

const url = '/api/v1/comunicacao/avisos';

/** An ISO date `n` days from `iso` (calendar arithmetic in UTC: no zone can move the day). */
const dias = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe(url, () => {
  // The log, to prove a reply never reaches it.
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  const t = useTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  const f = fixtures(t);
  // The scene: a UBS and a UPA (and an inactive UBS), two profiles in each, someone in both (a doctor in the UBS, a
  // nurse in the UPA), and three professionals no targeting may reach: inactive, with an inactive assignment only,
  // and assigned only to the inactive unit. Nobody else exists in this file's database, so the counts are exact.
  let ubs: Unidade, upa: Unidade, ubsInativa: Unidade;
  let tipoUbs = '',
    tipoUpa = '';
  const perfil: Record<string, string> = {};
  let gestor: Headers;
  let gestorId = '';
  const p: Record<string, Profissional> = {};
  const h: Record<string, Headers> = {};
  let duploNaUpa: Headers;

  beforeAll(async () => {
    ubs = await f.unidade({ tipo: 'UBS' });
    upa = await f.unidade({ tipo: 'UPA' });
    ubsInativa = await f.unidade({ tipo: 'UBS', ativo: false });
    for (const tu of await t.db.select().from(tiposUnidade)) {
      if (tu.codigo === 'UBS') tipoUbs = tu.id;
      if (tu.codigo === 'UPA') tipoUpa = tu.id;
    }
    for (const pf of await t.db.select().from(perfis)) perfil[pf.codigo] = pf.id;
    const g = await f.usuario({ unidade: ubs, perfil: 'gestor', nome: 'Gestora dos Avisos' });
    gestor = g.headers;
    gestorId = g.id;
    for (const [nome, unidade, pf] of [
      ['medUbs', ubs, 'medico'],
      ['enfUbs', ubs, 'enfermagem'],
      ['medUpa', upa, 'medico'],
      ['enfUpa', upa, 'enfermagem'],
    ] as const) {
      const u = await f.usuario({ unidade, perfil: pf });
      p[nome] = u;
      h[nome] = u.headers;
    }
    p.duplo = await f.profissional([
      { unidade: ubs, perfil: 'medico' },
      { unidade: upa, perfil: 'enfermagem' },
    ]);
    h.duplo = await f.signIn(p.duplo, ubs);
    duploNaUpa = await f.signIn(p.duplo, upa);
    p.inativo = await f.profissional([{ unidade: ubs, perfil: 'medico' }]);
    await t.db.update(profissionais).set({ ativo: false }).where(eq(profissionais.id, p.inativo.id));
    p.lotacaoInativa = await f.profissional([{ unidade: ubs, perfil: 'medico' }]);
    await t.db.update(lotacoes).set({ ativo: false }).where(eq(lotacoes.profissional_id, p.lotacaoInativa.id));
    p.unidadeInativa = await f.profissional([{ unidade: ubsInativa, perfil: 'medico' }]);
  });

  afterEach(() => {
    relogio.agora = () => new Date();
  });

  const hoje = () => todayIso();
  const novo = (over: Partial<AvisoInput> = {}): AvisoInput => ({
    titulo: 'Aviso de teste',
    mensagem: 'Reunião geral na sexta às 14h.',
    data_inicial: hoje(),
    data_final: dias(hoje(), 7),
    ...over,
  });
  const post = (payload: object, headers: Headers = gestor) => t.app.inject({ method: 'POST', url, headers, payload });
  const criar = async (over: Partial<AvisoInput> = {}) => {
    const res = await post(novo(over));
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<Aviso>();
  };
  const put = (a: Aviso, over: object = {}, headers: Headers = gestor) =>
    t.app.inject({
      method: 'PUT',
      url: `${url}/${a.id}`,
      headers,
      payload: {
        titulo: a.titulo,
        mensagem: a.mensagem,
        data_inicial: a.data_inicial,
        data_final: a.data_final,
        horario: a.horario,
        tipo_unidade_ids: a.tipo_unidade_ids,
        unidade_ids: a.unidade_ids,
        perfil_ids: a.perfil_ids,
        profissional_ids: a.profissional_ids,
        checar_resposta: a.checar_resposta,
        responsavel_id: a.responsavel_id,
        situacao: a.situacao,
        lock_version: a.lock_version,
        ...over,
      },
    });
  const errorsOf = async (payload: object) => {
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const get = (path: string, headers: Headers = gestor) =>
    t.app.inject({ method: 'GET', url: `${url}${path}`, headers });
  const alcance = async (query: string) => {
    const res = await get(`/alcance?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ total_profissionais: number }>().total_profissionais;
  };
  const pendentes = async (headers: Headers) => {
    const res = await get('/nao_visualizados', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AvisoNaoVisualizado[]>().map((a) => a.id);
  };
  const confirmar = (id: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: 'POST', url: `${url}/${id}/aviso_visualizacoes`, headers, payload });
  const lista = async (query: string, headers: Headers = gestor) => {
    const res = await get(`?${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json<AvisoListItem[]>(), total: Number(res.headers['x-total-count']) };
  };
  const ids = (...ps: Profissional[]) => ps.map((x) => `profissional_ids=${x.id}`).join('&');

  describe('targeting', () => {
    it('/alcance counts distinct active professionals with an active assignment in an active unit, by each list', async () => {
      // All empty: everyone reachable (gestor, the four, the one in both units).
      expect(await alcance('')).toBe(6);
      expect(await alcance(`tipo_unidade_ids=${tipoUbs}`)).toBe(4);
      expect(await alcance(`tipo_unidade_ids=${tipoUpa}`)).toBe(3);
      expect(await alcance(`unidade_ids=${upa.id}`)).toBe(3);
      expect(await alcance(`unidade_ids=${ubsInativa.id}`)).toBe(0);
      expect(await alcance(`perfil_ids=${perfil.medico}`)).toBe(3);
      expect(await alcance(`perfil_ids=${perfil.medico},${perfil.enfermagem}`)).toBe(5);
      expect(await alcance(ids(p.medUbs!, p.inativo!, p.lotacaoInativa!, p.unidadeInativa!))).toBe(1);
    });

    it('/alcance combines the lists on the same assignment', async () => {
      // The nurse assignment of the professional in both units is in the UPA: a UBS nurse is only enfUbs.
      expect(await alcance(`tipo_unidade_ids=${tipoUbs}&perfil_ids=${perfil.enfermagem}`)).toBe(1);
      expect(await alcance(`tipo_unidade_ids=${tipoUbs}&perfil_ids=${perfil.medico}`)).toBe(2);
      expect(await alcance(`unidade_ids=${upa.id}&perfil_ids=${perfil.enfermagem}&${ids(p.duplo!, p.medUbs!)}`)).toBe(
        1,
      );
      expect(await alcance(`tipo_unidade_ids=${tipoUpa}&unidade_ids=${ubs.id}`)).toBe(0);
      const bad = await get('/alcance?unidade_ids=abc');
      expect(bad.statusCode).toBe(422);
    });

    it('/nao_visualizados reaches by each list alone, in the current unit only', async () => {
      const porUnidade = await criar({ unidade_ids: [upa.id] });
      const porTipo = await criar({ tipo_unidade_ids: [tipoUbs] });
      const porPerfil = await criar({ perfil_ids: [perfil.enfermagem!] });
      const porNome = await criar({ profissional_ids: [p.medUpa!.id] });
      const todos = await criar();
      const quem = {
        medUbs: await pendentes(h.medUbs!),
        enfUbs: await pendentes(h.enfUbs!),
        medUpa: await pendentes(h.medUpa!),
        enfUpa: await pendentes(h.enfUpa!),
        duploUbs: await pendentes(h.duplo!),
        duploUpa: await pendentes(duploNaUpa),
      };
      const recebem = (a: Aviso) =>
        Object.entries(quem)
          .filter(([, lista]) => lista.includes(a.id))
          .map(([k]) => k)
          .sort();
      expect(recebem(porUnidade)).toEqual(['duploUpa', 'enfUpa', 'medUpa']);
      expect(recebem(porTipo)).toEqual(['duploUbs', 'enfUbs', 'medUbs']);
      expect(recebem(porPerfil)).toEqual(['duploUpa', 'enfUbs', 'enfUpa']);
      expect(recebem(porNome)).toEqual(['medUpa']);
      expect(recebem(todos)).toEqual(['duploUbs', 'duploUpa', 'enfUbs', 'enfUpa', 'medUbs', 'medUpa']);
      for (const a of [porUnidade, porTipo, porPerfil, porNome, todos]) await confirmarTodos(a);
    });

    it('/nao_visualizados combines the lists, and the show answers the reach', async () => {
      const a = await criar({ tipo_unidade_ids: [tipoUbs], perfil_ids: [perfil.medico!] });
      expect(a.total_alcance).toBe(2);
      expect(await pendentes(h.medUbs!)).toContain(a.id);
      expect(await pendentes(h.duplo!)).toContain(a.id);
      expect(await pendentes(h.enfUbs!)).not.toContain(a.id);
      expect(await pendentes(h.medUpa!)).not.toContain(a.id);
      expect(await pendentes(duploNaUpa)).not.toContain(a.id);
      const b = await criar({
        unidade_ids: [ubs.id, upa.id],
        perfil_ids: [perfil.enfermagem!],
        profissional_ids: [p.duplo!.id],
      });
      expect(b.total_alcance).toBe(1);
      expect(await pendentes(duploNaUpa)).toContain(b.id);
      expect(await pendentes(h.duplo!)).not.toContain(b.id);
      expect(await pendentes(h.enfUbs!)).not.toContain(b.id);
      await confirmarTodos(a);
      await confirmarTodos(b);
    });

    it('shows from horario on the first day, only inside the period, never inactive or deleted', async () => {
      const em = (iso: string) => () => new Date(iso);
      relogio.agora = em('2030-05-10T12:00:00-03:00');
      const base = { profissional_ids: [p.medUbs!.id], data_inicial: '2030-05-10', data_final: '2030-05-12' };
      const comHorario = await criar({ ...base, horario: '12:30' });
      const depois = await criar({ ...base, data_inicial: '2030-05-11' });
      const antes = await criar({ ...base, data_inicial: '2030-05-01', data_final: '2030-05-08' });
      const inativo = await criar({ ...base, situacao: 'inativo' });
      const excluido = await criar(base);
      expect((await t.app.inject({ method: 'DELETE', url: `${url}/${excluido.id}`, headers: gestor })).statusCode).toBe(
        204,
      );
      const sem = await criar(base);
      const todos = [comHorario, depois, antes, inativo, excluido, sem].map((a) => a.id);
      const visiveis = async () => (await pendentes(h.medUbs!)).filter((id) => todos.includes(id));

      expect(await visiveis()).toEqual([sem.id]);
      expect((await confirmar(comHorario.id, h.medUbs!)).statusCode).toBe(404);
      relogio.agora = em('2030-05-10T12:30:00-03:00');
      expect(await visiveis()).toEqual([comHorario.id, sem.id]);
      // From the second day the hour no longer matters; the last day still shows; the day after does not.
      relogio.agora = em('2030-05-11T08:00:00-03:00');
      expect(await visiveis()).toEqual([comHorario.id, sem.id, depois.id]);
      relogio.agora = em('2030-05-12T23:59:00-03:00');
      expect(await visiveis()).toEqual([comHorario.id, sem.id, depois.id]);
      relogio.agora = em('2030-05-13T00:00:00-03:00');
      expect(await visiveis()).toEqual([]);
      relogio.agora = em('2030-05-09T23:00:00-03:00');
      expect(await visiveis()).toEqual([]);
      for (const id of [antes.id, inativo.id, excluido.id])
        expect((await confirmar(id, h.medUbs!)).statusCode).toBe(404);
    });

    it('refuses the unread check before a unit is chosen (403: permissions come from the current unit)', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { login: p.duplo!.login, senha: FIXTURE_PASSWORD },
      });
      const { token, usuario } = login.json<{ token: string; usuario: { unidade_atual: unknown } }>();
      expect(usuario.unidade_atual).toBeNull();
      const res = await get('/nao_visualizados', { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(403);
    });
  });

  /** Every professional the notice pops up for confirms it, so later tests see only their own notices. */
  async function confirmarTodos(a: Aviso) {
    for (const headers of [...Object.values(h), duploNaUpa, gestor]) {
      if ((await pendentes(headers)).includes(a.id)) {
        const res = await confirmar(a.id, headers, a.checar_resposta ? { resposta: 'ok' } : undefined);
        expect(res.statusCode, res.body).toBe(201);
      }
    }
  }

  describe('rules', () => {
    it('creates with the signed-in user as responsável, target names and counts, and audits it', async () => {
      const a = await criar({
        unidade_ids: [ubs.id],
        perfil_ids: [perfil.medico!],
        checar_resposta: true,
        horario: '08:00',
      });
      expect(a).toMatchObject({
        lock_version: 0,
        titulo: 'Aviso de teste',
        horario: '08:00',
        responsavel_id: gestorId,
        responsavel_nome: 'Gestora dos Avisos',
        situacao: 'ativo',
        checar_resposta: true,
        unidades: [{ id: ubs.id, nome: ubs.nome }],
        perfis: [{ id: perfil.medico, nome: expect.any(String) }],
        tipos_unidade: [],
        profissionais: [],
        total_alcance: 2,
        total_visualizacoes: 0,
        total_respostas: 0,
        visualizacoes: [],
      });
      expect((await get(`/${a.id}`)).json()).toEqual(a);
      expect(await auditRows(t, { resource: 'comunicacao/avisos', record_id: a.id })).toMatchObject([
        { action: 'create', profissional_id: gestorId },
      ]);
      await confirmarTodos(a);
    });

    it('refuses blanks, a short period, a long message, a bad hour and a NUL byte, each on its field (422)', async () => {
      expect(await errorsOf({})).toMatchObject({
        titulo: [msg.obrigatorio],
        mensagem: [msg.obrigatorio],
        data_inicial: [msg.obrigatorio],
        data_final: [msg.obrigatorio],
      });
      expect(
        await errorsOf(
          novo({ data_inicial: '2030-05-10', data_final: '2030-05-09', mensagem: 'x'.repeat(51), horario: '25:00' }),
        ),
      ).toEqual({
        data_final: [msg.maiorOuIgualQue('10/05/2030')],
        mensagem: [msg.max(50)],
        horario: [msg.naoEValido],
      });
      expect((await post(novo({ mensagem: 'x'.repeat(50) }))).statusCode).toBe(201);
      const nul = await post(novo({ titulo: 'Aviso\u0000nulo' }));
      expect(nul.statusCode).toBe(422);
    });

    it('refuses unknown target ids and a responsável who is not an active professional, on the field', async () => {
      expect(
        await errorsOf(
          novo({
            tipo_unidade_ids: [UNKNOWN_ID],
            unidade_ids: [ubs.id, UNKNOWN_ID],
            perfil_ids: [UNKNOWN_ID],
            profissional_ids: [UNKNOWN_ID],
            responsavel_id: p.inativo!.id,
          }),
        ),
      ).toEqual({
        tipo_unidade_ids: [msg.naoEValido],
        unidade_ids: [msg.naoEValido],
        perfil_ids: [msg.naoEValido],
        profissional_ids: [msg.naoEValido],
        responsavel_id: [msg.naoEValido],
      });
      expect(await errorsOf(novo({ responsavel_id: UNKNOWN_ID }))).toEqual({ responsavel_id: [msg.naoEValido] });
      const outro = await criar({ responsavel_id: p.enfUbs!.id, profissional_ids: [p.enfUbs!.id] });
      expect(outro.responsavel_nome).toBe(p.enfUbs!.nome);
      await confirmarTodos(outro);
    });

    it('refuses a targeting that reaches nobody on `alvos`, on create and update', async () => {
      const semNinguem = { tipo_unidade_ids: [tipoUpa], unidade_ids: [ubs.id] };
      expect(await errorsOf(novo(semNinguem))).toEqual({ alvos: [msg.avisoSemProfissionais] });
      expect(await errorsOf(novo({ profissional_ids: [p.inativo!.id, p.lotacaoInativa!.id] }))).toEqual({
        alvos: [msg.avisoSemProfissionais],
      });
      const a = await criar({ situacao: 'inativo', profissional_ids: [p.medUbs!.id] });
      const res = await put(a, semNinguem);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ alvos: [msg.avisoSemProfissionais] });
    });

    it('updates with the lock_version (409 when stale), keeps the responsável, audits the changed fields', async () => {
      const a = await criar({ situacao: 'inativo', profissional_ids: [p.medUbs!.id], responsavel_id: p.enfUbs!.id });
      // The stored responsável stays valid even once inactive.
      await t.db.update(profissionais).set({ ativo: false }).where(eq(profissionais.id, p.enfUbs!.id));
      try {
        const res = await put(a, { titulo: 'Novo título', responsavel_id: null });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ titulo: 'Novo título', lock_version: 1, responsavel_id: p.enfUbs!.id });
      } finally {
        await t.db.update(profissionais).set({ ativo: true }).where(eq(profissionais.id, p.enfUbs!.id));
      }
      const stale = await put(a, { titulo: 'Outro' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('edicao_desatualizada');
      expect(await auditRows(t, { resource: 'comunicacao/avisos', record_id: a.id })).toMatchObject([
        { action: 'create' },
        { action: 'update', details: { campos: ['titulo'] } },
      ]);
      expect((await put({ ...a, id: UNKNOWN_ID })).statusCode).toBe(404);
      expect((await get('/abc')).statusCode).toBe(404);
    });

    it('soft-deletes: gone from lists, pop-ups and edits; a manager still reads it', async () => {
      const a = await criar({ profissional_ids: [p.medUpa!.id], titulo: 'Aviso para excluir' });
      expect(await pendentes(h.medUpa!)).toContain(a.id);
      const del = () => t.app.inject({ method: 'DELETE', url: `${url}/${a.id}`, headers: gestor });
      expect((await del()).statusCode).toBe(204);
      expect((await del()).statusCode).toBe(404);
      expect((await put(a, { lock_version: 1 })).statusCode).toBe(404);
      expect(await pendentes(h.medUpa!)).not.toContain(a.id);
      expect((await get(`/${a.id}`)).json()).toMatchObject({ situacao: 'excluido', lock_version: 1 });
      expect((await get(`/${a.id}`, h.medUpa!)).statusCode).toBe(404);
      expect((await lista('titulo=para excluir')).rows.map((r) => r.id)).not.toContain(a.id);
      expect((await lista('titulo=para excluir&situacao=excluido')).rows.map((r) => r.id)).toEqual([a.id]);
      expect(await auditRows(t, { resource: 'comunicacao/avisos', record_id: a.id })).toMatchObject([
        { action: 'create' },
        { action: 'destroy' },
      ]);
    });
  });

  describe('confirmation', () => {
    it('asks for a reply when the notice does (blank, 151 characters → 422), stores the unit, audits no text', async () => {
      const a = await criar({ profissional_ids: [p.duplo!.id], checar_resposta: true });
      for (const payload of [undefined, {}, { resposta: '   ' }]) {
        const res = await confirmar(a.id, duploNaUpa, payload);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors).toEqual({ resposta: [msg.avisoRespostaObrigatoria] });
      }
      const longa = await confirmar(a.id, duploNaUpa, { resposta: 'x'.repeat(151) });
      expect(longa.statusCode).toBe(422);
      expect(longa.json().errors).toEqual({ resposta: [msg.max(150)] });
      const nul = await confirmar(a.id, duploNaUpa, { resposta: 'a\u0000b' });
      expect(nul.statusCode).toBe(422);
      const resposta = 'Ciente, participarei da campanha.';
      const res = await confirmar(a.id, duploNaUpa, { resposta: ` ${resposta} ` });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<AvisoVisualizacao>()).toMatchObject({
        aviso_id: a.id,
        profissional_id: p.duplo!.id,
        profissional_nome: p.duplo!.nome,
        unidade_saude_id: upa.id,
        unidade_saude_nome: upa.nome,
        resposta,
      });
      const rows = await auditRows(t, { resource: 'comunicacao/avisos', record_id: a.id, action: 'visualizar' });
      expect(rows).toMatchObject([{ profissional_id: p.duplo!.id, unidade_saude_id: upa.id }]);
      expect(JSON.stringify(rows)).not.toContain('participarei');
      expect(log).toContain('aviso_visualizacoes');
      expect(log).not.toContain('participarei');
    });

    it('keeps a reply out of the log even when the database refuses the row (500 without the text)', async () => {
      const a = await criar({ profissional_ids: [p.enfUpa!.id], checar_resposta: true });
      const texto = 'Resposta recusada pelo banco';
      await t.db.execute(
        sql.raw(`alter table aviso_visualizacoes add constraint teste_falha check (resposta <> '${texto}')`),
      );
      try {
        log = '';
        const res = await confirmar(a.id, h.enfUpa!, { resposta: texto });
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toContain(texto);
        expect(log).toContain('teste_falha');
        expect(log).not.toContain(texto);
      } finally {
        await t.db.execute(sql.raw('alter table aviso_visualizacoes drop constraint teste_falha'));
      }
      expect((await confirmar(a.id, h.enfUpa!, { resposta: 'Ciente' })).statusCode).toBe(201);
    });

    it('confirms once: a repeat and two racing confirmations answer the first row (200), never a duplicate', async () => {
      const a = await criar({ profissional_ids: [p.medUbs!.id, p.enfUbs!.id] });
      const first = await confirmar(a.id, h.medUbs!);
      expect(first.statusCode).toBe(201);
      const again = await confirmar(a.id, h.medUbs!, { resposta: 'outra' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const [r1, r2] = await Promise.all([confirmar(a.id, h.enfUbs!), confirmar(a.id, h.enfUbs!)]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 201]);
      expect(r1.json().id).toBe(r2.json().id);
      const rows = await t.db.select().from(avisoVisualizacoes).where(eq(avisoVisualizacoes.aviso_id, a.id));
      expect(rows).toHaveLength(2);
      expect(await auditRows(t, { record_id: a.id, action: 'visualizar' })).toHaveLength(2);
      expect((await confirmar(UNKNOWN_ID, h.medUbs!)).statusCode).toBe(404);
      expect((await confirmar('abc', h.medUbs!)).statusCode).toBe(404);
    });

    it('/nao_visualizados sends an ETag and no-cache; the same ETag answers 304; a change answers 200', async () => {
      const a = await criar({ profissional_ids: [p.medUpa!.id], titulo: 'Primeiro' });
      const b = await criar({ profissional_ids: [p.medUpa!.id], titulo: 'Segundo' });
      const r1 = await get('/nao_visualizados', h.medUpa!);
      expect(r1.headers['cache-control']).toBe('private, no-cache');
      const etag = String(r1.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      // Oldest first.
      const deste = (r: { json: <T>() => T }) =>
        r.json<AvisoNaoVisualizado[]>().filter((x) => x.id === a.id || x.id === b.id);
      expect(deste(r1).map((x) => x.id)).toEqual([a.id, b.id]);
      expect(deste(r1)[0]).toEqual({
        id: a.id,
        titulo: 'Primeiro',
        mensagem: a.mensagem,
        checar_resposta: false,
        responsavel_nome: 'Gestora dos Avisos',
      });
      const r2 = await t.app.inject({
        method: 'GET',
        url: `${url}/nao_visualizados`,
        headers: { ...h.medUpa!, 'if-none-match': etag },
      });
      expect(r2.statusCode).toBe(304);
      expect(r2.body).toBe('');
      // An edit changes the ETag (the pop-up shows the new text).
      expect((await put(a, { titulo: 'Primeiro (corrigido)' })).statusCode).toBe(200);
      const r3 = await t.app.inject({
        method: 'GET',
        url: `${url}/nao_visualizados`,
        headers: { ...h.medUpa!, 'if-none-match': etag },
      });
      expect(r3.statusCode).toBe(200);
      expect(r3.headers.etag).not.toBe(etag);
      await confirmar(a.id, h.medUpa!);
      const r4 = await t.app.inject({
        method: 'GET',
        url: `${url}/nao_visualizados`,
        headers: { ...h.medUpa!, 'if-none-match': String(r3.headers.etag) },
      });
      expect(r4.statusCode).toBe(200);
      expect(deste(r4).map((x) => x.id)).toEqual([b.id]);
      await confirmar(b.id, h.medUpa!);
    });
  });

  describe('list and show', () => {
    it('pages 10 at a time, newest start first, with the total and each row’s counts', async () => {
      const criados: Aviso[] = [];
      for (let i = 0; i < 12; i++)
        criados.push(
          await criar({
            titulo: `Lote Ímpar ${i}`,
            data_inicial: dias(hoje(), -i),
            situacao: i === 0 ? 'ativo' : 'inativo',
            profissional_ids: i === 0 ? [p.medUbs!.id, p.enfUbs!.id] : [],
            checar_resposta: i === 0,
          }),
        );
      await confirmar(criados[0]!.id, h.medUbs!, { resposta: 'Ciente' });
      const unsaved = await confirmar(criados[0]!.id, h.enfUbs!, {});
      expect(unsaved.statusCode).toBe(422);
      await t.db.insert(avisoVisualizacoes).values({
        id: '0190a0b0-0000-7000-8000-0000000000aa',
        aviso_id: criados[0]!.id,
        profissional_id: p.enfUbs!.id,
        unidade_saude_id: ubs.id,
      });
      const p1 = await lista('titulo=LOTE IMPAR');
      expect(p1.total).toBe(12);
      expect(p1.rows.map((r) => r.titulo)).toEqual([...Array(10).keys()].map((i) => `Lote Ímpar ${i}`));
      expect(p1.rows[0]).toMatchObject({
        total_visualizacoes: 2,
        total_respostas: 1,
        responsavel_nome: 'Gestora dos Avisos',
      });
      expect(p1.rows[1]).toMatchObject({ total_visualizacoes: 0, total_respostas: 0, situacao: 'inativo' });
      const p2 = await lista('titulo=lote impar&page=2');
      expect(p2.rows.map((r) => r.titulo)).toEqual(['Lote Ímpar 10', 'Lote Ímpar 11']);
      expect(p2.total).toBe(12);
      expect((await lista('titulo=lote impar&situacao=ativo')).rows.map((r) => r.id)).toEqual([criados[0]!.id]);
      // The show lists who saw it, newest first.
      const show = (await get(`/${criados[0]!.id}`)).json<Aviso>();
      expect(show.visualizacoes.map((v) => v.profissional_id)).toEqual([p.enfUbs!.id, p.medUbs!.id]);
      expect(show).toMatchObject({ total_visualizacoes: 2, total_respostas: 1 });
    });

    it('filters by each list: overlap or empty (aimed at all of that kind)', async () => {
      const tag = 'Filtro Listas';
      const porUnidade = await criar({ titulo: `${tag} 1`, unidade_ids: [ubs.id], situacao: 'inativo' });
      const porTipo = await criar({ titulo: `${tag} 2`, tipo_unidade_ids: [tipoUpa], situacao: 'inativo' });
      const porPerfil = await criar({ titulo: `${tag} 3`, perfil_ids: [perfil.enfermagem!], situacao: 'inativo' });
      const porNome = await criar({ titulo: `${tag} 4`, profissional_ids: [p.medUpa!.id], situacao: 'inativo' });
      const todos = await criar({ titulo: `${tag} 5`, situacao: 'inativo' });
      const achados = async (q: string) =>
        (await lista(`titulo=${tag}&per_page=100&${q}`)).rows.map((r) => r.id).sort();
      const s = (...as: Aviso[]) => as.map((a) => a.id).sort();
      expect(await achados('')).toEqual(s(porUnidade, porTipo, porPerfil, porNome, todos));
      expect(await achados(`unidade_ids=${upa.id}`)).toEqual(s(porTipo, porPerfil, porNome, todos));
      expect(await achados(`unidade_ids=${upa.id}&unidade_ids=${ubs.id}`)).toEqual(
        s(porUnidade, porTipo, porPerfil, porNome, todos),
      );
      expect(await achados(`tipo_unidade_ids=${tipoUbs}`)).toEqual(s(porUnidade, porPerfil, porNome, todos));
      expect(await achados(`perfil_ids=${perfil.medico}`)).toEqual(s(porUnidade, porTipo, porNome, todos));
      expect(await achados(`profissional_ids=${p.medUbs!.id}`)).toEqual(s(porUnidade, porTipo, porPerfil, todos));
      expect(await achados(`unidade_ids=${upa.id}&perfil_ids=${perfil.medico}`)).toEqual(s(porTipo, porNome, todos));
      expect((await get('?situacao=outra')).statusCode).toBe(422);
    });

    it('scopes a non-manager: only active, started notices aimed at them; their own confirmation; 403 on writes', async () => {
      const meu = await criar({ titulo: 'Escopo meu', profissional_ids: [p.enfUpa!.id] });
      const futuro = await criar({
        titulo: 'Escopo futuro',
        profissional_ids: [p.enfUpa!.id],
        data_inicial: dias(hoje(), 1),
      });
      const inativo = await criar({ titulo: 'Escopo inativo', profissional_ids: [p.enfUpa!.id], situacao: 'inativo' });
      const alheio = await criar({ titulo: 'Escopo alheio', perfil_ids: [perfil.medico!] });
      // Aimed through the UBS nurse assignment of someone who is only in the UPA: not theirs.
      const outraUnidade = await criar({
        titulo: 'Escopo UBS',
        unidade_ids: [ubs.id],
        perfil_ids: [perfil.enfermagem!],
      });
      await confirmar(alheio.id, h.medUpa!, {});
      const vistos = (await lista('titulo=escopo&per_page=100', h.enfUpa!)).rows.map((r) => r.id);
      expect(vistos).toEqual([meu.id]);
      expect((await lista('titulo=escopo&situacao=inativo', h.enfUpa!)).rows).toEqual([]);
      for (const a of [futuro, inativo, alheio, outraUnidade])
        expect((await get(`/${a.id}`, h.enfUpa!)).statusCode).toBe(404);
      await confirmar(meu.id, h.enfUpa!);
      const show = await get(`/${meu.id}`, h.enfUpa!);
      expect(show.statusCode).toBe(200);
      expect(show.json<Aviso>().visualizacoes.map((v) => v.profissional_id)).toEqual([p.enfUpa!.id]);
      // A notice confirmed by others shows the non-manager only their own row.
      const comOutros = (await get(`/${alheio.id}`, h.medUbs!)).json<Aviso>();
      expect(comOutros.visualizacoes).toEqual([]);
      expect(comOutros.total_visualizacoes).toBe(1);
      const writes = [
        post(novo({ profissional_ids: [p.enfUpa!.id] }), h.enfUpa!),
        put(meu, {}, h.enfUpa!),
        t.app.inject({ method: 'DELETE', url: `${url}/${meu.id}`, headers: h.enfUpa! }),
        get('/opcoes', h.enfUpa!),
        get('/opcoes/profissionais', h.enfUpa!),
        get('/alcance', h.enfUpa!),
      ];
      expect((await Promise.all(writes)).map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
      for (const a of [meu, futuro, inativo, alheio, outraUnidade]) await confirmarTodos(a);
    });
  });

  describe('options', () => {
    it('/opcoes: unit types, active units with their type, profiles, by name', async () => {
      const res = await get('/opcoes');
      expect(res.statusCode).toBe(200);
      const o = res.json<{
        tipos_unidade: Array<{ id: string; nome: string }>;
        unidades: Array<{ id: string; tipo_unidade_id: string }>;
        perfis: Array<{ nome: string }>;
      }>();
      expect(o.tipos_unidade.map((x) => x.id)).toEqual(expect.arrayContaining([tipoUbs, tipoUpa]));
      expect(o.unidades).toEqual(
        expect.arrayContaining([
          { id: ubs.id, nome: ubs.nome, tipo_unidade_id: tipoUbs },
          { id: upa.id, nome: upa.nome, tipo_unidade_id: tipoUpa },
        ]),
      );
      expect(o.unidades.map((u) => u.id)).not.toContain(ubsInativa.id);
      const nomes = o.perfis.map((x) => x.nome);
      expect(nomes).toEqual([...nomes].sort((x, y) => x.localeCompare(y, 'pt-BR')));
    });

    it('/opcoes/profissionais: active ones by part of name or login, or the ids given', async () => {
      const porLogin = await get(`/opcoes/profissionais?nome=${p.medUbs!.login.slice(5)}`);
      expect(porLogin.json()).toEqual([{ id: p.medUbs!.id, nome: p.medUbs!.nome, login: p.medUbs!.login }]);
      const porNome = (await get('/opcoes/profissionais?nome=gestora dos')).json<Array<{ id: string }>>();
      expect(porNome.map((x) => x.id)).toEqual([gestorId]);
      const inativo = await get(`/opcoes/profissionais?nome=${p.inativo!.login}`);
      expect(inativo.json()).toEqual([]);
      const porIds = await get(`/opcoes/profissionais?ids=${p.inativo!.id},${p.medUpa!.id}`);
      expect(
        porIds
          .json<Array<{ id: string }>>()
          .map((x) => x.id)
          .sort(),
      ).toEqual([p.inativo!.id, p.medUpa!.id].sort());
      const todos = await get('/opcoes/profissionais');
      // Active professionals, reachable or not (an inactive assignment or unit does not hide a name).
      expect(todos.json<unknown[]>()).toHaveLength(8);
    });
  });
});
