import { categorias, filaCategorias, filaLocais, filas } from '../db/schema';
import { newId } from '../lib/ids';
import { fixtures, type Unidade } from './fixtures';
import type { TestApp } from './helpers';

// Builders of the queue rows (issue 17) for the tests of tickets: categories, a unit's queues with their locations
// and the parametrization (which category feeds which queue). Kept apart from fixtures.ts while three branches add
// queue modules at once; each name is fresh, as fixtures.ts does.

let counter = 0;
/** Three capital letters no other category of this process has (the sigla is unique in the municipality). */
function siglaNova(): string {
  const n = 1000 + ++counter * 7 + Math.floor(Math.random() * 7);
  let s = '';
  for (let x = n; s.length < 3; x = Math.floor(x / 26)) s += String.fromCharCode(65 + (x % 26));
  return s;
}

export type CategoriaRow = typeof categorias.$inferSelect;
export type FilaRow = typeof filas.$inferSelect;
export type LocalRow = typeof filaLocais.$inferSelect;

export function filasFixtures(t: TestApp) {
  const f = fixtures(t);
  const ff = {
    async categoria(over: Partial<typeof categorias.$inferInsert> = {}): Promise<CategoriaRow> {
      const sigla = over.sigla ?? siglaNova();
      const [row] = await t.db
        .insert(categorias)
        .values({ id: newId(), nome: `Categoria ${sigla}`, sigla, prioridade: 3, cor: '#1565C0', ...over })
        .returning();
      return row!;
    },

    /** A queue of the unit with the locations named, fed by the categories given (the parametrization). */
    async fila(
      unidade: Pick<Unidade, 'id'>,
      o: { nome?: string; locais?: string[]; categorias?: Array<Pick<CategoriaRow, 'id'>>; ativo?: boolean } = {},
    ): Promise<{ fila: FilaRow; locais: LocalRow[] }> {
      const [fila] = await t.db
        .insert(filas)
        .values({
          id: newId(),
          unidade_saude_id: unidade.id,
          nome: o.nome ?? `Fila ${siglaNova()}`,
          ativo: o.ativo ?? true,
        })
        .returning();
      const locais: LocalRow[] = [];
      for (const nome of o.locais ?? ['Guichê 1', 'Guichê 2']) {
        const [l] = await t.db.insert(filaLocais).values({ id: newId(), fila_id: fila!.id, nome }).returning();
        locais.push(l!);
      }
      for (const c of o.categorias ?? [])
        await t.db
          .insert(filaCategorias)
          .values({ fila_id: fila!.id, categoria_id: c.id, unidade_saude_id: unidade.id });
      return { fila: fila!, locais };
    },

    /**
     * The UPA's scene: an urgent-care unit that manages queues, its categories (priority 1 "80+", 2 "60+", 3
     * "Normal"), the reception queue (two desks) fed by all three, and the classification queue (one room, no
     * category: it only receives forwarded tickets).
     */
    async cenario(over: { tempo_chamadas?: number } = {}) {
      const unidade = await f.unidade({
        tipo: 'UPA',
        pronto_atendimento: true,
        gerenciamento_filas: true,
        ...over,
      });
      const oitenta = await ff.categoria({ prioridade: 1, cor: '#6A1B9A' });
      const sessenta = await ff.categoria({ prioridade: 2, cor: '#EF6C00' });
      const normal = await ff.categoria({ prioridade: 3, cor: '#1565C0' });
      const recepcao = await ff.fila(unidade, {
        nome: 'Recepção',
        locais: ['Guichê 1', 'Guichê 2'],
        categorias: [oitenta, sessenta, normal],
      });
      const classificacao = await ff.fila(unidade, { nome: 'Classificação de risco', locais: ['Sala 1'] });
      return { unidade, categorias: { oitenta, sessenta, normal }, recepcao, classificacao };
    },
  };
  return ff;
}
