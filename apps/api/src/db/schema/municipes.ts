import type { CondicaoSaudeValues, SociodemograficaValues } from '@saude/shared/schemas/municipe';
import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { flag, requiredRef, timestamps, versioned } from './common';
import { municipios } from './enderecos';
import { profissionais } from './profissionais';
import { equipes, unidadesSaude } from './unidades';

/** The form names are searched through: lower case, no accents (immutable_unaccent comes from migration 0000). */
export const normalized = (col: AnyPgColumn | SQL): SQL => sql`immutable_unaccent(lower(${col}))`;

/**
 * A name's search words as an array (migration 0038 `palavras_nome`: normalized, split on what is not a letter or
 * digit, at least 3 characters, as `municipes_palavras` holds them); null for a null name. Its GIN index finds a word's
 * bearers by that word's own posting list (issue 41).
 */
export const palavrasDoNome = (col: AnyPgColumn | SQL): SQL => sql`palavras_nome(${col})`;

/**
 * Every pair of a name's search words, "a b" with a before b (migration 0040 `pares_nome`): two common words together
 * are one posting list of their common bearers (issue 41).
 */
export const paresDoNome = (col: AnyPgColumn | SQL): SQL => sql`pares_nome(${col})`;

// The citizen (spec §3, issue 5). Column names are the JSON names; phones are three columns (JSON `telefones`).
export const municipes = pgTable(
  'municipes',
  {
    id: uuid().primaryKey(),
    cpf_numero: text(),
    codigo_cns: text(),
    cartao_provisorio: text(),
    cartao_municipal: text(),
    numero_registro: text(),
    numero_prontuario_familiar: text(),
    nome: text().notNull(),
    nome_social: text(),
    data_nascimento: date().notNull(),
    sexo_id: integer().notNull(),
    estado_civil_id: integer(),
    raca_cor_id: integer(),
    etnia_id: integer(),
    nome_mae: text(),
    mae_desconhecida: flag(false),
    nome_pai: text(),
    pai_desconhecido: flag(false),
    responsavel_nome: text(),
    responsavel_data_nascimento: date(),
    nacionalidade_id: integer(),
    municipio_nascimento_ibge: text().references(() => municipios.codigo_ibge),
    pais_nascimento_id: integer(),
    data_entrada_brasil: date(),
    data_naturalizacao: date(),
    portaria_naturalizacao: text(),
    telefone_residencial: text(),
    telefone_celular: text(),
    telefone_contato: text(),
    email: text(),
    residencia_cep: text(),
    residencia_uf: text(),
    residencia_municipio_ibge: text().references(() => municipios.codigo_ibge),
    residencia_tipo_logradouro: text(),
    residencia_logradouro: text(),
    residencia_numero: text(),
    residencia_complemento: text(),
    residencia_bairro: text(),
    residencia_ponto_referencia: text(),
    unidade_saude_referencia_id: uuid().references(() => unidadesSaude.id),
    profissional_id: uuid().references(() => profissionais.id),
    equipe_id: uuid().references(() => equipes.id),
    ocupacao_id: text(),
    micro_area: text(),
    fora_area: flag(false),
    motivo_saida_cadastro_id: integer(),
    data_obito: date(),
    numero_do: text(),
    parentesco_id: integer(),
    doador_sangue: flag(false),
    tipo_sanguineo_id: integer(),
    rg_numero: text(),
    rg_data_emissao: date(),
    rg_uf: text(),
    rg_orgao_emissor: text(),
    nis: text(),
    titulo_eleitor: text(),
    titulo_zona: text(),
    titulo_secao: text(),
    certidao_tipo: text(),
    certidao_cartorio: text(),
    certidao_livro: text(),
    certidao_folha: text(),
    certidao_termo: text(),
    certidao_data_emissao: date(),
    certidao_matricula: text(),
    /** A tombstone (issue 45): this record was merged into that one; hidden from lists, its links redirect there. */
    unificado_em_id: uuid().references((): AnyPgColumn => municipes.id),
    ...versioned,
  },
  (t) => [
    // One person, one CPF and one CNS: the service answers 422 with the other citizen's name; the index closes races.
    uniqueIndex('municipes_cpf_numero_key').on(t.cpf_numero),
    uniqueIndex('municipes_codigo_cns_key').on(t.codigo_cns),
    index('municipes_cartao_provisorio_idx').on(t.cartao_provisorio),
    // Duplicate detection and date search start from the birth date (a few dozen people per day at 1,000,000).
    index('municipes_data_nascimento_idx').on(t.data_nascimento),
    // The unfiltered list walks this index in display order.
    index('municipes_nome_ordem_idx').on(sql`${t.nome} collate "und-x-icu"`, t.id),
    // Accent-, case- and typo-tolerant search (LIKE and the pg_trgm word-similarity operator <% use these).
    index('municipes_nome_trgm_idx').using('gin', sql`${normalized(t.nome)} gin_trgm_ops`),
    index('municipes_nome_social_trgm_idx').using('gin', sql`${normalized(t.nome_social)} gin_trgm_ops`),
    index('municipes_nome_mae_trgm_idx').using('gin', sql`${normalized(t.nome_mae)} gin_trgm_ops`),
    // Whole words (issue 41): a common word ("maria") is one posting list here, not its trigrams' lists of millions.
    index('municipes_nome_palavras_idx').using('gin', palavrasDoNome(t.nome)),
    // Two words together ("maria oliveira"): the pair's own list, not the intersection of two lists of millions.
    index('municipes_nome_pares_idx').using('gin', paresDoNome(t.nome)),
    index('municipes_nome_social_palavras_idx')
      .using('gin', palavrasDoNome(t.nome_social))
      .where(sql`${t.nome_social} is not null`),
    // The mother's name searched as the name is (issue 41: the reception's "nome + nome da mãe" at 12 million).
    index('municipes_nome_mae_palavras_idx').using('gin', palavrasDoNome(t.nome_mae)),
    index('municipes_nome_mae_pares_idx').using('gin', paresDoNome(t.nome_mae)),
    index('municipes_nome_pai_trgm_idx').using('gin', sql`${normalized(t.nome_pai)} gin_trgm_ops`),
    index('municipes_logradouro_trgm_idx').using('gin', sql`${normalized(t.residencia_logradouro)} gin_trgm_ops`),
    // Any of the three phones: array[...] @> array[$1].
    index('municipes_telefones_idx').using(
      'gin',
      sql`(array[${t.telefone_residencial}, ${t.telefone_celular}, ${t.telefone_contato}])`,
    ),
    index('municipes_unidade_micro_area_idx').on(t.unidade_saude_referencia_id, t.micro_area),
    index('municipes_equipe_id_idx').on(t.equipe_id),
    index('municipes_profissional_id_idx').on(t.profissional_id),
    // The records merged into a citizen (issue 45): their audit trail is the survivor's. Tombstones only: a few.
    index('municipes_unificado_em_idx')
      .on(t.unificado_em_id)
      .where(sql`${t.unificado_em_id} is not null`),
  ],
);

