import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { requiredRef, versioned } from './common';
import { municipes } from './municipes';
import { profissionais } from './profissionais';
import { unidadesSaude } from './unidades';

// Compulsory disease notifications (issue 18, spec §3 "Compulsory notification"). Column names are the JSON names of
// packages/shared/src/schemas/notificacao_compulsoria.ts. A yes/no nobody answered is null (issue 12).

/** Spec §4: suspect, confirmed, negative or discarded. A confirmed or discarded case is closed (data_encerramento). */
export const SITUACOES_NOTIFICACAO = ['suspeito', 'confirmado', 'descartado'] as const;

export const notificacoesCompulsorias = pgTable(
  'notificacoes_compulsorias',
  {
    id: uuid().primaryKey(),
    municipe_id: requiredRef(() => municipes.id, 'restrict'),
    /** `codigo` of the national list (shared codes doencaNotificacaoCompulsoria: '1a', '2', …). */
    doenca_agravo_id: text().notNull(),
    /** The notifying unit and professional (SINAN fields 9–10 and the signature). */
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    profissional_id: requiredRef(() => profissionais.id),
    situacao: text({ enum: SITUACOES_NOTIFICACAO }).notNull().default('suspeito'),
    /** The record's date and hour (SINAN field 3 "Data da notificação"); hour 'HH:mm'. */
    data_notificacao: date({ mode: 'string' }).notNull(),
    hora_notificacao: text().notNull(),
    data_primeiros_sintomas: date({ mode: 'string' }),
    informacoes_complementares: text(),
    obito: boolean(),
    data_obito: date({ mode: 'string' }),
    internado: boolean(),
    data_internacao: date({ mode: 'string' }),
    alta: boolean(),
    data_alta: date({ mode: 'string' }),
    // Comorbidities (SINAN "doenças pré-existentes"): null = not answered.
    comorbidade_diabetes: boolean(),
    comorbidade_hipertensao: boolean(),
    comorbidade_doenca_renal_cronica: boolean(),
    comorbidade_hepatopatia: boolean(),
    comorbidade_doenca_hematologica: boolean(),
    comorbidade_doenca_autoimune: boolean(),
    comorbidade_doenca_acido_peptica: boolean(),
    comorbidade_imunossupressao: boolean(),
    observacoes: text(),
    /** Derived by the database from the admission and discharge dates, so it never disagrees with them. */
    dias_internacao: integer().generatedAlwaysAs(sql`(data_alta - data_internacao)`),
    /** Closing date of a confirmed or discarded case. */
    data_encerramento: date({ mode: 'string' }),
    created_by: uuid().references(() => profissionais.id),
    ...versioned,
  },
  (t) => [
    index('notificacoes_municipe_idx').on(t.municipe_id, t.data_notificacao.desc(), t.id.desc()),
    index('notificacoes_data_idx').on(t.data_notificacao.desc(), t.id.desc()),
    index('notificacoes_unidade_idx').on(t.unidade_saude_id, t.data_notificacao.desc()),
    index('notificacoes_doenca_idx').on(t.doenca_agravo_id, t.data_notificacao.desc()),
    check('notificacoes_hora_check', sql`${t.hora_notificacao} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('notificacoes_encerramento_check', sql`(${t.situacao} = 'suspeito') = (${t.data_encerramento} is null)`),
  ],
);

/** A notification's status history: every change of situacao (and the first, at creation), who and when. */
export const notificacaoEventos = pgTable(
  'notificacao_eventos',
  {
    id: uuid().primaryKey(),
    notificacao_id: requiredRef(() => notificacoesCompulsorias.id, 'cascade'),
    situacao_anterior: text({ enum: SITUACOES_NOTIFICACAO }),
    situacao: text({ enum: SITUACOES_NOTIFICACAO }).notNull(),
    data_encerramento: date({ mode: 'string' }),
    profissional_id: requiredRef(() => profissionais.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notificacao_eventos_notificacao_idx').on(t.notificacao_id, t.created_at)],
);
