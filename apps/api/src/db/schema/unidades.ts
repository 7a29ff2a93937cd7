import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { flag, requiredRef, textList, timestamps, versioned } from './common';

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
    tipo_unidade_id: requiredRef(() => tiposUnidade.id),
    ativo: flag(true),
    // Unit parameter flags of spec §3.
    com_agendamento: flag(false),
    cpf_cns: flag(false),
    exportacao_esus: flag(false),
    gerenciamento_filas: flag(false),
    misto: flag(false),
    pronto_atendimento: flag(false),
    sem_validacao: flag(false),
    validacao_completa_municipe: flag(false),
    validacao_no_agendamento: flag(false),
    /** Seconds before a ticket or a patient may be called again (spec §7 tempo_chamadas, issue 17). */
    tempo_chamadas: integer().notNull().default(30),
    /** The "Quem visitar" intervals this unit changed (issue 44), days by rule; the rest are the defaults. */
    intervalos_visita: jsonb().notNull().default({}),
    // Address and phones (issue 22, administration): the unit's own, not a citizen's address row.
    cep: text(),
    logradouro: text(),
    numero: text(),
    complemento: text(),
    bairro: text(),
    telefones: textList(),
    // Came from a CNES import (issue 22): only such rows are deactivated when a later file no longer has them.
    origem_cnes: flag(false),
    ...versioned,
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
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    // Two-digit micro-area codes the team covers (glossary).
    micro_areas: textList(),
    // CNES team type code (issue 22), e.g. '70' eSF; null for teams made before the administration screens.
    tipo: text(),
    ativo: flag(true),
    origem_cnes: flag(false),
    ...versioned,
  },
  (t) => [uniqueIndex('equipes_ine_key').on(t.ine), index('equipes_unidade_saude_id_idx').on(t.unidade_saude_id)],
);
