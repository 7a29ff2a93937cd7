import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { requiredRef, timestamps, versioned } from './common';
import { municipes } from './municipes';
import { profissionais } from './profissionais';
import { unidadesSaude } from './unidades';

// The ombudsman (issue 20, spec §1 bell, §2 /ouvidoria, §3 "Ombudsman notification"): citizens' requests and
// complaints, their status history and answer, and the bell's notifications with each professional's read time.
// Code tables (types, priorities) are seeded from the project's own files; their ids are stable codes.

export const SITUACOES_SOLICITACAO = ['aberta', 'em_analise', 'respondida', 'encerrada'] as const;
export const CANAIS_SOLICITACAO = ['presencial', 'telefone', 'email', 'site', 'carta', 'whatsapp'] as const;

/** reclamação, elogio, sugestão, denúncia, solicitação, informação: name, icon (Tabler) and the legal deadline. */
export const tiposSolicitacao = pgTable('tipos_solicitacao', {
  id: uuid().primaryKey(),
  codigo: text().notNull().unique(),
  nome: text().notNull(),
  icone: text().notNull(),
  /** Days to answer (Lei 13.460/2017: 30, once extendable by 30). */
  prazo_dias: integer().notNull().default(30),
  ordem: integer().notNull().default(0),
  ...timestamps,
});

/** baixa, média, alta, urgente: name and colour ('#RRGGBB'); `ordem` 1 is the most urgent. */
export const prioridadesSolicitacao = pgTable('prioridades_solicitacao', {
  id: uuid().primaryKey(),
  codigo: text().notNull().unique(),
  nome: text().notNull(),
  cor: text().notNull(),
  ordem: integer().notNull().default(0),
  ...timestamps,
});

export const solicitacoesOuvidoria = pgTable(
  'solicitacoes_ouvidoria',
  {
    id: uuid().primaryKey(),
    /** 'AAAA' + 6-digit sequence of the year, e.g. '2026000123': what the citizen quotes. */
    protocolo: text().notNull(),
    /** The citizen, when registered; null with `anonimo` or with a requester outside the registry. */
    municipe_id: uuid().references(() => municipes.id, { onDelete: 'restrict' }),
    anonimo: boolean().notNull().default(false),
    nome_solicitante: text(),
    contato_solicitante: text(),
    canal: text({ enum: CANAIS_SOLICITACAO }).notNull(),
    tipo_solicitacao_id: requiredRef(() => tiposSolicitacao.id),
    prioridade_id: requiredRef(() => prioridadesSolicitacao.id),
    assunto: text().notNull(),
    texto: text().notNull(),
    /** The unit the request concerns (optional). */
    unidade_saude_id: uuid().references(() => unidadesSaude.id),
    situacao: text({ enum: SITUACOES_SOLICITACAO }).notNull().default('aberta'),
    /** The deadline to answer (the type's days from the request's date, moved when extended). */
    prazo: date({ mode: 'string' }).notNull(),
    resposta: text(),
    respondida_em: timestamp({ withTimezone: true }),
    respondida_por: uuid().references(() => profissionais.id),
    created_by: uuid().references(() => profissionais.id),
    ...versioned,
  },
  (t) => [
    uniqueIndex('solicitacoes_ouvidoria_protocolo_key').on(t.protocolo),
    index('solicitacoes_ouvidoria_lista_idx').on(t.created_at.desc(), t.id.desc()),
    index('solicitacoes_ouvidoria_situacao_idx').on(t.situacao, t.prazo),
    index('solicitacoes_ouvidoria_municipe_idx').on(t.municipe_id),
    check('solicitacoes_ouvidoria_anonimo_check', sql`not (${t.anonimo} and ${t.municipe_id} is not null)`),
    // Open and in-analysis requests have no answer time; an answered one has it; a closed one may (or was closed
    // without an answer: a duplicate, a withdrawal).
    check(
      'solicitacoes_ouvidoria_resposta_check',
      sql`(${t.situacao} in ('aberta', 'em_analise') and ${t.respondida_em} is null)
        or (${t.situacao} = 'respondida' and ${t.respondida_em} is not null) or ${t.situacao} = 'encerrada'`,
    ),
  ],
);

/** A request's status history: every change of situacao (and the first, at creation), who, when, a note. */
export const solicitacaoEventos = pgTable(
  'solicitacao_eventos',
  {
    id: uuid().primaryKey(),
    solicitacao_id: requiredRef(() => solicitacoesOuvidoria.id, 'cascade'),
    situacao_anterior: text({ enum: SITUACOES_SOLICITACAO }),
    situacao: text({ enum: SITUACOES_SOLICITACAO }).notNull(),
    observacao: text(),
    profissional_id: requiredRef(() => profissionais.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('solicitacao_eventos_solicitacao_idx').on(t.solicitacao_id, t.created_at)],
);

/**
 * The bell's items (spec §3 "Ombudsman notification"): one per event worth a look (a new request; later, a deadline
 * near). Whoever holds `ouvidoria:index` gets them; each professional's read time is a row of the next table.
 */
export const ouvidoriaNotificacoes = pgTable(
  'ouvidoria_notificacoes',
  {
    id: uuid().primaryKey(),
    solicitacao_id: requiredRef(() => solicitacoesOuvidoria.id, 'cascade'),
    motivo: text({ enum: ['nova', 'prazo'] })
      .notNull()
      .default('nova'),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ouvidoria_notificacoes_created_idx').on(t.created_at.desc(), t.id.desc())],
);

export const ouvidoriaNotificacaoLeituras = pgTable(
  'ouvidoria_notificacao_leituras',
  {
    notificacao_id: requiredRef(() => ouvidoriaNotificacoes.id, 'cascade'),
    profissional_id: requiredRef(() => profissionais.id),
    lida_em: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profissional_id, t.notificacao_id] })],
);
