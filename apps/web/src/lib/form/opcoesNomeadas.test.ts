import { describe, expect, it } from 'vitest';
import { opcoesNomeadas } from './options';

describe('opcoesNomeadas', () => {
  it('turns named records into options in their order, and a list not loaded yet into none', () => {
    expect(
      opcoesNomeadas([
        { id: 'b', nome: 'UBS Jardim' },
        { id: 'a', nome: 'UBS Centro' },
      ]),
    ).toEqual([
      { value: 'b', label: 'UBS Jardim' },
      { value: 'a', label: 'UBS Centro' },
    ]);
    expect(opcoesNomeadas(undefined)).toEqual([]);
    expect(opcoesNomeadas(null)).toEqual([]);
  });
});
