import { msg } from '@saude/shared';
import type { AtendimentoContexto } from '@saude/shared/schemas/atendimento';
import type { UnidadeParametros } from '@saude/shared/schemas/parametrizacao_sistema';
import { PENDENCIAS_RECEPCAO, validacaoRecepcaoMsg } from '@saude/shared/schemas/validacao_recepcao';
import { todayIso } from '@saude/shared/validation/dates';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { atendimentos, senhas, unidadesSaude } from '../../../db/schema';
import { filasFixtures } from '../../../test/filas-fixtures';
import { fixtures, type Headers, type Unidade } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';

// Issue 39: the unit flags sem_validacao and validacao_completa_municipe at the urgent-care reception
// (packages/shared/src/schemas/validacao_recepcao.ts).

const url = '/api/v1/urgencia_emergencia/atendimentos';
const urlRetro = '/api/v1/urgencia_emergencia/atendimentos_retroativos';
const flagsUrl = '/api/v1/parametros/unidades_saude';

/** Every item the reception asks for. */
const COMPLETO = {
  nome_mae: 'Maria das Dores',
  telefone_celular: '61991837465',
  residencia_logradouro: 'Rua das Acácias',
  residencia_numero: 'S/N',
  residencia_bairro: 'Centro',
  residencia_municipio_ibge: '5300108',
};
const TODAS = PENDENCIAS_RECEPCAO.map((p) => p.rotulo);

