import { lediMsg } from '@saude/shared/schemas/exportacao_esus';
import { describe, expect, it } from 'vitest';
import { fichaDomiciliar, fichaIndividual, fichaVisita, lotacao } from './test-data';
import { validarFicha } from './validacao';

const AGORA = Date.UTC(2026, 10, 25);

describe('pre-export check (LEDI rules the XSD does not express)', () => {
  it('a complete record of each type passes', () => {
    expect(validarFicha({ tipo: 'individual', ficha: fichaIndividual() }, AGORA)).toEqual([]);
    expect(validarFicha({ tipo: 'domiciliar', ficha: fichaDomiciliar() }, AGORA)).toEqual([]);
    expect(validarFicha({ tipo: 'visita', ficha: fichaVisita() }, AGORA)).toEqual([]);
  });

  it("the professional's CBO must belong to the form's LEDI group", () => {
    // 225125 (médico clínico) may record an individual registration but not a home visit.
    const medico = lotacao('225125');
    expect(validarFicha({ tipo: 'individual', ficha: fichaIndividual({ lotacao: medico }) }, AGORA)).toEqual([]);
    expect(validarFicha({ tipo: 'visita', ficha: fichaVisita({ lotacao: medico }) }, AGORA)).toEqual([
      { campo: 'CBO do profissional', motivo: lediMsg.cboNaoPermitido('visita domiciliar') },
    ]);
  });

  it('the blank, an invalid CNS and a missing CNES header are reported field by field', () => {
    const l = { ...lotacao(), profissionalCns: '123456789012345', cnes: '' };
    expect(validarFicha({ tipo: 'domiciliar', ficha: fichaDomiciliar({ lotacao: l }) }, AGORA)).toEqual([
      { campo: 'CNS do profissional', motivo: lediMsg.invalido },
      { campo: 'CNES da unidade', motivo: lediMsg.obrigatorio },
    ]);
    const blank = { ...lotacao(), profissionalCns: '   ', cbo: null };
    expect(validarFicha({ tipo: 'visita', ficha: fichaVisita({ lotacao: blank }) }, AGORA).map((p) => p.campo)).toEqual(
      ['CNS do profissional', 'CBO do profissional'],
    );
  });

  it('individual: sizes, code lists, a NUL byte, exit by death without the date', () => {
    const f = fichaIndividual();
    const problemas = validarFicha(
      {
        tipo: 'individual',
        ficha: {
          ...f,
          municipe: { ...f.municipe, nome: 'A'.repeat(71), nomeMae: 'ANA\u0000', racaCor: 9, cpf: '11111111111' },
          saida: { motivo: 135, dataObito: null, numeroDo: null },
        },
      },
      AGORA,
    );
    expect(problemas).toEqual([
      { campo: 'Nome', motivo: lediMsg.tamanho(70) },
      { campo: 'Raça/cor', motivo: lediMsg.codigo },
      { campo: 'Nome da mãe', motivo: lediMsg.caractereInvalido },
      { campo: 'CPF', motivo: lediMsg.invalido },
      { campo: 'Data do óbito', motivo: lediMsg.obrigatorio },
    ]);
  });

  it('individual: a member needs the head of family’s CPF or CNS, except on a refusal', () => {
    const sem = fichaIndividual({ responsavel: { cpf: null, cns: null } });
    expect(validarFicha({ tipo: 'individual', ficha: sem }, AGORA)).toEqual([
      { campo: 'Responsável familiar', motivo: lediMsg.responsavelSemDocumento },
    ]);
    expect(validarFicha({ tipo: 'individual', ficha: { ...sem, termoRecusa: true } }, AGORA)).toEqual([]);
  });

  it('household: the address is required even on a refusal; a micro-area is two digits unless outside the area', () => {
    const e = { ...fichaDomiciliar().endereco, cep: '7000', logradouro: null };
    const problemas = validarFicha(
      { tipo: 'domiciliar', ficha: fichaDomiciliar({ termoRecusa: true, endereco: e, microArea: '1' }) },
      AGORA,
    );
    expect(problemas.map((p) => p.campo)).toEqual(['Microárea', 'CEP', 'Logradouro']);
    expect(
      validarFicha({ tipo: 'domiciliar', ficha: fichaDomiciliar({ microArea: null, foraArea: true }) }, AGORA),
    ).toEqual([]);
  });

  it('visit: ranges and the glucose moment', () => {
    const problemas = validarFicha(
      { tipo: 'visita', ficha: fichaVisita({ temperatura: 60, tipoGlicemia: null, motivos: [999], turno: 7 }) },
      AGORA,
    );
    expect(problemas).toEqual([
      { campo: 'Turno', motivo: lediMsg.codigo },
      { campo: 'Motivo da visita', motivo: lediMsg.codigo },
      { campo: 'Temperatura (°C)', motivo: lediMsg.foraDaFaixa(20, 45) },
      { campo: 'Momento da coleta da glicemia', motivo: lediMsg.obrigatorio },
    ]);
  });

  it('a record dated after now is refused', () => {
    const l = { ...lotacao(), dataAtendimento: AGORA + 86_400_000 };
    expect(validarFicha({ tipo: 'visita', ficha: fichaVisita({ lotacao: l }) }, AGORA)).toEqual([
      { campo: 'Data da ficha', motivo: lediMsg.dataFutura },
    ]);
  });
});
