import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { requiredRef, versioned } from './common';
import { profissionais } from './profissionais';

// Global notifications (issue 20, spec §1 globe, §2 /notificacoes_globais, §3 "Global notification"): system-wide
// messages (a new version, the PEMC programme) for everyone or for profiles, each professional's read time apart.

export const TIPOS_NOTIFICACAO_GLOBAL = ['pemc', 'aviso'] as const;

export const notificacoesGlobais = pgTable(
  'notificacoes_globais',
  {
    id: uuid().primaryKey(),
    tipo: text({ enum: TIPOS_NOTIFICACAO_GLOBAL }).notNull(),
    titulo: text().notNull(),
    subtitulo: text(),
    /** Hex without '#' (spec §3), e.g. '009CB0'. */
    cor: text().notNull(),
    /** Where opening it leads: a path of this application ('/…', never '//…'), or null. */
    redirecionar_path_url: text(),
    /** The profiles it is for; empty: everyone. */
    perfil_ids: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    created_by: uuid().references(() => profissionais.id),
    ...versioned,
  },
  (t) => [
    index('notificacoes_globais_created_idx').on(t.created_at.desc(), t.id.desc()),
    check('notificacoes_globais_cor_check', sql`${t.cor} ~ '^[0-9A-F]{6}$'`),
    check(
      'notificacoes_globais_path_check',
      sql`${t.redirecionar_path_url} is null or (${t.redirecionar_path_url} ~ '^/' and ${t.redirecionar_path_url} !~ '^//')`,
    ),
  ],
);

export const notificacaoGlobalLeituras = pgTable(
  'notificacao_global_leituras',
  {
    notificacao_id: requiredRef(() => notificacoesGlobais.id, 'cascade'),
    profissional_id: requiredRef(() => profissionais.id),
    lida_em: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profissional_id, t.notificacao_id] })],
);
