// How a ticket looks on the desk and the calling panel (issue 17): its code on the category's colour, in the text
// colour that reads best. Free of zod, so list screens import it within their JavaScript budget.

/** The first ticket of a category, as the list shows it: 'P001'. */
export const exemploSenha = (sigla: string) => `${sigla || '?'}001`;

/** Relative luminance (WCAG 2.x) of '#RRGGBB' or 'RRGGBB'. */
export function luminanciaRelativa(cor: string): number {
  const hex = cor.startsWith('#') ? cor.slice(1) : cor;
  const canal = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * canal(0) + 0.7152 * canal(2) + 0.0722 * canal(4);
}

/** WCAG contrast ratio between two '#RRGGBB' colours (1 to 21). */
export function contraste(a: string, b: string): number {
  const [x, y] = [luminanciaRelativa(a), luminanciaRelativa(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

export const TEXTO_CLARO = '#FFFFFF';
/** Pure black: with white or black, any colour reaches at least √21 ≈ 4.58:1 (WCAG AA for normal text). */
export const TEXTO_ESCURO = '#000000';

/** The ticket text colour that reads best on `cor` (white or dark), and its contrast ratio. */
export function textoSobre(cor: string): { cor: string; contraste: number } {
  if (!/^#[0-9a-fA-F]{6}$/.test(cor)) return { cor: TEXTO_ESCURO, contraste: 1 };
  const claro = contraste(cor, TEXTO_CLARO);
  const escuro = contraste(cor, TEXTO_ESCURO);
  return claro >= escuro ? { cor: TEXTO_CLARO, contraste: claro } : { cor: TEXTO_ESCURO, contraste: escuro };
}
