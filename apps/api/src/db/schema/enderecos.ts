import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './common';

// IBGE states and municipalities, seeded from the generated code tables (shared/reference).
export const ufs = pgTable('ufs', {
  sigla: text().primaryKey(),
  nome: text().notNull(),
  codigo_dne: text().notNull(),
  ...timestamps,
});

export const municipios = pgTable(
  'municipios',
  {
    codigo_ibge: text().primaryKey(),
    nome: text().notNull(),
    uf: text()
      .notNull()
      .references(() => ufs.sigla),
    ...timestamps,
  },
  (t) => [index('municipios_uf_nome_idx').on(t.uf, sql`${t.nome} collate "und-x-icu"`)],
);

// Addresses already recorded in the municipality, by CEP: filled by the modules that save addresses and by
// answers of the optional CEP web service, so a CEP typed once fills the form for everyone after.
export const enderecosCep = pgTable('enderecos_cep', {
  cep: text().primaryKey(),
  uf: text().notNull(),
  municipio_ibge: text(),
  municipio: text().notNull(),
  tipo_logradouro: text(),
  logradouro: text(),
  bairro: text(),
  fonte: text().notNull().default('municipio'),
  ...timestamps,
});
