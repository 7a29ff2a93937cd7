import { sql } from 'drizzle-orm';
import { date, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { flag, requiredRef, textList, timestamps, versioned } from './common';
import { equipes, unidadesSaude } from './unidades';

export const profissionais = pgTable(
  'profissionais',
  {
    id: uuid().primaryKey(),
    login: text().notNull(),
    nome: text().notNull(),
    email: text(),
    codigo_cns: text(),
    cpf_numero: text(),
    senha_hash: text().notNull(),
    // A one-time password (first manager, reset): the session may only read /me, change it and sign out.
    senha_provisoria: flag(false),
    // Created by the demo seed: while one is active the product warns it is not for real data.
    demonstracao: flag(false),
    ativo: flag(true),
    origem_cnes: flag(false),
    ...versioned,
  },
  (t) => [
    uniqueIndex('profissionais_login_key').on(sql`lower(${t.login})`),
    // One professional per CPF (issue 43): the screens check it under a lock; the CNES import and any race meet this.
    uniqueIndex('profissionais_cpf_key').on(t.cpf_numero),
  ],
);

export const perfis = pgTable('perfis', {
  id: uuid().primaryKey(),
  codigo: text().notNull().unique(),
  nome: text().notNull(),
  // Built-in profiles follow the code's permission catalogue at every start; custom ones are left alone.
  sistema: flag(false),
  // Custom profiles are edited on the administration screen (issue 22): the optimistic lock's version.
  ...versioned,
});

export const perfilPermissoes = pgTable(
  'perfil_permissoes',
  {
    perfil_id: requiredRef(() => perfis.id, 'cascade'),
    permission: text().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.perfil_id, t.permission] })],
);

// A professional's assignment: unit × occupation (CBO) × team × profile (glossary: lotação).
export const lotacoes = pgTable(
  'lotacoes',
  {
    id: uuid().primaryKey(),
    profissional_id: requiredRef(() => profissionais.id),
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    ocupacao_codigo: text().notNull(),
    equipe_id: uuid().references(() => equipes.id),
    perfil_id: requiredRef(() => perfis.id),
    micro_areas: textList(),
    // The bond's dates (issue 22): ending an assignment sets `fim` and `ativo` false.
    inicio: date({ mode: 'string' }),
    fim: date({ mode: 'string' }),
    ativo: flag(true),
    origem_cnes: flag(false),
    ...versioned,
  },
  (t) => [
    index('lotacoes_profissional_unidade_idx').on(t.profissional_id, t.unidade_saude_id),
    index('lotacoes_equipe_id_idx').on(t.equipe_id),
    // One active assignment per professional, unit, occupation and team (no team counts as one team).
    uniqueIndex('lotacoes_ativa_key')
      .on(
        t.profissional_id,
        t.unidade_saude_id,
        t.ocupacao_codigo,
        sql`coalesce(${t.equipe_id}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      )
      .where(sql`${t.ativo}`),
  ],
);
