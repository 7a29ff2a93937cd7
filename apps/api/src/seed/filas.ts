import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categorias, filaCategorias, filaLocais, filas, unidadesSaude } from '../db/schema';
import { newId } from '../lib/ids';

// Demo queues (issue 17): the municipality's ticket categories and the UPA's two queues — the reception, fed by every
// category and served at two desks, and the risk classification, which only receives tickets forwarded to it.

export const CNES_UPA = '9900055';

/** Called first: the lower `prioridade` (Estatuto da Pessoa Idosa: 80+ before 60+). */
export const demoCategorias = [
  { nome: 'Preferencial 80+', sigla: 'S', prioridade: 1, cor: '#B71C1C', descricao: 'Pessoas com 80 anos ou mais' },
  { nome: 'Preferencial 60+', sigla: 'P', prioridade: 2, cor: '#E65100', descricao: 'Pessoas com 60 anos ou mais' },
  { nome: 'Gestante', sigla: 'G', prioridade: 2, cor: '#6A1B9A', descricao: 'Gestantes e lactantes' },
  { nome: 'Normal', sigla: 'N', prioridade: 3, cor: '#1565C0', descricao: null },
] as const;

export const demoFilas = [
  { nome: 'Recepção', locais: ['Guichê 1', 'Guichê 2'], categorias: demoCategorias.map((c) => c.sigla) },
  { nome: 'Classificação de risco', locais: ['Sala de classificação'], categorias: [] as string[] },
] as const;

export async function seedFilas(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [upa] = await tx.select({ id: unidadesSaude.id }).from(unidadesSaude).where(eq(unidadesSaude.cnes, CNES_UPA));
    if (!upa) return;
    const porSigla = new Map<string, string>();
    for (const c of demoCategorias) {
      const id = newId();
      porSigla.set(c.sigla, id);
      await tx.insert(categorias).values({ id, ...c });
    }
    for (const f of demoFilas) {
      const filaId = newId();
      await tx.insert(filas).values({ id: filaId, unidade_saude_id: upa.id, nome: f.nome });
      await tx.insert(filaLocais).values(f.locais.map((nome) => ({ id: newId(), fila_id: filaId, nome })));
      if (f.categorias.length > 0)
        await tx.insert(filaCategorias).values(
          f.categorias.map((sigla) => ({
            fila_id: filaId,
            categoria_id: porSigla.get(sigla)!,
            unidade_saude_id: upa.id,
          })),
        );
    }
  });
}
