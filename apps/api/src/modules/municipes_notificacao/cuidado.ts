import { sql } from 'drizzle-orm';
import { municipes, notificacoesCompulsorias } from '../../db/schema';
import type { RegraDeCuidado } from '../municipes/cuidado';

/**
 * Care rule (d) of municipes/cuidado.ts: surveillance (who reads every unit's notifications) sees the health blocks of
 * the citizens with a compulsory notification — the case it investigates — and of no one else. Uses the index on
 * notificacoes_compulsorias(municipe_id, …).
 */
export const notificadoAVigilancia: RegraDeCuidado = (c) =>
  c.vigilancia
    ? sql`exists (select 1 from ${notificacoesCompulsorias}
        where ${notificacoesCompulsorias.municipe_id} = ${municipes.id})`
    : undefined;
