import { msg } from '@saude/shared';
import type { Atendimento, AtendimentoContexto, AtendimentoListItem } from '@saude/shared/schemas/atendimento';
import { todayIso } from '@saude/shared/validation/dates';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { atendimentos, municipes, pacientesSemIdentificacao } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { fixtures, type Headers, type Unidade, type Usuario, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';

const url = '/api/v1/urgencia_emergencia/atendimentos';
const urlRetro = '/api/v1/urgencia_emergencia/atendimentos_retroativos';

const horasAtras = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let upa: Unidade;
  let recepcao: Usuario;
  let medico: Usuario;

  const errorsOf = async (res: { statusCode: number; json: <T>() => T }) => {
    expect(res.statusCode).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const post = (p: object, headers: Headers = recepcao.headers, base = url) =>
    t.app.inject({ method: 'POST', url: base, headers, payload: p });
  const create = async (p: object, headers: Headers = recepcao.headers, base = url): Promise<Atendimento> => {
    const res = await post(p, headers, base);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<Atendimento>();
  };
  /** A citizen's arrival by their own means, now. */
  const chegada = async (over: object = {}, headers: Headers = recepcao.headers) => {
    const m = await f.municipe();
    return create({ municipe_id: m.id, tipo_chegada_id: 1, ...over }, headers);
  };
  const get = (id: string, headers: Headers = recepcao.headers, base = url) =>
    t.app.inject({ method: 'GET', url: `${base}/${id}`, headers });
  const acao = (
    id: string,
    nome: 'chamar' | 'cancelar' | 'iniciar' | 'concluir',
    payload?: object,
    headers: Headers = recepcao.headers,
  ) => t.app.inject({ method: 'POST', url: `${url}/${id}/${nome}`, headers, ...(payload ? { payload } : {}) });
  const list = (query: Record<string, string> = {}, headers: Headers = recepcao.headers, base = url) =>
    t.app.inject({ method: 'GET', url: base, headers, query });
  const toUpdate = (a: Atendimento, over: object = {}) => ({
    ocupacao_id: a.ocupacao_id,
    especialidade: a.especialidade,
    senha: a.senha,
    data_chegada: a.data_chegada,
    data_ficha: a.data_ficha,
    tipo_chegada_id: a.tipo_chegada_id,
    placa_veiculo: a.placa_veiculo,
    possui_acompanhante: a.possui_acompanhante,
    acompanhante_nome: a.acompanhante_nome,
    justificativa_retroativo: a.justificativa_retroativo,
    lock_version: a.lock_version,
    ...over,
  });
  const put = (a: Atendimento, over: object = {}, headers: Headers = recepcao.headers, base = url) =>
    t.app.inject({ method: 'PUT', url: `${base}/${a.id}`, headers, payload: toUpdate(a, over) });
  /** A patient without identification of the unit, straight in the table (the other half of issue 16 builds it). */
  const semIdentificacao = async (unidade: Pick<Unidade, 'id'> = upa, municipeId: string | null = null) => {
    const id = newId();
    await t.db.insert(pacientesSemIdentificacao).values({
      id,
      unidade_saude_id: unidade.id,
      profissional_id: recepcao.id,
      ocupacao_id: '422105',
      nome: `Desconhecido ${id.slice(-4)}`,
      municipe_id: municipeId,
    });
    return id;
  };

  beforeAll(async () => {
    upa = await f.unidade({ tipo: 'UPA', pronto_atendimento: true });
    recepcao = await f.usuario({ perfil: 'recepcao', unidade: upa });
    medico = await f.usuario({ perfil: 'medico', unidade: upa });
  });

  describe('create', () => {
    it('registers an arrival now, waiting, under the user only CBO, unanswered questions null, audited', async () => {
      const m = await f.municipe();
      const antes = Date.now();
      const a = await create({ municipe_id: m.id, tipo_chegada_id: 1, senha: 'A012' });
      expect(a).toMatchObject({
        municipe_id: m.id,
        paciente_nome: m.nome,
        sem_identificacao: false,
        situacao: 'aguardando',
        retroativo: false,
        ocupacao_id: '422105',
        especialidade: null,
        senha: 'A012',
        acolhimento: null,
        sindrome_gripal: null,
        violencia: null,
        acidente_trabalho: null,
        possui_acompanhante: null,
        profissional_id: recepcao.id,
        unidade_saude_id: upa.id,
      });
      expect(new Date(a.data_chegada).getTime()).toBeGreaterThanOrEqual(antes - 1000);
      expect(a.data_ficha >= a.data_chegada).toBe(true);
      expect(a.historico).toEqual([expect.objectContaining({ evento: 'criado', por_nome: recepcao.nome })]);
      const [row] = await auditRows(t, { action: 'create', record_id: a.id });
      expect(row).toMatchObject({ resource: 'urgencia_emergencia/atendimentos', municipe_ids: [m.id] });
    });

    it('answers blank required fields, both patients and a malformed value with the catalogue', async () => {
      const m = await f.municipe();
      expect(await errorsOf(await post({ tipo_chegada_id: '' }))).toMatchObject({
        tipo_chegada_id: [msg.obrigatorio],
        municipe_id: [msg.obrigatorio],
      });
      const pac = await semIdentificacao();
      expect(
        await errorsOf(await post({ municipe_id: m.id, paciente_sem_identificacao_id: pac, tipo_chegada_id: 1 })),
      ).toEqual({ paciente_sem_identificacao_id: [msg.municipeOuPaciente] });
      expect(await errorsOf(await post({ municipe_id: m.id, tipo_chegada_id: 99 }))).toEqual({
        tipo_chegada_id: [msg.naoEValido],
      });
      expect(await errorsOf(await post({ municipe_id: UNKNOWN_ID, tipo_chegada_id: 1 }))).toEqual({
        municipe_id: [msg.naoEValido],
      });
      expect((await errorsOf(await post({ municipe_id: m.id, tipo_chegada_id: 1, senha: 'A\u0000B' }))).senha).toEqual([
        msg.naoEValido,
      ]);
    });

    it('refuses an arrival or a form in the future, and a form before the arrival', async () => {
      const m = await f.municipe();
      const futuro = new Date(Date.now() + 3_600_000).toISOString();
      const e1 = await errorsOf(await post({ municipe_id: m.id, tipo_chegada_id: 1, data_chegada: futuro }));
      expect(e1.data_chegada?.[0]).toBe(msg.dataFutura);
      expect(
        await errorsOf(
          await post({ municipe_id: m.id, tipo_chegada_id: 1, data_chegada: horasAtras(1), data_ficha: horasAtras(2) }),
        ),
      ).toEqual({ data_ficha: [msg.fichaAntesDaChegada] });
      // The form's moment defaults to now: never before an arrival sent alone.
      const a = await create({ municipe_id: m.id, tipo_chegada_id: 1, data_chegada: horasAtras(1) });
      expect(new Date(a.data_ficha).getTime()).toBeGreaterThan(new Date(a.data_chegada).getTime());
    });

    it('keeps the plate only for an arrival by vehicle, upper case without the hyphen', async () => {
      const samu = await chegada({ tipo_chegada_id: 2, placa_veiculo: 'abc-1d23' });
      expect(samu.placa_veiculo).toBe('ABC1D23');
      const proprio = await chegada({ tipo_chegada_id: 1, placa_veiculo: 'ABC1234' });
      expect(proprio.placa_veiculo).toBeNull();
      const m = await f.municipe();
      expect(await errorsOf(await post({ municipe_id: m.id, tipo_chegada_id: 4, placa_veiculo: '12-ABC' }))).toEqual({
        placa_veiculo: [msg.naoEValido],
      });
    });

    it('asks the companion name when there is one, checks the phone rule, and clears the companion otherwise', async () => {
      const m = await f.municipe();
      expect(
        await errorsOf(
          await post({ municipe_id: m.id, tipo_chegada_id: 2, possui_acompanhante: true, telefone: '1111111111' }),
        ),
      ).toEqual({ acompanhante_nome: [msg.obrigatorio], telefone: [msg.telefoneSequencial] });
      const com = await chegada({
        tipo_chegada_id: 2,
        possui_acompanhante: true,
        acompanhante_nome: 'Maria da Silva',
        rg: '12.345.678-9',
        parentesco_id: 138,
        telefone: '(61) 99183-7465',
      });
      expect(com).toMatchObject({ acompanhante_nome: 'Maria da Silva', parentesco_id: 138, telefone: '61991837465' });
      const sem = await chegada({ possui_acompanhante: false, acompanhante_nome: 'Maria', rg: '123' });
      expect(sem).toMatchObject({ possui_acompanhante: false, acompanhante_nome: null, rg: null });
    });

    it('refuses a citizen with a registered death now, and any arrival before their birth', async () => {
      const morto = await f.municipe({ data_obito: '2020-01-01' });
      expect(await errorsOf(await post({ municipe_id: morto.id, tipo_chegada_id: 1 }))).toEqual({
        municipe_id: [msg.atendimentoMunicipeComObito],
      });
      const bebe = await f.municipe({ data_nascimento: todayIso() });
      const ontem = horasAtras(30);
      const e = await errorsOf(
        await post(
          {
            municipe_id: bebe.id,
            tipo_chegada_id: 1,
            data_chegada: ontem,
            justificativa_retroativo: 'Sistema fora do ar',
          },
          recepcao.headers,
          urlRetro,
        ),
      );
      expect(e.data_chegada?.[0]).toMatch(/^não pode ser anterior ao nascimento do munícipe \(\d\d\/\d\d\/\d{4}\)$/);
    });

    it('takes a patient without identification of the unit, not one of another unit nor one identified', async () => {
      const pac = await semIdentificacao();
      const a = await create({ paciente_sem_identificacao_id: pac, tipo_chegada_id: 2 });
      expect(a).toMatchObject({ municipe_id: null, paciente_sem_identificacao_id: pac, sem_identificacao: true });
      expect(a.paciente_nome).toMatch(/^Desconhecido/);
      // Health data of someone not named yet: the read is audited all the same.
      expect((await get(a.id)).statusCode).toBe(200);
      expect(await auditRows(t, { action: 'show', record_id: a.id })).toHaveLength(1);

      const outra = await f.unidade({ tipo: 'UPA', pronto_atendimento: true });
      const deOutra = await semIdentificacao(outra);
      expect(await errorsOf(await post({ paciente_sem_identificacao_id: deOutra, tipo_chegada_id: 1 }))).toEqual({
        paciente_sem_identificacao_id: [msg.naoEValido],
      });
      const m = await f.municipe();
      const identificado = await semIdentificacao(upa, m.id);
      expect(await errorsOf(await post({ paciente_sem_identificacao_id: identificado, tipo_chegada_id: 1 }))).toEqual({
        paciente_sem_identificacao_id: [msg.atendimentoPacienteIdentificado],
      });
    });

    it('asks which CBO when the user has several in the unit, and fills the specialty of a doctor', async () => {
      const p = await f.profissional([
        { perfil: 'recepcao', unidade: upa, cbo: '422105' },
        { perfil: 'recepcao', unidade: upa, cbo: '225125' },
      ]);
      const headers = await f.signIn(p, upa);
      const m = await f.municipe();
      expect(await errorsOf(await post({ municipe_id: m.id, tipo_chegada_id: 1 }, headers))).toEqual({
        ocupacao_id: [msg.obrigatorio],
      });
      expect(
        await errorsOf(await post({ municipe_id: m.id, tipo_chegada_id: 1, ocupacao_id: '515105' }, headers)),
      ).toEqual({
        ocupacao_id: [msg.naoEValido],
      });
      const ctx = (await t.app.inject({ method: 'GET', url: `${url}/contexto`, headers })).json<AtendimentoContexto>();
      expect(ctx).toMatchObject({ ocupacao_id: null, especialidade: '225125' });
      expect(ctx.ocupacoes.map((o) => o.codigo)).toEqual(['422105', '225125']);
      const a = await create({ municipe_id: m.id, tipo_chegada_id: 1, ocupacao_id: '422105' }, headers);
      expect(a).toMatchObject({ ocupacao_id: '422105', especialidade: '225125' });
    });
  });

  describe('contexto', () => {
    it('names the patient asked for (audited) and the unit professionals', async () => {
      const m = await f.municipe();
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}/contexto`,
        headers: recepcao.headers,
        query: { municipe_id: m.id },
      });
      expect(res.statusCode).toBe(200);
      const c = res.json<AtendimentoContexto>();
      expect(c.paciente).toMatchObject({ municipe_id: m.id, paciente_nome: m.nome, obito: false });
      expect(c.ocupacao_id).toBe('422105');
      expect(c.profissionais.map((p) => p.id)).toEqual(expect.arrayContaining([recepcao.id, medico.id]));
      const rows = await auditRows(t, { resource: 'urgencia_emergencia/atendimentos', action: 'show' });
      expect(rows.some((r) => r.municipe_ids?.includes(m.id))).toBe(true);
      const nada = await t.app.inject({
        method: 'GET',
        url: `${url}/contexto`,
        headers: recepcao.headers,
        query: { municipe_id: UNKNOWN_ID },
      });
      expect(nada.statusCode).toBe(404);
    });
  });

  describe('list', () => {
    it('shows today by default, newest first, with filters, pages and an audit row naming the citizens', async () => {
      const unidade = await f.unidade({ tipo: 'UPA', pronto_atendimento: true });
      const rec = await f.usuario({ perfil: 'recepcao', unidade });
      const med = await f.usuario({ perfil: 'medico', unidade });
      // Created by the API, then moved to yesterday: the reception list opens on today.
      const ontem = await chegada({}, rec.headers);
      await t.db
        .update(atendimentos)
        .set({ data_chegada: new Date(Date.now() - 36 * 3_600_000) })
        .where(eq(atendimentos.id, ontem.id));
      const a1 = await chegada({}, rec.headers);
      const a2 = await chegada({}, rec.headers);
      await chegada({}, rec.headers);
      expect((await acao(a2.id, 'chamar', undefined, med.headers)).statusCode).toBe(200);

      const hoje = await list({}, rec.headers);
      expect(hoje.statusCode).toBe(200);
      expect(hoje.headers['x-total-count']).toBe('3');
      const rows = hoje.json<AtendimentoListItem[]>();
      expect(rows.map((r) => r.id)).not.toContain(ontem.id);
      expect(rows[rows.length - 1]!.id).toBe(a1.id);
      const [audit] = (await auditRows(t, { resource: 'urgencia_emergencia/atendimentos', action: 'index' })).slice(-1);
      expect(audit!.municipe_ids).toEqual(expect.arrayContaining(rows.map((r) => r.municipe_id)));

      const periodo = await list({ data_inicio: '2000-01-01', data_fim: todayIso() }, rec.headers);
      expect(periodo.headers['x-total-count']).toBe('4');
      expect((await list({ situacao: 'chamado' }, rec.headers)).json<AtendimentoListItem[]>().map((r) => r.id)).toEqual(
        [a2.id],
      );
      expect(
        (await list({ municipe_id: a1.municipe_id! }, rec.headers)).json<AtendimentoListItem[]>().map((r) => r.id),
      ).toEqual([a1.id]);
      // One citizen's history is not limited to today.
      expect(
        (await list({ municipe_id: ontem.municipe_id! }, rec.headers)).json<AtendimentoListItem[]>().map((r) => r.id),
      ).toEqual([ontem.id]);
      // The patient filter: a piece of the name without accents or case, or the start of the CPF; any date.
      const [pessoa] = await t.db
        .select({ nome: municipes.nome, cpf: municipes.cpf_numero })
        .from(municipes)
        .where(eq(municipes.id, ontem.municipe_id!));
      const pedaco = pessoa!.nome.split(' ').slice(-1)[0]!.toUpperCase();
      expect((await list({ paciente: pedaco }, rec.headers)).json<AtendimentoListItem[]>().map((r) => r.id)).toContain(
        ontem.id,
      );
      if (pessoa!.cpf) {
        const porCpf = await list({ paciente: pessoa!.cpf.slice(0, 9) }, rec.headers);
        expect(porCpf.json<AtendimentoListItem[]>().map((r) => r.id)).toEqual([ontem.id]);
      }
      expect((await list({ paciente: 'Ninguém Com Este Nome Zzq' }, rec.headers)).headers['x-total-count']).toBe('0');
      expect(await errorsOf(await list({ paciente: 'x'.repeat(101) }, rec.headers))).toEqual({
        paciente: [msg.max(100)],
      });
      expect((await list({ profissional_id: med.id }, rec.headers)).headers['x-total-count']).toBe('0');
      const pagina = await list({ per_page: '2', page: '2' }, rec.headers);
      expect(pagina.json<AtendimentoListItem[]>()).toHaveLength(1);
      expect(await errorsOf(await list({ data_inicio: todayIso(), data_fim: '2000-01-01' }, rec.headers))).toEqual({
        data_fim: [msg.maiorOuIgualQue(todayIso().split('-').reverse().join('/'))],
      });
      expect(await errorsOf(await list({ situacao: 'perdido' }, rec.headers))).toHaveProperty('situacao');
    });
  });

  describe('chamar and cancelar', () => {
    it('calls the patient (who and when in the history) and calls again; refuses a cancelled or concluded one', async () => {
      const a = await chegada();
      const res = await acao(a.id, 'chamar', undefined, medico.headers);
      expect(res.statusCode).toBe(200);
      const chamado = res.json<Atendimento>();
      expect(chamado).toMatchObject({ situacao: 'chamado', chamado_por_nome: medico.nome });
      expect(chamado.chamado_em).not.toBeNull();
      // Again before the unit's tempo_chamadas (30 s by default): refused, saying how long is left.
      const cedo = await acao(a.id, 'chamar');
      expect(cedo.statusCode).toBe(409);
      const corpo = cedo.json<{ message: string; segundos_restantes: number }>();
      expect(corpo.segundos_restantes).toBeGreaterThan(25);
      expect(corpo.segundos_restantes).toBeLessThanOrEqual(30);
      expect(corpo.message).toBe(msg.chamadaRepetidaCedo(corpo.segundos_restantes));
      expect(corpo.message).toMatch(/^Aguarde \d+ segundos para chamar novamente\.$/);
      await t.db
        .update(atendimentos)
        .set({ chamado_em: new Date(Date.now() - 31_000) })
        .where(eq(atendimentos.id, a.id));
      expect((await acao(a.id, 'chamar')).statusCode).toBe(200);
      const v = (await get(a.id)).json<Atendimento>();
      expect(v.historico.map((h) => [h.evento, h.por_nome])).toEqual([
        ['criado', recepcao.nome],
        ['chamado', medico.nome],
        ['chamado', recepcao.nome],
      ]);

      const c = await chegada();
      expect((await acao(c.id, 'cancelar', { justificativa: 'Paciente desistiu e foi embora' })).statusCode).toBe(200);
      const r1 = await acao(c.id, 'chamar');
      expect(r1.statusCode).toBe(409);
      expect(r1.json<{ message: string }>().message).toBe(msg.atendimentoCanceladoNaoChama);

      const d = await chegada();
      await t.db.update(atendimentos).set({ situacao: 'concluido' }).where(eq(atendimentos.id, d.id));
      const r2 = await acao(d.id, 'chamar');
      expect(r2.statusCode).toBe(409);
      expect(r2.json<{ message: string }>().message).toBe(msg.atendimentoConcluidoNaoChama);
      const r3 = await acao(d.id, 'cancelar', { justificativa: 'Registro feito por engano' });
      expect(r3.json<{ message: string }>().message).toBe(msg.atendimentoConcluidoNaoCancela);
    });

    it('cancels with a justification of 10 characters or more; the visit stays, shown cancelled', async () => {
      const a = await chegada();
      expect(await errorsOf(await acao(a.id, 'cancelar', { justificativa: '' }))).toEqual({
        justificativa: [msg.obrigatorio],
      });
      expect(await errorsOf(await acao(a.id, 'cancelar', { justificativa: 'curta' }))).toEqual({
        justificativa: ['deve conter pelo menos 10 caracteres'],
      });
      const res = await acao(a.id, 'cancelar', { justificativa: '  Paciente foi embora sem avisar  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json<Atendimento>()).toMatchObject({
        situacao: 'cancelado',
        cancelado_por_nome: recepcao.nome,
        justificativa_cancelamento: 'Paciente foi embora sem avisar',
      });
      const v = (await get(a.id)).json<Atendimento>();
      expect(v.historico.at(-1)).toMatchObject({ evento: 'cancelado', detalhe: 'Paciente foi embora sem avisar' });
      const again = await acao(a.id, 'cancelar', { justificativa: 'Paciente foi embora sem avisar' });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(msg.atendimentoJaCancelado);
      const edit = await put(v, { senha: 'B1' });
      expect(edit.statusCode).toBe(409);
      expect(edit.json<{ message: string }>().message).toBe(msg.atendimentoEncerradoNaoAltera);
      // The row is still there, listed as cancelled; there is no DELETE.
      expect((await list({ situacao: 'cancelado' })).json<AtendimentoListItem[]>().map((r) => r.id)).toContain(a.id);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `${url}/${a.id}`, headers: recepcao.headers })).statusCode,
      ).toBe(404);
      const [row] = await auditRows(t, { action: 'cancelar', record_id: a.id });
      expect(row!.municipe_ids).toEqual([a.municipe_id]);
      expect(row!.details).toBeNull();
    });
  });

  describe('iniciar and concluir (issue 39)', () => {
    it('starts the care (called or not) and concludes it; then the visit is closed; each step in the history', async () => {
      const a = await chegada();
      expect((await acao(a.id, 'chamar', undefined, medico.headers)).statusCode).toBe(200);
      const ini = await acao(a.id, 'iniciar', undefined, medico.headers);
      expect(ini.statusCode).toBe(200);
      expect(ini.json<Atendimento>().situacao).toBe('em_atendimento');
      const outra = await acao(a.id, 'iniciar', undefined, medico.headers);
      expect(outra.statusCode).toBe(409);
      expect(outra.json<{ message: string }>().message).toBe(msg.atendimentoEmAndamento);
      const chamar = await acao(a.id, 'chamar');
      expect(chamar.json<{ message: string }>().message).toBe(msg.atendimentoEmAndamento);
      const fim = await acao(a.id, 'concluir', undefined, medico.headers);
      expect(fim.statusCode).toBe(200);
      const v = fim.json<Atendimento>();
      expect(v.situacao).toBe('concluido');
      expect(v.historico.map((h) => [h.evento, h.por_nome])).toEqual([
        ['criado', recepcao.nome],
        ['chamado', medico.nome],
        ['iniciado', medico.nome],
        ['concluido', medico.nome],
      ]);
      for (const passo of ['iniciar', 'concluir'] as const) {
        const r = await acao(a.id, passo);
        expect(r.statusCode).toBe(409);
        expect(r.json<{ message: string }>().message).toBe(msg.atendimentoEncerradoNaoAltera);
      }
      expect((await put(v, { senha: 'X1' })).statusCode).toBe(409);
      const [row] = await auditRows(t, { action: 'concluir', record_id: a.id });
      expect(row).toMatchObject({ resource: 'urgencia_emergencia/atendimentos', municipe_ids: [a.municipe_id] });

      // Someone who walks straight in: started without a call.
      const b = await chegada();
      expect((await acao(b.id, 'iniciar')).json<Atendimento>().situacao).toBe('em_atendimento');
      // A cancelled one is neither started nor concluded.
      const c = await chegada();
      await acao(c.id, 'cancelar', { justificativa: 'Paciente desistiu e foi embora' });
      expect((await acao(c.id, 'iniciar')).statusCode).toBe(409);
      expect((await acao(c.id, 'concluir')).statusCode).toBe(409);
    });

    it('asks the edit permission (403 without it) and the unit (404 elsewhere)', async () => {
      const a = await chegada();
      const acs = await f.usuario({ perfil: 'acs', unidade: upa });
      expect((await acao(a.id, 'iniciar', undefined, acs.headers)).statusCode).toBe(403);
      expect((await acao(a.id, 'concluir', undefined, acs.headers)).statusCode).toBe(403);
      const outra = await f.unidade({ tipo: 'UPA', pronto_atendimento: true });
      const rec = await f.usuario({ perfil: 'recepcao', unidade: outra });
      expect((await acao(a.id, 'iniciar', undefined, rec.headers)).statusCode).toBe(404);
      expect((await acao(a.id, 'concluir', undefined, rec.headers)).statusCode).toBe(404);
      expect((await acao(UNKNOWN_ID, 'concluir')).statusCode).toBe(404);
    });
  });

  describe('update', () => {
    it('stores a typed ticket upper case (issue 39: "n005" is N005)', async () => {
      const a = await chegada({ senha: 'n005' });
      expect(a.senha).toBe('N005');
      expect((await put(a, { senha: 'b12' })).json<Atendimento>().senha).toBe('B12');
    });

    it('edits the answers (the patient stays) and answers 409 to a stale lock_version', async () => {
      const a = await chegada({ tipo_chegada_id: 2, placa_veiculo: 'ABC1D23' });
      const outro = await f.municipe();
      const res = await put(a, { tipo_chegada_id: 1, senha: 'C7', acolhimento: true, municipe_id: outro.id });
      expect(res.statusCode).toBe(200);
      const b = res.json<Atendimento>();
      expect(b).toMatchObject({
        municipe_id: a.municipe_id,
        senha: 'C7',
        acolhimento: true,
        tipo_chegada_id: 1,
        placa_veiculo: null,
        lock_version: a.lock_version + 1,
      });
      expect(b.historico.map((h) => h.evento)).toEqual(['criado', 'alterado']);
      const stale = await put(a, { senha: 'D8' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ code: string }>().code).toBe('edicao_desatualizada');
      expect(await errorsOf(await put(b, { data_ficha: horasAtras(5) }))).toEqual({
        data_ficha: [msg.fichaAntesDaChegada],
      });
    });
  });

  describe('retroactive visits', () => {
    it('require the past arrival and a reason of 10 characters, are listed apart and read only there', async () => {
      const m = await f.municipe();
      expect(await errorsOf(await post({ municipe_id: m.id, tipo_chegada_id: 1 }, recepcao.headers, urlRetro))).toEqual(
        {
          data_chegada: [msg.obrigatorio],
          justificativa_retroativo: [msg.obrigatorio],
        },
      );
      expect(
        await errorsOf(
          await post(
            { municipe_id: m.id, tipo_chegada_id: 1, data_chegada: horasAtras(3), justificativa_retroativo: 'queda' },
            recepcao.headers,
            urlRetro,
          ),
        ),
      ).toEqual({ justificativa_retroativo: [msg.min(10)] });
      const futuro = new Date(Date.now() + 86_400_000).toISOString();
      const e = await errorsOf(
        await post(
          {
            municipe_id: m.id,
            tipo_chegada_id: 1,
            data_chegada: futuro,
            justificativa_retroativo: 'Sistema fora do ar',
          },
          recepcao.headers,
          urlRetro,
        ),
      );
      expect(e.data_chegada?.[0]).toBe(msg.dataFutura);

      const r = await create(
        {
          municipe_id: m.id,
          tipo_chegada_id: 1,
          data_chegada: horasAtras(50),
          data_ficha: horasAtras(49),
          justificativa_retroativo: 'Sistema fora do ar durante a madrugada',
        },
        recepcao.headers,
        urlRetro,
      );
      expect(r).toMatchObject({ retroativo: true, justificativa_retroativo: 'Sistema fora do ar durante a madrugada' });
      // A visit of now never keeps a late-entry reason.
      expect((await chegada({ justificativa_retroativo: 'Sistema fora do ar' })).justificativa_retroativo).toBeNull();

      const retro = await list({}, recepcao.headers, urlRetro);
      expect(retro.json<AtendimentoListItem[]>().map((x) => x.id)).toContain(r.id);
      const recepcaoLista = await list({ data_inicio: '2000-01-01' });
      expect(recepcaoLista.json<AtendimentoListItem[]>().map((x) => x.id)).not.toContain(r.id);
      expect((await get(r.id)).statusCode).toBe(404);
      expect((await get(r.id, recepcao.headers, urlRetro)).statusCode).toBe(200);
      const [row] = await auditRows(t, { action: 'create', record_id: r.id });
      expect(row!.resource).toBe('urgencia_emergencia/atendimentos_retroativos');
      // A death registered later does not stop entering a visit from before it.
      const morto = await f.municipe({ data_obito: todayIso() });
      const tarde = await post(
        {
          municipe_id: morto.id,
          tipo_chegada_id: 1,
          data_chegada: horasAtras(30),
          justificativa_retroativo: 'Sistema fora do ar',
        },
        recepcao.headers,
        urlRetro,
      );
      expect(tarde.statusCode).toBe(201);
    });
  });

  describe('access', () => {
    it('lets the care profiles read, call and update, not create nor cancel; others get 403', async () => {
      const a = await chegada();
      expect((await get(a.id, medico.headers)).statusCode).toBe(200);
      expect((await acao(a.id, 'chamar', undefined, medico.headers)).statusCode).toBe(200);
      const m = await f.municipe();
      expect((await post({ municipe_id: m.id, tipo_chegada_id: 1 }, medico.headers)).statusCode).toBe(403);
      expect(
        (await acao(a.id, 'cancelar', { justificativa: 'Registro feito por engano' }, medico.headers)).statusCode,
      ).toBe(403);
      const acs = await f.usuario({ perfil: 'acs', unidade: upa });
      expect((await list({}, acs.headers)).statusCode).toBe(403);
      expect((await get(a.id, acs.headers)).statusCode).toBe(403);
    });

    it('answers 404 for another unit visit and 403 in a unit without urgent care', async () => {
      const a = await chegada();
      const outra = await f.unidade({ tipo: 'UPA', pronto_atendimento: true });
      const rec = await f.usuario({ perfil: 'recepcao', unidade: outra });
      expect((await get(a.id, rec.headers)).statusCode).toBe(404);
      expect((await acao(a.id, 'chamar', undefined, rec.headers)).statusCode).toBe(404);
      expect(
        (await acao(a.id, 'cancelar', { justificativa: 'Registro feito por engano' }, rec.headers)).statusCode,
      ).toBe(404);
      expect((await put(a, {}, rec.headers)).statusCode).toBe(404);
      expect((await list({}, rec.headers)).json<AtendimentoListItem[]>().map((r) => r.id)).not.toContain(a.id);

      const ubs = await f.unidade();
      const naUbs = await f.usuario({ perfil: 'recepcao', unidade: ubs });
      const m = await f.municipe();
      expect((await list({}, naUbs.headers)).statusCode).toBe(403);
      expect((await post({ municipe_id: m.id, tipo_chegada_id: 1 }, naUbs.headers)).statusCode).toBe(403);
      expect((await get(a.id, naUbs.headers)).statusCode).toBe(403);
    });
  });
});
