import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { flag, requiredRef, versioned } from './common';
import { municipes } from './municipes';

// Individual registration (spec §3, issue 6). Only the registration's own answers live here; the header (unit, team,
// professional, occupation, micro-area), documents, nationality, deficiencies and sexual orientation are the
// citizen's (municipes and its sociodemographic block), written through and read back: one truth.
// The exit is this registration's event; the citizen gets a copy of reason, death date and DO number.
export const cadastrosIndividuais = pgTable(
  'cadastros_individuais',
  {
    id: uuid().primaryKey(),
    // restrict: a citizen with a registration is not deleted (municipes/rules.ts municipeReferences answers 409 first).
    municipe_id: requiredRef(() => municipes.id, 'restrict'),
    termo_recusa: flag(false),
    proprio_responsavel_familiar: flag(false),
    data_cadastro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // e-SUS food-insecurity screening, three-month look-back (spec §5); null: not answered (issue 12).
    alimentos_acabaram_sem_dinheiro: boolean(),
    comeu_alguns_alimentos_sem_dinheiro: boolean(),
    motivo_saida_cadastro_id: integer(),
    data_obito: date(),
    numero_do: text(),
    /** When the exit was recorded; null while active (situacao 'ativo'). */
    saida_em: timestamp({ withTimezone: true }),
    ...versioned,
  },
  (t) => [
    // One active registration per citizen; after an exit a new one may be made (back in the territory).
    uniqueIndex('cadastros_individuais_municipe_ativo_key')
      .on(t.municipe_id)
      .where(sql`${t.saida_em} is null`),
    index('cadastros_individuais_municipe_id_idx').on(t.municipe_id),
    index('cadastros_individuais_data_cadastro_idx').on(t.data_cadastro),
  ],
);
