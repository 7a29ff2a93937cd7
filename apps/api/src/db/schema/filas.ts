import { eventosSenha } from '@saude/shared/schemas/senha';
import { sql } from 'drizzle-orm';
import {
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
import { flag, requiredRef, timestamps, versioned } from './common';
import { profissionais } from './profissionais';
import { unidadesSaude } from './unidades';
import { atendimentos } from './urgencia';

// Queues, tickets and the calling panel (issue 17, spec §3 "Queue/ticket state", §4 ticket flow, §5 parametrization).
// Column names are the JSON names of packages/shared/src/schemas/filas.ts.

/** Ticket categories of the whole municipality (Normal, Preferencial 60+…): who is called first and the prefix. */
export const categorias = pgTable(
  'categorias',
  {
    id: uuid().primaryKey(),
    nome: text().notNull(),
    /** The ticket's letters: 'P' gives P001, P002… (1 to 3 capital letters). */
    sigla: text().notNull(),
    /** 1 is called first; ties are called by arrival. */
    prioridade: integer().notNull(),
    /** '#RRGGBB', shown on the ticket, the desk and the panel. */
    cor: text().notNull(),
    descricao: text(),
    ativo: flag(true),
    ...versioned,
  },
  (t) => [
    uniqueIndex('categorias_nome_key').on(sql`lower(${t.nome})`),
    uniqueIndex('categorias_sigla_key').on(t.sigla),
  ],
);

/** A queue of a unit (Recepção, Triagem, Consultórios): served at its locations, fed by its categories. */
export const filas = pgTable(
  'filas',
  {
    id: uuid().primaryKey(),
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    nome: text().notNull(),
    ativo: flag(true),
    ...versioned,
  },
  (t) => [uniqueIndex('filas_unidade_nome_key').on(t.unidade_saude_id, sql`lower(${t.nome})`)],
);

/** Where a queue's tickets are called to: a desk, a room ("Guichê 1", "Consultório 3"). */
export const filaLocais = pgTable(
  'fila_locais',
  {
    id: uuid().primaryKey(),
    fila_id: requiredRef(() => filas.id, 'cascade'),
    nome: text().notNull(),
    ativo: flag(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('fila_locais_fila_nome_key').on(t.fila_id, sql`lower(${t.nome})`)],
);

/**
 * The parametrization (spec §5): which categories a queue serves. A category feeds one queue of a unit, so the issued
 * ticket knows where it goes; the unique index is the rule's last word under concurrent saves.
 */
export const filaCategorias = pgTable(
  'fila_categorias',
  {
    fila_id: requiredRef(() => filas.id, 'cascade'),
    categoria_id: requiredRef(() => categorias.id),
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.fila_id, t.categoria_id] }),
    uniqueIndex('fila_categorias_unidade_categoria_key').on(t.unidade_saude_id, t.categoria_id),
  ],
);

/** The last number given per unit, category and day (São Paulo): `insert … on conflict do update` numbers race-free. */
export const senhaContadores = pgTable(
  'senha_contadores',
  {
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    categoria_id: requiredRef(() => categorias.id),
    data: date({ mode: 'string' }).notNull(),
    ultimo: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.unidade_saude_id, t.categoria_id, t.data] })],
);

/** Where a ticket stands (spec §4: called, in attendance, concluded, forwarded to a queue, absent). */
export const SITUACOES_SENHA = ['aguardando', 'chamada', 'em_atendimento', 'concluida', 'ausente'] as const;

/** A ticket handed out at the door. Forwarding moves it to another queue, waiting again (the event says so). */
export const senhas = pgTable(
  'senhas',
  {
    id: uuid().primaryKey(),
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    categoria_id: requiredRef(() => categorias.id),
    /** The queue it waits in or is served by now. */
    fila_id: requiredRef(() => filas.id),
    /** The day it was issued (São Paulo) and its number that day: P012 is categoria 'P', numero 12. */
    data: date({ mode: 'string' }).notNull(),
    numero: integer().notNull(),
    codigo: text().notNull(),
    situacao: text({ enum: SITUACOES_SENHA }).notNull().default('aguardando'),
    emitida_em: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When it entered its current queue (issued, or forwarded): the order after category priority. */
    na_fila_desde: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The queue it was forwarded from, while it waits in the new one (the parametrization rules read it). */
    encaminhada_de_fila_id: uuid().references(() => filas.id),
    /** The last call: where to, by whom, when, and how many calls this ticket has had in its current queue. */
    local_id: uuid().references(() => filaLocais.id),
    profissional_id: uuid().references(() => profissionais.id),
    chamada_em: timestamp({ withTimezone: true }),
    chamadas: integer().notNull().default(0),
    atendimento_iniciado_em: timestamp({ withTimezone: true }),
    concluida_em: timestamp({ withTimezone: true }),
    /** The urgent-care visit that used this ticket (spec §8: a ticket concluded in another attendance is refused). */
    atendimento_id: uuid().references(() => atendimentos.id),
    emitida_por: uuid().references(() => profissionais.id),
    ...versioned,
  },
  (t) => [
    check(
      'senhas_situacao_check',
      sql`${t.situacao} in ('aguardando', 'chamada', 'em_atendimento', 'concluida', 'ausente')`,
    ),
    uniqueIndex('senhas_unidade_data_codigo_key').on(t.unidade_saude_id, t.data, t.codigo),
    // "Call next": a queue's waiting tickets in arrival order (category priority is joined from 'categorias').
    index('senhas_fila_aguardando_idx')
      .on(t.fila_id, t.na_fila_desde)
      .where(sql`${t.situacao} = 'aguardando'`),
    index('senhas_unidade_data_idx').on(t.unidade_saude_id, t.data, t.emitida_em.desc()),
    uniqueIndex('senhas_atendimento_key').on(t.atendimento_id),
  ],
);

/** Every step of a ticket (who, where, when): the desk's history and the forwarding rules' source. */
export const senhaEventos = pgTable(
  'senha_eventos',
  {
    id: uuid().primaryKey(),
    senha_id: requiredRef(() => senhas.id, 'cascade'),
    tipo: text({ enum: eventosSenha }).notNull(),
    fila_id: requiredRef(() => filas.id),
    local_id: uuid().references(() => filaLocais.id),
    profissional_id: uuid().references(() => profissionais.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('senha_eventos_senha_idx').on(t.senha_id, t.created_at)],
);

/** The unit's calling-panel key (only its SHA-256): the TV opens the panel with it, no staff sign-in. */
export const paineisChaves = pgTable('paineis_chaves', {
  unidade_saude_id: uuid()
    .primaryKey()
    .references(() => unidadesSaude.id),
  chave_hash: text().notNull().unique(),
  ...timestamps,
});

/** Applications allowed to ask for a ticket token through the popup (spec §7 auth_applications): their callback. */
export const authApplications = pgTable('auth_applications', {
  id: uuid().primaryKey(),
  nome: text().notNull(),
  uri: text().notNull().unique(),
  ativo: flag(true),
  // Edited by managers since issue 39: the optimistic lock like every edited record.
  ...versioned,
});
