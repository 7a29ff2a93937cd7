import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { requiredRef, timestamps, textList } from './common';
import { municipes } from './municipes';
import { profissionais } from './profissionais';

// Duplicate citizens (issue 45): the candidate pairs, the merges with what each moved, and the search job's progress.

/** A likely duplicate pair, always stored with a < b so a pair is one row; 'nao_mesma_pessoa' is never offered again. */
export const municipeDuplicados = pgTable(
  'municipe_duplicados',
  {
    id: uuid().primaryKey(),
    municipe_a_id: requiredRef(() => municipes.id, 'cascade'),
    municipe_b_id: requiredRef(() => municipes.id, 'cascade'),
    score: integer().notNull(),
    motivos: textList(),
    situacao: text({ enum: ['pendente', 'nao_mesma_pessoa', 'unificado'] })
      .notNull()
      .default('pendente'),
    decidido_por: uuid().references(() => profissionais.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('municipe_duplicados_par_key').on(t.municipe_a_id, t.municipe_b_id),
    index('municipe_duplicados_b_idx').on(t.municipe_b_id),
    index('municipe_duplicados_fila_idx')
      .on(t.score.desc(), t.id)
      .where(sql`${t.situacao} = 'pendente'`),
    check('municipe_duplicados_ordem_check', sql`${t.municipe_a_id} < ${t.municipe_b_id}`),
    check('municipe_duplicados_situacao_check', sql`${t.situacao} in ('pendente', 'nao_mesma_pessoa', 'unificado')`),
  ],
);

/** One merge: who absorbed whom, both records as they were, and when it was undone (null while in force). */
export const municipeUnificacoes = pgTable(
  'municipe_unificacoes',
  {
    id: uuid().primaryKey(),
    sobrevivente_id: requiredRef(() => municipes.id),
    absorvido_id: requiredRef(() => municipes.id),
    duplicado_id: uuid().references(() => municipeDuplicados.id, { onDelete: 'set null' }),
    /** The two rows of `municipes` before the merge, whole: the undo writes them back. */
    sobrevivente_antes: jsonb().notNull(),
    absorvido_antes: jsonb().notNull(),
    /** The survivor's lock_version right after the merge: an undo after a later edit would lose that edit (409). */
    sobrevivente_versao: integer().notNull(),
    unificado_por: uuid().references(() => profissionais.id),
    unificado_em: timestamp({ withTimezone: true }).notNull().defaultNow(),
    desfeito_por: uuid().references(() => profissionais.id),
    desfeito_em: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('municipe_unificacoes_sobrevivente_idx').on(t.sobrevivente_id),
    uniqueIndex('municipe_unificacoes_absorvido_ativo_key')
      .on(t.absorvido_id)
      .where(sql`${t.desfeito_em} is null`),
  ],
);

/** Every link a merge moved: the row (its primary key as JSON), the column and the value it had. */
export const municipeUnificacaoMovidos = pgTable(
  'municipe_unificacao_movidos',
  {
    id: uuid().primaryKey(),
    unificacao_id: requiredRef(() => municipeUnificacoes.id, 'cascade'),
    tabela: text().notNull(),
    chave: jsonb().notNull(),
    coluna: text().notNull(),
    valor_antigo: uuid().notNull(),
  },
  (t) => [index('municipe_unificacao_movidos_unificacao_idx').on(t.unificacao_id)],
);

/** The duplicate search over the whole registry: one row per run, polled by the screen for its progress. */
export const municipeDuplicadosBuscas = pgTable('municipe_duplicados_buscas', {
  id: uuid().primaryKey(),
  situacao: text({ enum: ['em_andamento', 'concluida', 'falhou'] })
    .notNull()
    .default('em_andamento'),
  etapas: integer().notNull(),
  etapas_concluidas: integer().notNull().default(0),
  encontrados: integer().notNull().default(0),
  iniciada_por: uuid().references(() => profissionais.id),
  iniciada_em: timestamp({ withTimezone: true }).notNull().defaultNow(),
  atualizada_em: timestamp({ withTimezone: true }).notNull().defaultNow(),
  concluida_em: timestamp({ withTimezone: true }),
});
