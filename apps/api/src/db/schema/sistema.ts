import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './common';
import { profissionais } from './profissionais';
import { unidadesSaude } from './unidades';

// Opaque bearer sessions: only the SHA-256 of the token is stored, so a leaked table cannot sign anyone in.
export const sessoes = pgTable(
  'sessoes',
  {
    id: uuid().primaryKey(),
    token_hash: text().notNull().unique(),
    profissional_id: uuid()
      .notNull()
      .references(() => profissionais.id),
    unidade_saude_id: uuid().references(() => unidadesSaude.id),
    last_seen_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    revoked_at: timestamp({ withTimezone: true }),
    ip: text(),
    user_agent: text(),
    ...timestamps,
  },
  (t) => [index('sessoes_profissional_id_idx').on(t.profissional_id)],
);

// Failed sign-ins per key ('conta:<login>|<ip>' and 'ip:<ip>'), so that throttling works across API processes.
export const loginFalhas = pgTable('login_falhas', {
  chave: text().primaryKey(),
  falhas: integer().notNull().default(0),
  janela_inicio: timestamp({ withTimezone: true }).notNull().defaultNow(),
  bloqueado_ate: timestamp({ withTimezone: true }),
  ...timestamps,
});

// System parameters of spec §3: a single row (id = 1).
export const parametrizacao = pgTable('parametrizacao', {
  id: integer().primaryKey(),
  cliente_nome: text().notNull(),
  brasao: text(),
  habilita_biometria: boolean().notNull().default(false),
  versao: text().notNull(),
  esus_versao: text().notNull(),
  pec_versao: text().notNull(),
  lock_version: integer().notNull().default(0),
  ...timestamps,
});

// The side menu (spec §7 GET /api/menus). `authorize` null marks a group shown when any child is allowed.
export const menus = pgTable('menus', {
  id: text().primaryKey(),
  parent_id: text(),
  nome: text().notNull(),
  url: text(),
  icone: text(),
  ordem: integer().notNull().default(0),
  authorize: text(),
  v3: boolean().notNull().default(true),
  ...timestamps,
});

// Append-only audit trail (architecture: Audit). Written in the same transaction as the change it records.
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    profissional_id: uuid(),
    unidade_saude_id: uuid(),
    action: text().notNull(),
    resource: text().notNull(),
    record_id: text(),
    ip: text(),
    details: jsonb(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auditoria_record_id_idx').on(t.record_id), index('auditoria_created_at_idx').on(t.created_at)],
);
