import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rotulosDasListas, rotulosDe } from './rotulos';
import { filaFieldsSchema } from './schemas/fila';

describe('rotulos', () => {
  it('names a field by its label, or by its name with spaces when it declares none', () => {
    const s = z.object({ nome: z.string().meta({ label: 'Nome completo' }), data_nascimento: z.string() });
    expect(rotulosDe(s)).toEqual({ nome: 'Nome completo', data_nascimento: 'data nascimento' });
  });

  it("names the labelled fields of a list's items through its wrappers, so an item's error reads like any field", () => {
    expect(rotulosDasListas(filaFieldsSchema)).toEqual({ 'locais.nome': 'Nome do local' });
    const s = z.object({
      itens: z
        .array(z.object({ a: z.string().meta({ label: 'A' }), b: z.string() }))
        .nullish()
        .transform((v) => v ?? [])
        .default([]),
      tags: z.array(z.string()),
      nome: z.string().meta({ label: 'Nome' }),
    });
    expect(rotulosDasListas(s)).toEqual({ 'itens.a': 'A' });
  });
});
