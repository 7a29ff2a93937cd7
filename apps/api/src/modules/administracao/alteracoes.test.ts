import { describe, expect, it } from 'vitest';
import { alteracoes } from './alteracoes';

describe('alteracoes', () => {
  it('keeps the values of changed staff fields and only the fact for personal ones', () => {
    const antes = { nome: 'UBS Centro', telefones: ['1133334444'], cpf_numero: '52998224725', ativo: true };
    const depois = { nome: 'UBS Central', telefones: ['1133334444'], cpf_numero: '11144477735', ativo: true };
    expect(alteracoes(antes, depois, ['nome', 'telefones', 'cpf_numero', 'ativo'], ['cpf_numero'])).toEqual({
      nome: { antes: 'UBS Centro', depois: 'UBS Central' },
      cpf_numero: { alterado: true },
    });
  });

  it('treats a create as every filled field changed from null, and undefined as null', () => {
    expect(alteracoes(null, { nome: 'ESF 1', tipo: undefined }, ['nome', 'tipo'])).toEqual({
      nome: { antes: null, depois: 'ESF 1' },
    });
  });
});
