/**
 * Label of an unread-count badge (spec §4): up to 98 the number, above 99 '99+', and exactly 99
 * no badge at all (the spec's own rule, kept as written). null means "render no badge".
 */
export function badgeLabel(count: number): string | null {
  if (!Number.isFinite(count)) return null;
  const n = Math.trunc(count);
  if (n <= 0 || n === 99) return null;
  return n > 99 ? '99+' : String(n);
}

/**
 * What a badge can show needs no more than 100 rows counted: the top bar's polls ask for the count up to this many
 * (`contar_ate`), so their cost does not grow with the unread rows (issue 41).
 */
export const CONTAGEM_MAXIMA_BADGE = 100;

/** The count in words for a badge's accessible name: at the cap, 'mais de 99' (the poll counted no further). */
export const contagemEmPalavras = (n: number): string => (n >= CONTAGEM_MAXIMA_BADGE ? 'mais de 99' : String(n));
