import { describe, expect, it } from 'vitest';
import { alteracoes, DESATIVADO, trilhaDeCadastro } from './alteracoes';

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

describe('trilhaDeCadastro', () => {
  it('writes create, update and deactivation rows with the catalogue fields before → after, personal ones as changed', async () => {
    const linhas: unknown[] = [];
    const trail = async (...args: unknown[]) => void linhas.push(args.slice(2));
    const trilha = trilhaDeCadastro(trail as never, ['nome', 'cpf_numero'], ['cpf_numero']);
    const ctx = { usuario: null, ip: '127.0.0.1' };
    await trilha.criado({} as never, ctx, 'id1', { nome: 'Ana', cpf_numero: '52998224725' });
    await trilha.alterado({} as never, ctx, 'id1', { nome: 'Ana', cpf_numero: '1' }, { nome: 'Ana', cpf_numero: '2' });
    await trilha.desativado({} as never, ctx, 'id1');
    expect(linhas).toEqual([
      [
        'create',
        'id1',
        { details: { alteracoes: { nome: { antes: null, depois: 'Ana' }, cpf_numero: { alterado: true } } } },
      ],
      ['update', 'id1', { details: { alteracoes: { cpf_numero: { alterado: true } } } }],
      ['destroy', 'id1', { details: { alteracoes: DESATIVADO } }],
    ]);
  });
});
