import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './common';

export const tiposUnidade = pgTable('tipos_unidade', {
  id: uuid().primaryKey(),
  codigo: text().notNull().unique(),
  nome: text().notNull(),
  ...timestamps,
});

export const unidadesSaude = pgTable(
  'unidades_saude',
  {
    id: uuid().primaryKey(),
    cnes: text().notNull(),
    nome: text().notNull(),
    tipo_unidade_id: uuid()
      .notNull()
      .references(() => tiposUnidade.id),
    ativo: boolean().notNull().default(true),
    // Unit parameter flags of spec §3.
    com_agendamento: boolean().notNull().default(false),
    cpf_cns: boolean().notNull().default(false),
    exportacao_esus: boolean().notNull().default(false),
    gerenciamento_filas: boolean().notNull().default(false),
    misto: boolean().notNull().default(false),
    pronto_atendimento: boolean().notNull().default(false),
    sem_validacao: boolean().notNull().default(false),
    validacao_completa_municipe: boolean().notNull().default(false),
    validacao_no_agendamento: boolean().notNull().default(false),
    lock_version: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('unidades_saude_cnes_key').on(t.cnes),
    index('unidades_saude_nome_idx').on(sql`${t.nome} collate "und-x-icu"`),
  ],
);

export const equipes = pgTable(
  'equipes',
  {
    id: uuid().primaryKey(),
    ine: text().notNull(),
    nome: text().notNull(),
    unidade_saude_id: uuid()
      .notNull()
      .references(() => unidadesSaude.id),
    // Two-digit micro-area codes the team covers (glossary).
    micro_areas: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ativo: boolean().notNull().default(true),
    lock_version: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('equipes_ine_key').on(t.ine), index('equipes_unidade_saude_id_idx').on(t.unidade_saude_id)],
);