/**
 * Every word of the searched names (name, social name, mother's, father's, street), normalized, at least 3 letters:
 * the misspelling step of the search (search.ts) corrects a word here, among some ten thousand, instead of comparing
 * it with every citizen's name (issue 15). Kept by triggers on `municipes` (migration 0024); never pruned: a word
 * nobody bears any more only costs a search that finds no one. Holds no link to a person.
 */
export const municipesPalavras = pgTable('municipes_palavras', { palavra: text().primaryKey() }, (t) => [
  index('municipes_palavras_trgm_idx').using('gin', sql`${t.palavra} gin_trgm_ops`),
]);

// Record numbers per unit (spec §3 "Record numbering"). A number is never reused in a unit, even once inactivated.
export const municipeProntuarios = pgTable(
  'municipe_prontuarios',
  {
    id: uuid().primaryKey(),
    municipe_id: requiredRef(() => municipes.id, 'cascade'),
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    numero: text().notNull(),
    inativacao_motivo_id: integer(),
    inativacao_justificativa: text(),
    inativado_em: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('municipe_prontuarios_unidade_numero_key').on(t.unidade_saude_id, t.numero),
    index('municipe_prontuarios_municipe_id_idx').on(t.municipe_id),
  ],
);

// The two blocks with their own permissions (spec §6). The answers are the shared Zod schema's output, stored as
// one JSON document: the e-SUS form changes with every LEDI version, the permission and audit unit is the block.
export const municipeSociodemograficas = pgTable('municipe_sociodemograficas', {
  municipe_id: uuid()
    .primaryKey()
    .references(() => municipes.id, { onDelete: 'cascade' }),
  dados: jsonb().$type<SociodemograficaValues>().notNull(),
  ...versioned,
});

export const municipeCondicoesSaude = pgTable('municipe_condicoes_saude', {
  municipe_id: uuid()
    .primaryKey()
    .references(() => municipes.id, { onDelete: 'cascade' }),
  dados: jsonb().$type<CondicaoSaudeValues>().notNull(),
  ...versioned,
});

// A citizen's fingerprints (issue 39): one template per finger (ISO 19794-2 position 1–10), as the reader's agent
// hands it over (base64 text). Replacing a finger overwrites its row; who captured it is the professional.
export const municipeBiometrias = pgTable(
  'municipe_biometrias',
  {
    municipe_id: uuid()
      .notNull()
      .references(() => municipes.id, { onDelete: 'cascade' }),
    dedo: integer().notNull(),
    template_base64: text().notNull(),
    qualidade: integer().notNull(),
    capturada_em: timestamp({ withTimezone: true }).notNull().defaultNow(),
    capturada_por: uuid().references(() => profissionais.id),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.municipe_id, t.dedo] }),
    check('municipe_biometrias_dedo_check', sql`${t.dedo} BETWEEN 1 AND 10`),
  ],
);
