import { describe, expect, it } from 'vitest';
import { msg } from '../messages';
import { idadeEmAnos } from './municipe';
import {
  corCabelo,
  corOlhos,
  normalizarPaciente,
  pacienteSemIdentificacaoInputSchema as schema,
  pseudonimo,
} from './paciente_sem_identificacao';
import { errors } from './test-errors';

const parse = (v: object) => schema.parse({ nome: 'Paciente', ...v });

describe('patient without identification', () => {
  it('derives the age from the estimated birth date and keeps an age given alone', () => {
    expect(normalizarPaciente(parse({ data_nascimento_estimada: '1990-01-01' })).idade_estimada).toBe(
      idadeEmAnos('1990-01-01'),
    );
    const soIdade = normalizarPaciente(parse({ idade_estimada: '33' }));
    expect(soIdade.idade_estimada).toBe(33);
    expect(soIdade.data_nascimento_estimada).toBeUndefined();
    expect(errors(schema, { nome: 'P', data_nascimento_estimada: '1990-01-01', idade_estimada: 3 })).toEqual({
      idade_estimada: [msg.idadeNaoConfere],
    });
  });

  it("clears what does not apply: a Brazilian's country is Brazil, no deficiencies without one", () => {
    expect(normalizarPaciente(parse({ nacionalidade_id: 1, municipio_nascimento_ibge: '5300108' }))).toMatchObject({
      pais_nascimento_id: 31,
      municipio_nascimento_ibge: '5300108',
    });
    const naturalizado = normalizarPaciente(parse({ nacionalidade_id: 2, pais_nascimento_id: 10 }));
    expect(naturalizado.pais_nascimento_id).toBe(10);
    expect(naturalizado.municipio_nascimento_ibge).toBeUndefined();
    expect(normalizarPaciente(parse({ possui_deficiencia: null })).deficiencia_ids).toEqual([]);
  });

  it('requires only the name, and refuses the mother with "no information" both given', () => {
    expect(errors(schema, {})).toEqual({ nome: [msg.obrigatorio] });
    expect(errors(schema, { nome: 'P', nome_mae: 'Ana', nome_mae_sem_informacao: true })).toEqual({
      nome_mae: [msg.naoPreencherSemInformacao],
    });
  });

  it('keeps hair and eye colour codes unique', () => {
    for (const t of [corCabelo, corOlhos]) expect(new Set(t.map((r) => r.codigo)).size).toBe(t.length);
    expect(pseudonimo(12)).toBe('Desconhecido(a) 12');
  });
});
