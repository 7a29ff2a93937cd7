import { eq } from 'drizzle-orm';
import { hashToken } from '../auth/sessions';
import type { Db } from '../db/client';
import { paineisChaves, unidadesSaude } from '../db/schema';
import { CNES_UPA } from './filas';

/**
 * The UPA's calling-panel key in the demo (README: "O painel de chamadas numa TV"). Demo data only: a real unit's key
 * is generated on the parametrization screen and shown once.
 */
export const DEMO_PAINEL_CHAVE = 'demo-painel-upa-24h';

export async function seedPainel(db: Db): Promise<void> {
  const [upa] = await db.select({ id: unidadesSaude.id }).from(unidadesSaude).where(eq(unidadesSaude.cnes, CNES_UPA));
  if (!upa) return;
  await db.insert(paineisChaves).values({ unidade_saude_id: upa.id, chave_hash: hashToken(DEMO_PAINEL_CHAVE) });
}
