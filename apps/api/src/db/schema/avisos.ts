import { SITUACOES_AVISO } from '@saude/shared/aviso_constantes';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { requiredRef, versioned } from './common';
import { profissionais } from './profissionais';
import { unidadesSaude } from './unidades';

// Staff notices (issue 19, spec §3 "Notice"). Column names are the JSON names of packages/shared/src/schemas/aviso.ts.
// The targets are id lists (an empty list does not restrict); the API checks each id exists when it is written.

const uuidList = () =>
  uuid()
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);

export const avisos = pgTable(
  'avisos',
  {
    id: uuid().primaryKey(),
    titulo: text().notNull(),
    mensagem: text().notNull(),
    data_inicial: date({ mode: 'string' }).notNull(),
    data_final: date({ mode: 'string' }).notNull(),
    /** 'HH:mm' from which the notice shows on its first day; null: from midnight. */
    horario: text(),
    tipo_unidade_ids: uuidList(),
    unidade_ids: uuidList(),
    perfil_ids: uuidList(),
    profissional_ids: uuidList(),
    checar_resposta: boolean().notNull().default(false),
    responsavel_id: requiredRef(() => profissionais.id),
    situacao: text({ enum: SITUACOES_AVISO }).notNull().default('ativo'),
    created_by: uuid().references(() => profissionais.id),
    ...versioned,
  },
  (t) => [
    // The unread check reads the active notices in force today: few rows, found by this index.
    index('avisos_vigencia_idx')
      .on(t.data_final, t.data_inicial)
      .where(sql`${t.situacao} = 'ativo'`),
    index('avisos_lista_idx').on(t.data_inicial.desc(), t.id.desc()),
    check('avisos_periodo_check', sql`${t.data_final} >= ${t.data_inicial}`),
    check('avisos_horario_check', sql`${t.horario} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** A professional's confirmation of a notice (once), in the unit they were in, with the reply when one was typed. */
export const avisoVisualizacoes = pgTable(
  'aviso_visualizacoes',
  {
    id: uuid().primaryKey(),
    aviso_id: requiredRef(() => avisos.id, 'cascade'),
    profissional_id: requiredRef(() => profissionais.id),
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    resposta: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('aviso_visualizacoes_aviso_profissional_key').on(t.aviso_id, t.profissional_id),
    index('aviso_visualizacoes_profissional_idx').on(t.profissional_id),
  ],
);
