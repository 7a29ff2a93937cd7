import { describe, expect, it } from 'vitest';
import { cbo } from '../codes/cbo';
import { msg } from '../messages';
import {
  atendimentoInputSchema,
  atendimentoRetroativoInputSchema,
  cancelarAtendimentoSchema,
  chegadaPorVeiculo,
  especialidadesUrgencia,
  normalizarAtendimento,
  tiposChegada,
} from './atendimento';
import { errors } from './test-errors';

const M = '0190a0b0-0000-7000-8000-000000000001';
const P = '0190a0b0-0000-7000-8000-000000000002';
const horasAtras = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describe('care visit tables', () => {
  it('names each specialty as the CBO table does, and keeps the arrival codes unique', () => {
    for (const e of especialidadesUrgencia) {
      expect(cbo.find((o) => o.codigo === e.codigo)?.descricao.toLowerCase()).toBe(e.descricao.toLowerCase());
    }
    expect(new Set(tiposChegada.map((t) => t.codigo)).size).toBe(tiposChegada.length);
    expect(chegadaPorVeiculo(2)).toBe(true);
    expect(chegadaPorVeiculo('1')).toBe(false);
    expect(chegadaPorVeiculo(null)).toBe(false);
  });
});

describe('atendimentoInputSchema', () => {
  it('asks the arrival type and exactly one patient', () => {
    expect(errors(atendimentoInputSchema, { tipo_chegada_id: null })).toEqual({
      tipo_chegada_id: [msg.obrigatorio],
      municipe_id: [msg.obrigatorio],
    });
    expect(
      errors(atendimentoInputSchema, { municipe_id: M, paciente_sem_identificacao_id: P, tipo_chegada_id: 1 }),
    ).toEqual({ paciente_sem_identificacao_id: [msg.municipeOuPaciente] });
  });

  it('refuses a form before the arrival and a companion without a name; normalizes the plate', () => {
    expect(
      errors(atendimentoInputSchema, {
        municipe_id: M,
        tipo_chegada_id: 2,
        data_chegada: horasAtras(1),
        data_ficha: horasAtras(2),
        possui_acompanhante: true,
      }),
    ).toEqual({ data_ficha: [msg.fichaAntesDaChegada], acompanhante_nome: [msg.obrigatorio] });
    const ok = atendimentoInputSchema.parse({ municipe_id: M, tipo_chegada_id: 2, placa_veiculo: 'abc-1234' });
    expect(ok.placa_veiculo).toBe('ABC1234');
    expect(ok.acolhimento).toBeUndefined();
  });

  it('clears the plate off a vehicle, the companion when there is none, the late reason of a visit of now', () => {
    const n = normalizarAtendimento({
      tipo_chegada_id: 1,
      placa_veiculo: 'ABC1234',
      possui_acompanhante: false,
      acompanhante_nome: 'Maria',
      telefone: '61991837465',
      justificativa_retroativo: 'Sistema fora do ar',
    });
    expect(n).toMatchObject({
      placa_veiculo: undefined,
      acompanhante_nome: undefined,
      telefone: undefined,
      justificativa_retroativo: undefined,
    });
    expect(
      normalizarAtendimento({ justificativa_retroativo: 'x' }, { retroativo: true }).justificativa_retroativo,
    ).toBe('x');
  });
});

describe('atendimentoRetroativoInputSchema', () => {
  it('requires the arrival and a reason of at least 10 characters', () => {
    expect(errors(atendimentoRetroativoInputSchema, { municipe_id: M, tipo_chegada_id: 1 })).toEqual({
      data_chegada: [msg.obrigatorio],
      justificativa_retroativo: [msg.obrigatorio],
    });
    expect(
      errors(atendimentoRetroativoInputSchema, {
        municipe_id: M,
        tipo_chegada_id: 1,
        data_chegada: horasAtras(30),
        justificativa_retroativo: 'curto',
      }),
    ).toEqual({ justificativa_retroativo: [msg.min(10)] });
  });
});

describe('cancelarAtendimentoSchema', () => {
  it('asks a justification of 10 characters or more', () => {
    expect(errors(cancelarAtendimentoSchema, { justificativa: ' ' })).toEqual({ justificativa: [msg.obrigatorio] });
    expect(errors(cancelarAtendimentoSchema, { justificativa: 'desistiu' })).toEqual({
      justificativa: ['deve conter pelo menos 10 caracteres'],
    });
  });
});