describe('the reception registration check (unit flags)', () => {
  const t = useTestApp();
  const f = fixtures(t);
  const upas = {} as Record<'aviso' | 'completa' | 'sem_validacao', { unidade: Unidade; recepcao: Headers }>;

  beforeAll(async () => {
    for (const [modo, flags] of [
      ['aviso', {}],
      ['completa', { validacao_completa_municipe: true }],
      ['sem_validacao', { sem_validacao: true }],
    ] as const) {
      const unidade = await f.unidade({ tipo: 'UPA', pronto_atendimento: true, ...flags });
      upas[modo] = { unidade, recepcao: (await f.usuario({ perfil: 'recepcao', unidade })).headers };
    }
  });

  const post = (modo: keyof typeof upas, payload: object, base = url) =>
    t.app.inject({ method: 'POST', url: base, headers: upas[modo].recepcao, payload });
  const contexto = async (modo: keyof typeof upas, municipeId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}/contexto`,
      headers: upas[modo].recepcao,
      query: { municipe_id: municipeId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AtendimentoContexto>().validacao_cadastro;
  };

  describe('validacao_completa_municipe on', () => {
    it('refuses an incomplete citizen with 422 naming every missing item, and takes a complete one', async () => {
      const incompleto = await f.municipe({ cpf_numero: null, codigo_cns: null, telefone_celular: null });
      const res = await post('completa', { municipe_id: incompleto.id, tipo_chegada_id: 1 });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ municipe_id: [validacaoRecepcaoMsg.incompleto(TODAS)] });
      expect(validacaoRecepcaoMsg.incompleto(['Telefone', 'Bairro'])).toBe(
        'tem o cadastro incompleto para esta unidade: falta Telefone e Bairro',
      );
      const rows = await t.db.select().from(atendimentos).where(eq(atendimentos.municipe_id, incompleto.id));
      expect(rows).toHaveLength(0);

      const completo = await f.municipe(COMPLETO);
      const ok = await post('completa', { municipe_id: completo.id, tipo_chegada_id: 1 });
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('counts blank text as missing and "mãe desconhecida" or only a CNS as given', async () => {
      const branco = await f.municipe({ ...COMPLETO, nome_mae: '   ', residencia_bairro: ' ', telefone_celular: '' });
      expect((await post('completa', { municipe_id: branco.id, tipo_chegada_id: 1 })).json().errors).toEqual({
        municipe_id: [validacaoRecepcaoMsg.incompleto(['Nome da mãe', 'Telefone', 'Bairro'])],
      });
      const semMae = await f.municipe({ ...COMPLETO, nome_mae: null, mae_desconhecida: true, cpf_numero: null });
      expect((await post('completa', { municipe_id: semMae.id, tipo_chegada_id: 1 })).statusCode).toBe(201);
      // Unanswered (no name, not marked unknown) is missing.
      const naoRespondida = await f.municipe({ ...COMPLETO, nome_mae: null, mae_desconhecida: false });
      expect(await contexto('completa', naoRespondida.id)).toEqual({ modo: 'completa', pendencias: ['Nome da mãe'] });
    });

    it("a refused arrival leaves the typed ticket free (the queue's link rolls back)", async () => {
      const cena = await filasFixtures(t).cenario();
      await t.db
        .update(unidadesSaude)
        .set({ validacao_completa_municipe: true })
        .where(eq(unidadesSaude.id, cena.unidade.id));
      const rec = (await f.usuario({ perfil: 'recepcao', unidade: cena.unidade })).headers;
      const emitida = await t.app.inject({
        method: 'POST',
        url: '/api/v1/filas/senhas',
        headers: rec,
        payload: { categoria_id: cena.categorias.normal.id },
      });
      expect(emitida.statusCode, emitida.body).toBe(201);
      const senha = emitida.json<{ id: string; codigo: string; situacao: string }>();
      const chegada = async (municipeId: string) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: rec,
          payload: { municipe_id: municipeId, tipo_chegada_id: 1, senha: senha.codigo },
        });
      const incompleto = await f.municipe({ nome_mae: null });
      expect((await chegada(incompleto.id)).statusCode).toBe(422);
      const [row] = await t.db.select().from(senhas).where(eq(senhas.id, senha.id));
      expect(row).toMatchObject({ atendimento_id: null, situacao: senha.situacao });
      // Completed, the same citizen takes the ticket.
      const completo = await f.municipe(COMPLETO);
      const ok = await chegada(completo.id);
      expect(ok.statusCode, ok.body).toBe(201);
      const [depois] = await t.db.select().from(senhas).where(eq(senhas.id, senha.id));
      expect(depois).toMatchObject({ atendimento_id: ok.json().id, situacao: 'concluida' });
    });

    it('a deceased citizen is refused for the death, not for the record; a retroactive entry only warns', async () => {
      const morto = await f.municipe({ data_obito: '2020-01-01', nome_mae: null });
      expect((await post('completa', { municipe_id: morto.id, tipo_chegada_id: 1 })).json().errors).toEqual({
        municipe_id: [msg.atendimentoMunicipeComObito],
      });
      const incompleto = await f.municipe({ nome_mae: null });
      const retro = await post(
        'completa',
        {
          municipe_id: incompleto.id,
          tipo_chegada_id: 1,
          data_chegada: new Date(Date.now() - 30 * 3_600_000).toISOString(),
          justificativa_retroativo: 'Sistema fora do ar durante a noite',
        },
        urlRetro,
      );
      expect(retro.statusCode, retro.body).toBe(201);
    });

    it('an unidentified patient is received without the check', async () => {
      const { unidade, recepcao } = upas.completa;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/urgencia_emergencia/paciente_sem_identificacoes',
        headers: recepcao,
        payload: { nome: 'Homem de camisa azul', sexo_id: 0 },
      });
      expect(res.statusCode, res.body).toBe(201);
      const chegada = await post('completa', { paciente_sem_identificacao_id: res.json().id, tipo_chegada_id: 1 });
      expect(chegada.statusCode, chegada.body).toBe(201);
      expect(chegada.json()).toMatchObject({ unidade_saude_id: unidade.id, sem_identificacao: true });
    });
  });

  describe('validacao_completa_municipe off', () => {
    it('by default the arrival is saved and the context lists what is missing', async () => {
      const incompleto = await f.municipe({ nome_mae: null, codigo_cns: null });
      expect(await contexto('aviso', incompleto.id)).toEqual({
        modo: 'aviso',
        pendencias: ['Nome da mãe', 'Logradouro', 'Número', 'Bairro', 'Município de residência'],
      });
      expect((await post('aviso', { municipe_id: incompleto.id, tipo_chegada_id: 1 })).statusCode).toBe(201);
      const completo = await f.municipe(COMPLETO);
      expect(await contexto('aviso', completo.id)).toEqual({ modo: 'aviso', pendencias: [] });
    });

    it('sem_validacao: no check, no warning; a death still refuses an arrival of now', async () => {
      const incompleto = await f.municipe({ cpf_numero: null, codigo_cns: null, nome_mae: null });
      expect(await contexto('sem_validacao', incompleto.id)).toEqual({ modo: 'sem_validacao', pendencias: [] });
      expect((await post('sem_validacao', { municipe_id: incompleto.id, tipo_chegada_id: 1 })).statusCode).toBe(201);
      const morto = await f.municipe({ data_obito: todayIso() });
      expect((await post('sem_validacao', { municipe_id: morto.id, tipo_chegada_id: 1 })).json().errors).toEqual({
        municipe_id: [msg.atendimentoMunicipeComObito],
      });
    });

    it('turning the flag off on the unit lets the same citizen in', async () => {
      const incompleto = await f.municipe({ telefone_celular: '  ' });
      const unidade = await f.unidade({ tipo: 'UPA', pronto_atendimento: true, validacao_completa_municipe: true });
      const rec = (await f.usuario({ perfil: 'recepcao', unidade })).headers;
      const enviar = () =>
        t.app.inject({
          method: 'POST',
          url,
          headers: rec,
          payload: { municipe_id: incompleto.id, tipo_chegada_id: 1 },
        });
      expect((await enviar()).statusCode).toBe(422);
      await t.db
        .update(unidadesSaude)
        .set({ validacao_completa_municipe: false })
        .where(eq(unidadesSaude.id, unidade.id));
      expect((await enviar()).statusCode).toBe(201);
    });
  });

  describe('the unit form', () => {
    it('refuses both flags on together (422 on validacao_completa_municipe) and takes either alone', async () => {
      const unidade = await f.unidade();
      const gestor = (await f.usuario({ perfil: 'gestor', unidade })).headers;
      const lista = await t.app.inject({ method: 'GET', url: flagsUrl, headers: gestor });
      const atual = lista.json<UnidadeParametros[]>().find((u) => u.id === unidade.id)!;
      const { id: _i, nome: _n, cnes: _c, ativo: _a, ...corpo } = atual;
      const put = (over: object, lock_version: number) =>
        t.app.inject({
          method: 'PUT',
          url: `${flagsUrl}/${unidade.id}`,
          headers: gestor,
          payload: { ...corpo, ...over, lock_version },
        });
      const ambas = await put({ sem_validacao: true, validacao_completa_municipe: true }, atual.lock_version);
      expect(ambas.statusCode).toBe(422);
      expect(ambas.json().errors).toEqual({ validacao_completa_municipe: [validacaoRecepcaoMsg.conflito] });
      const uma = await put({ sem_validacao: false, validacao_completa_municipe: true }, atual.lock_version);
      expect(uma.statusCode, uma.body).toBe(200);
      const outra = await put({ sem_validacao: true, validacao_completa_municipe: false }, uma.json().lock_version);
      expect(outra.statusCode, outra.body).toBe(200);
    });
  });
});
