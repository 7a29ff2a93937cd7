import { describe, expect, it } from 'vitest';
import { ladoGrupo } from '../../../lib/mapa';
import { juntarSobrepostos, type Marca } from './sobrepostos';

// The territory map's discs: a home alone 24 px, a group by its count (32, 38 or 46 px).
const diametro = (m: Marca<string>) => (m.n === 1 ? 24 : ladoGrupo(m.n));
const marca = (item: string, x: number, y: number, n: number) => ({ x, y, n, item });
const semSobrepor = (ms: Marca<string>[]) => {
  for (const [i, a] of ms.entries())
    for (const b of ms.slice(i + 1))
      expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.itens} × ${b.itens}`).toBeGreaterThanOrEqual(
        (diametro(a) + diametro(b)) / 2,
      );
};

describe('juntarSobrepostos', () => {
  it("joins the server's groups of two 64 px cells drawn at their shared edge, at the mean weighted by count", () => {
    // Cells [0, 64) and [64, 128) of the view's grid: each group at its homes' mean, both by the edge x = 64.
    const ms = juntarSobrepostos([marca('a', 60, 30, 300), marca('b', 70, 34, 100)], diametro);
    expect(ms).toHaveLength(1);
    expect(ms[0]).toMatchObject({ n: 400, itens: ['a', 'b'] });
    expect(ms[0]!.x).toBeCloseTo(62.5);
    expect(ms[0]!.y).toBeCloseTo(31);
  });

  it('keeps groups whose discs are apart, and a home beside a group when they do not touch', () => {
    const entradas = [marca('a', 32, 32, 300), marca('b', 96, 32, 300), marca('c', 32, 96, 5), marca('d', 70, 90, 1)];
    const ms = juntarSobrepostos(entradas, diametro);
    expect(ms.map((m) => m.itens)).toEqual([['a'], ['b'], ['c'], ['d']]);
    semSobrepor(ms);
  });

  it('joins again when a join moves a group onto another, until none overlap', () => {
    // c is 41 px from b (38 px discs: apart); a joins b, their 100 homes' disc grows to 46 px and then reaches c.
    const ms = juntarSobrepostos([marca('a', 30, -30, 10), marca('b', 30, 0, 90), marca('c', 71, 0, 20)], diametro);
    expect(ms).toHaveLength(1);
    expect(ms[0]!.n).toBe(120);
    expect([...ms[0]!.itens].sort()).toEqual(['a', 'b', 'c']);
  });

  it('leaves no two discs overlapping in a dense random view', () => {
    let s = 7;
    const aleatorio = () => (s = (s * 16807) % 2147483647) / 2147483647;
    const entradas = Array.from({ length: 300 }, (_, i) =>
      marca(`m${i}`, aleatorio() * 800, aleatorio() * 560, aleatorio() < 0.5 ? 1 : 1 + Math.floor(aleatorio() * 500)),
    );
    const ms = juntarSobrepostos(entradas, diametro);
    semSobrepor(ms);
    expect(ms.reduce((t, m) => t + m.n, 0)).toBe(entradas.reduce((t, m) => t + m.n, 0));
  });
});
