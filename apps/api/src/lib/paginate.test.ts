import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

// When the total is counted, and when the page already tells it (pure: the count is a function we watch).
describe('paginate', () => {
  const linhas = (n: number) => Array.from({ length: n }, (_, i) => i);
  const rodar = async (page: number, per_page: number, n: number, cap?: number) => {
    let contou = 0;
    const r = await paginate(
      { page, per_page },
      {
        rows: async () => linhas(n),
        count: async () => {
          contou++;
          return cap === undefined ? 500 : Math.min(500, cap);
        },
        cap,
      },
    );
    return { total: r.total, contou };
  };

  it('counts only when the page does not tell the total', async () => {
    expect(await rodar(1, 10, 0)).toEqual({ total: 0, contou: 0 });
    expect(await rodar(2, 10, 3)).toEqual({ total: 13, contou: 0 });
    expect(await rodar(1, 10, 10)).toEqual({ total: 500, contou: 1 });
  });

  it("stops at the cap: never more, and no count once the page reaches it (a badge's poll)", async () => {
    expect(await rodar(1, 5, 3, 2)).toEqual({ total: 2, contou: 0 });
    expect(await rodar(1, 100, 100, 100)).toEqual({ total: 100, contou: 0 });
    expect(await rodar(1, 5, 5, 100)).toEqual({ total: 100, contou: 1 });
    expect(await rodar(1, 5, 3, 100)).toEqual({ total: 3, contou: 0 });
  });
});
