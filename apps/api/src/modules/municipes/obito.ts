import { MOTIVO_SAIDA_OBITO } from '@saude/shared/schemas/municipe';
import { sql } from 'drizzle-orm';
import type { municipes } from '../../db/schema';

/** The citizen has died: an exit by death, or a death date (written through by the individual registration's exit). */
export const obitoDe = (m: typeof municipes) =>
  sql<boolean>`(${m.data_obito} is not null or coalesce(${m.motivo_saida_cadastro_id} = ${MOTIVO_SAIDA_OBITO}, false))`;
