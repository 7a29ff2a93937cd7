import { todayIso } from '@saude/shared/validation/dates';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { temas } from '../db/schema';
import { newId } from '../lib/ids';

// A demo campaign theme (issue 21) so the list is not empty: INACTIVE, never in force. An active one in force would
// colour the top bar of every screen, and of every e2e spec that runs after the seed.
export async function seedTemas(db: Db): Promise<void> {
  const objetivo = 'Novembro Azul';
  const [existe] = await db.select({ id: temas.id }).from(temas).where(eq(temas.objetivo, objetivo));
  if (existe) return;
  const ano = todayIso().slice(0, 4);
  await db.insert(temas).values({
    id: newId(),
    objetivo,
    descricao: 'Mês de conscientização sobre a saúde do homem e a prevenção do câncer de próstata',
    cor_primaria: '#1A237E',
    cor_secundaria: '#90CAF9',
    icon: 'moustache',
    vigencia_inicio: `${ano}-11-01`,
    vigencia_fim: `${ano}-11-30`,
    recorrente: true,
    ativo: false,
  });
}
