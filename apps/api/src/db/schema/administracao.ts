import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profissionais } from './profissionais';

// One row per CNES file applied (issue 22): who, when, which file (its SHA-256) and what changed. Re-applying the
// same file changes no record, but is still recorded.
export const importacoesCnes = pgTable(
  'importacoes_cnes',
  {
    id: uuid().primaryKey(),
    arquivo_nome: text().notNull(),
    arquivo_sha256: text().notNull(),
    /** Counts by kind and outcome, e.g. { unidades: { criar: 1, atualizar: 0, desativar: 0 }, ... }. */
    resumo: jsonb().notNull(),
    profissional_id: uuid()
      .notNull()
      .references(() => profissionais.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('importacoes_cnes_created_at_idx').on(t.created_at)],
);
