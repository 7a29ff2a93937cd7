import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { requiredRef, versioned } from './common';
import { municipes } from './municipes';
import { profissionais } from './profissionais';

// A citizen's request to correct their record (LGPD art. 18 III, issue 46): which field, what they ask, and how it
// was closed. Goes with the citizen (cascade): it is their data, not the trail's.
export const municipeCorrecoes = pgTable(
  'municipe_correcoes',
  {
    id: uuid().primaryKey(),
    municipe_id: requiredRef(() => municipes.id, 'cascade'),
    /** A field of the citizen's record (shared CAMPOS_CORRECAO) or 'outro'. */
    campo: text().notNull(),
    /** The value asked for, or what is wrong, in the citizen's words. */
    descricao: text().notNull(),
    situacao: text({ enum: ['aberta', 'corrigida', 'recusada'] })
      .notNull()
      .default('aberta'),
    motivo_recusa: text(),
    solicitada_por: uuid().references(() => profissionais.id),
    solicitada_em: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fechada_por: uuid().references(() => profissionais.id),
    fechada_em: timestamp({ withTimezone: true }),
    ...versioned,
  },
  (t) => [
    index('municipe_correcoes_municipe_idx').on(t.municipe_id, t.solicitada_em.desc()),
    check('municipe_correcoes_situacao_check', sql`${t.situacao} in ('aberta', 'corrigida', 'recusada')`),
    check('municipe_correcoes_fechada_check', sql`(${t.situacao} = 'aberta') = (${t.fechada_em} is null)`),
    check('municipe_correcoes_recusa_check', sql`${t.situacao} <> 'recusada' or length(trim(${t.motivo_recusa})) > 0`),
  ],
);
