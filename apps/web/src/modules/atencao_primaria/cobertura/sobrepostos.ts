// What the territory map draws never overlaps (issue 44): supercluster's clusters move to their points' mean and the
// server's grid groups sit at their cell's mean, so two neighbours can end up closer than their circles; they are
// joined here, in the screen's pixels, just before drawing. Pure, so it is tested without a map.

/** Something drawn at a point of the screen (pixels at the view's zoom), counting `n` homes or cases. */
export type Marca<T> = { x: number; y: number; n: number; itens: T[] };

/** The gap left between two circles, in pixels. */
export const FOLGA_PX = 2;

/**
 * Joins any two marks whose circles would touch (centres closer than half the sum of their diameters plus `folga`) into
 * one at their mean weighted by count, until no two do. `diametro` of a mark of one item is that item's marker; of
 * several, the group's circle for `n`.
 */
export function juntarSobrepostos<T>(
  entradas: ReadonlyArray<{ x: number; y: number; n: number; item: T }>,
  diametro: (m: Marca<T>) => number,
  folga = FOLGA_PX,
): Marca<T>[] {
  const marcas: Marca<T>[] = entradas.map((e) => ({ x: e.x, y: e.y, n: e.n, itens: [e.item] }));
  const d = marcas.map(diametro);
  for (let i = 0; i < marcas.length; i++) {
    // After a join the mark moved and grew: look at every other again.
    for (let j = 0; j < marcas.length; j++) {
      if (j === i) continue;
      const a = marcas[i]!;
      const b = marcas[j]!;
      if (Math.hypot(a.x - b.x, a.y - b.y) >= (d[i]! + d[j]!) / 2 + folga) continue;
      const n = a.n + b.n;
      marcas[i] = {
        x: (a.x * a.n + b.x * b.n) / n,
        y: (a.y * a.n + b.y * b.n) / n,
        n,
        itens: [...a.itens, ...b.itens],
      };
      d[i] = diametro(marcas[i]!);
      marcas.splice(j, 1);
      d.splice(j, 1);
      if (j < i) i--;
      j = -1;
    }
  }
  return marcas;
}
