import { describe, expect, it } from 'vitest';
import { gerarMunicipe, NOMES_FREQUENTES, prng, type Territorio } from './municipes';

// The generator's names (issue 41): the demo keeps its uniform draws, the 12M bench draws names as often as in Brazil.
const territorio: Territorio = {
  unidade_saude_id: 'u',
  equipe_id: 'e',
  micro_areas: ['01', '02'],
  profissional_id: 'p',
  ocupacao_id: '515105',
  cep: '70000001',
  tipo_logradouro: 'Rua',
  logradouro: 'A',
  bairro: 'Centro',
  uf: 'DF',
  municipio_ibge: '5300108',
};
const nomes = (seed: number, n: number, frequentes: boolean) => {
  const rng = prng(seed);
  return Array.from(
    { length: n },
    (_, i) => gerarMunicipe(rng, i + 1, [territorio], 0, frequentes ? NOMES_FREQUENTES : undefined).nome,
  );
};
/** How many names have each word in the given position, most frequent first. */
const ranking = (list: string[], at: (w: string[]) => string) => {
  const count = new Map<string, number>();
  for (const n of list) count.set(at(n.split(' ')), (count.get(at(n.split(' '))) ?? 0) + 1);
  return [...count].sort((a, b) => b[1] - a[1]);
};

describe('seed/municipes.ts names', () => {
  it("keeps the demo's people as they were (uniform draws by default)", () => {
    // The first demo citizens (seedMunicipes' seed): the e2e tests and screenshots rely on them.
    expect(nomes(20250101, 3, false)).toEqual([
      'Rodrigo Marcos da Coelho',
      'Sabrina Cavalcanti',
      'Tereza Santana do Queiróz',
    ]);
  });

  it('draws the same skewed names for the same seed, and others for another seed', () => {
    expect(nomes(7, 200, true)).toEqual(nomes(7, 200, true));
    expect(nomes(8, 200, true)).not.toEqual(nomes(7, 200, true));
  });

  it('makes Maria and Silva the most frequent by a wide margin, as in Brazil', () => {
    const list = nomes(424242, 20_000, true);
    const dados = ranking(list, (w) => w[0]!);
    const ultimos = ranking(list, (w) => w.at(-1)!);
    expect(dados[0]![0]).toBe('Maria');
    expect(dados[0]![1]).toBeGreaterThan(2 * dados[1]![1]); // José next, then Ana
    expect(dados.slice(1, 3).map(([n]) => n)).toEqual(['José', 'Ana']);
    expect(ultimos[0]![0]).toBe('Silva');
    expect(ultimos[0]![1]).toBeGreaterThan(1.6 * ultimos[1]![1]); // Santos, 1/rank
    // The uniform draws have no such skew: the demo's most frequent first name is far from Maria's share.
    const uniforme = ranking(nomes(424242, 20_000, false), (w) => w[0]!);
    expect(uniforme[0]![1]).toBeLessThan(dados[0]![1] / 5);
  });
});
