import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { requiredRef, timestamps } from './common';
import { profissionais } from './profissionais';
import type { ProblemaExportacao } from '@saude/shared/schemas/exportacao_esus';

// Export to e-SUS APS (issue 26). One row per export (who, units, period, counts) and one per record ever sent, so
// the next export sends only new records and those changed since (a changed one with a new uuidFicha that points to
// the first: uuid_ficha_originadora).
export const exportacoesEsus = pgTable(
  'exportacoes_esus',
  {
    id: uuid().primaryKey(),
    profissional_id: requiredRef(() => profissionais.id),
    unidade_ids: uuid().array().notNull(),
    inicio: date({ mode: 'string' }).notNull(),
    fim: date({ mode: 'string' }).notNull(),
    exportadas: integer().notNull().default(0),
    com_problema: integer().notNull().default(0),
    /** The first report lines, for the screen (the zip's relatorio.csv has them all). */
    problemas: jsonb().$type<ProblemaExportacao[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('exportacoes_esus_created_at_idx').on(t.created_at)],
);

export const esusFichasEnviadas = pgTable(
  'esus_fichas_enviadas',
  {
    /** individual | domiciliar | visita */
    tipo: text().notNull(),
    registro_id: uuid().notNull(),
    uuid_ficha_originadora: text().notNull(),
    uuid_ficha: text().notNull(),
    /** The record's updated_at when it was sent: a later one means it changed and goes again. */
    versao_enviada: timestamp({ withTimezone: true }).notNull(),
    exportacao_id: requiredRef(() => exportacoesEsus.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.tipo, t.registro_id] })],
);

/**
 * The records of an export still being written. They become "sent" (esus_fichas_enviadas) only when the whole zip has
 * been read by the client: a broken download leaves the earlier sending as it was, and the records go again.
 */
export const esusFichasEmExportacao = pgTable(
  'esus_fichas_em_exportacao',
  {
    exportacao_id: requiredRef(() => exportacoesEsus.id, 'cascade'),
    tipo: text().notNull(),
    registro_id: uuid().notNull(),
    uuid_ficha_originadora: text().notNull(),
    uuid_ficha: text().notNull(),
    versao_enviada: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportacao_id, t.tipo, t.registro_id] })],
);
