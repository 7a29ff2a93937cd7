// The campaign theme's colours (issue 21, spec §3): the text over a background is grey #707070 or white by the
// luminance threshold 128, and the form warns when that choice reads below WCAG AA. Free of zod: the shell imports it.
import { contraste } from './senha_cores';

export { contraste };

export const COR_BARRA_PADRAO = '#009CB0';
export const TEXTO_CINZA = '#707070';
export const TEXTO_BRANCO = '#FFFFFF';
/** WCAG AA for normal text. */
const CONTRASTE_AA = 4.5;

const HEX = /^#[0-9a-fA-F]{6}$/;
export const corValida = (cor: string | null | undefined): cor is string => typeof cor === 'string' && HEX.test(cor);

/** Perceived brightness 0–255 (the YIQ weights the spec's threshold 128 is meant for). */
export function luminancia(cor: string): number {
  const c = (i: number) => parseInt(cor.slice(i, i + 2), 16);
  return (c(1) * 299 + c(3) * 587 + c(5) * 114) / 1000;
}

/** The spec's text colour over `fundo`: grey on a light one (≥ 128), white on a dark one. */
export const textoPorLuminancia = (fundo: string): string =>
  corValida(fundo) && luminancia(fundo) >= 128 ? TEXTO_CINZA : TEXTO_BRANCO;

/** The text colour the rule gives, its contrast, and whether that falls short of AA (a warning, not an error). */
export function avaliarCor(fundo: string): { texto: string; contraste: number; abaixoAA: boolean } {
  const texto = textoPorLuminancia(fundo);
  const r = corValida(fundo) ? contraste(fundo.toUpperCase(), texto) : 1;
  return { texto, contraste: r, abaixoAA: r < CONTRASTE_AA };
}
