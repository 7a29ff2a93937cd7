import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { flag, requiredRef, versioned } from './common';
import { profissionais } from './profissionais';
import { unidadesSaude } from './unidades';

// Issue 21: campaign themes, terms of use with their acceptances, and each user's reminders (spec §3).

/** Campaign theme (spec §3 "Theme"): the banner on home and the top bar's colour and logo while in force. */
export const temas = pgTable(
  'temas',
  {
    id: uuid().primaryKey(),
    /** The banner's title. */
    objetivo: text().notNull(),
    /** The banner's subtitle. */
    descricao: text(),
    /** '#RRGGBB'. */
    cor_primaria: text().notNull(),
    cor_secundaria: text().notNull(),
    /** A data URL (data:image/png|jpeg|webp|svg+xml;base64,…) whose bytes were checked; null: the default icon. */
    imagem_base64: text(),
    /** A named icon of the product's set, shown when there is no image. */
    icon: text(),
    vigencia_inicio: date({ mode: 'string' }).notNull(),
    vigencia_fim: date({ mode: 'string' }).notNull(),
    /** Repeats every year on the same days and months. */
    recorrente: flag(false),
    ativo: flag(true),
    ...versioned,
  },
  (t) => [
    index('temas_vigencia_idx').on(t.vigencia_inicio, t.vigencia_fim),
    check('temas_cores_check', sql`${t.cor_primaria} ~ '^#[0-9A-F]{6}$' and ${t.cor_secundaria} ~ '^#[0-9A-F]{6}$'`),
    check('temas_vigencia_check', sql`${t.vigencia_fim} > ${t.vigencia_inicio}`),
  ],
);

/**
 * Terms of use (spec §2 /termos_uso): each row is one version. A draft (publicado_em null) may be edited; once
 * published it is frozen, and the newest published one is what every user must accept at sign-in.
 */
export const termosUso = pgTable(
  'termos_uso',
  {
    id: uuid().primaryKey(),
    /** 1, 2, 3…: the order of versions. */
    versao: integer().notNull().unique(),
    titulo: text().notNull(),
    /** Rich text, sanitised HTML (only the tags the editor makes). */
    texto: text().notNull(),
    publicado_em: timestamp({ withTimezone: true }),
    publicado_por: uuid().references(() => profissionais.id),
    ...versioned,
  },
  (t) => [index('termos_uso_publicado_idx').on(t.publicado_em.desc())],
);

/** Who accepted which version, when and from where. */
export const termoUsoAceites = pgTable(
  'termo_uso_aceites',
  {
    termo_uso_id: requiredRef(() => termosUso.id),
    profissional_id: requiredRef(() => profissionais.id),
    unidade_saude_id: uuid().references(() => unidadesSaude.id),
    aceito_em: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text(),
    user_agent: text(),
  },
  (t) => [
    primaryKey({ columns: [t.profissional_id, t.termo_uso_id] }),
    index('termo_uso_aceites_termo_idx').on(t.termo_uso_id, t.aceito_em.desc()),
  ],
);

/** A user's own short notes (spec §3 "Reminder"), listed on home. */
export const lembretes = pgTable(
  'lembretes',
  {
    id: uuid().primaryKey(),
    profissional_id: requiredRef(() => profissionais.id),
    descricao: text().notNull(),
    data: date({ mode: 'string' }),
    concluido_em: timestamp({ withTimezone: true }),
    ...versioned,
  },
  (t) => [index('lembretes_profissional_idx').on(t.profissional_id, t.created_at.desc())],
);
