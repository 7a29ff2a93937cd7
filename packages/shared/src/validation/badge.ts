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
