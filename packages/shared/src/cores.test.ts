import { describe, expect, it } from 'vitest';
import { avaliarCor, COR_BARRA_PADRAO, luminancia, textoPorLuminancia, TEXTO_BRANCO, TEXTO_CINZA } from './cores';

describe('cores', () => {
  it('measures brightness 0 to 255 with the YIQ weights', () => {
    expect(luminancia('#000000')).toBe(0);
    expect(luminancia('#FFFFFF')).toBe(255);
    expect(luminancia('#009CB0')).toBeCloseTo(111.636, 3);
  });

  it('picks white below 128 and grey #707070 from 128 on, white for an invalid colour', () => {
    expect(textoPorLuminancia(COR_BARRA_PADRAO)).toBe(TEXTO_BRANCO);
    expect(textoPorLuminancia('#1A237E')).toBe(TEXTO_BRANCO);
    expect(textoPorLuminancia('#FFFFFF')).toBe(TEXTO_CINZA);
    expect(textoPorLuminancia('#808080')).toBe(TEXTO_CINZA); // exactly 128
    expect(textoPorLuminancia('#7F7F7F')).toBe(TEXTO_BRANCO); // 127
    expect(textoPorLuminancia('#ffff00')).toBe(TEXTO_CINZA);
    expect(textoPorLuminancia('azul')).toBe(TEXTO_BRANCO);
  });

  it('flags a choice below AA (4.5:1) as a warning and passes a readable one', () => {
    expect(avaliarCor('#1A237E')).toMatchObject({ texto: TEXTO_BRANCO, abaixoAA: false });
    expect(avaliarCor('#FFFFFF')).toMatchObject({ texto: TEXTO_CINZA, abaixoAA: false });
    expect(avaliarCor('#FFFFFF').contraste).toBeCloseTo(4.95, 1);
    // The default bar: white on #009CB0 is 3.3:1.
    expect(avaliarCor(COR_BARRA_PADRAO)).toMatchObject({ texto: TEXTO_BRANCO, abaixoAA: true });
    // Mid grey: #707070 on #808080 is barely 1.3:1.
    expect(avaliarCor('#808080').abaixoAA).toBe(true);
    expect(avaliarCor('#808080').contraste).toBeLessThan(1.5);
  });
});
