import type { ParametrizacaoSistema } from '@saude/shared/schemas/parametrizacao_sistema';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { parametrizacao, unidadesSaude } from '../../../db/schema';
import type { Dated } from '../../../lib/answer';

// Reading the single parameters row (id 1) and a unit's call interval. Nobody's data: reads are not audited.

export const RESOURCE = 'ferramentas/parametrizacao';
const p = parametrizacao;
export type Row = typeof p.$inferSelect;

/** The parameters row (locked for update when asked), or undefined before the first start-up wrote it. */
export async function parametros(db: DbOrTx, forUpdate = false): Promise<Row | undefined> {
  const q = db.select().from(p).where(eq(p.id, 1));
  const [r] = forUpdate ? await q.for('update') : await q;
  return r;
}

/** The managers' view of the row. */
export const paraApi = (r: Row): Dated<ParametrizacaoSistema> => ({
  cliente_nome: r.cliente_nome,
  brasao: r.brasao,
  habilita_biometria: r.habilita_biometria,
  versao: r.versao,
  esus_versao: r.esus_versao,
  pec_versao: r.pec_versao,
  auditoria_meses_online: r.auditoria_meses_online,
  obito_anos_guarda: r.obito_anos_guarda,
  unificacao_prazo_dias: r.unificacao_prazo_dias,
  lock_version: r.lock_version,
  updated_at: r.updated_at,
});

/** A unit's seconds between repeated calls, or undefined for an unknown unit. */
export async function tempoChamadasDa(db: DbOrTx, unidadeId: string): Promise<number | undefined> {
  const [u] = await db
    .select({ tempo: unidadesSaude.tempo_chamadas })
    .from(unidadesSaude)
    .where(eq(unidadesSaude.id, unidadeId));
  return u?.tempo;
}
