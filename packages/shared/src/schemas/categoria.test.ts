import { describe, expect, it } from 'vitest';
import { msg } from '../messages';
import { categoriaInputSchema, contraste, textoSobre } from './categoria';

describe('categoria', () => {
  it('raises the letters and the colour, and refuses digits, accents and four letters', () => {
    const r = categoriaInputSchema.safeParse({ nome: 'Normal', sigla: 'ab', prioridade: '3', cor: '#aabbcc' });
    expect(r.success && r.data).toMatchObject({ sigla: 'AB', prioridade: 3, cor: '#AABBCC', ativo: true });
    for (const sigla of ['A1', 'ÇA', 'ABCD', ' ']) {
      const e = categoriaInputSchema.safeParse({ nome: 'Normal', sigla, prioridade: 3, cor: '#AABBCC' });
      expect(e.success, sigla).toBe(false);
      expect(e.error?.issues[0]?.message).toBe(sigla.trim() ? msg.naoEValido : msg.obrigatorio);
    }
  });

  it('picks white or black text, whichever contrasts more, always at least 4.5:1', () => {
    expect(textoSobre('#1864AB').cor).toBe('#FFFFFF');
    expect(textoSobre('#FAB005').cor).toBe('#000000');
    expect(contraste('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    // The worst case of all: a mid grey still reads at AA.
    for (let v = 0; v <= 255; v += 5) {
      const h = v.toString(16).padStart(2, '0');
      for (const cor of [`#${h}${h}${h}`, `#${h}0000`, `#00${h}00`, `#0000${h}`, `#${h}${h}00`]) {
        expect(textoSobre(cor).contraste, cor).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
