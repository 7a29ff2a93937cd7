import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { flag, integerList, requiredRef, timestamps, versioned } from './common';
import { municipios } from './enderecos';
import { normalized, municipes } from './municipes';
import { profissionais } from './profissionais';
import { equipes, unidadesSaude } from './unidades';

/** A property's address (e-SUS EnderecoLocalPermanencia): a household's, or a visit's to an unregistered property. */
const endereco = () => ({
  cep: text(),
  uf: text(),
  municipio_ibge: text().references(() => municipios.codigo_ibge),
  tipo_logradouro: text(),
  logradouro: text(),
  numero: text(),
  sem_numero: flag(false),
  complemento: text(),
  bairro: text(),
});

// Household registration (spec §3 "Household registration", issue 7), one row per property of the territory.
// Column names are the JSON names of packages/shared/src/schemas/cadastro_domiciliar.ts. The e-SUS form changes with
// the property type: a home (tipo_imovel_id 1) answers the living conditions, an institution (7–11) the institution
// block; the shared rules clear what does not apply before it is stored.
export const cadastrosDomiciliares = pgTable(
  'cadastros_domiciliares',
  {
    id: uuid().primaryKey(),
    // Header (e-SUS UnicaLotacaoHeader).
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    profissional_id: requiredRef(() => profissionais.id),
    equipe_id: uuid().references(() => equipes.id),
    ocupacao_id: text().notNull(),
    data_cadastro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Two-digit micro-area (spec field name `st_micro_area`); null when fora_area. */
    st_micro_area: text(),
    fora_area: flag(false),
    // Address (e-SUS EnderecoLocalPermanencia).
    ...endereco(),
    ponto_referencia: text(),
    /** The property's position (issue 18: the notification map), WGS 84 degrees; optional, typed or from the tablet's
     * geolocation. Both or neither. */
    latitude: numeric({ precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric({ precision: 9, scale: 6, mode: 'number' }),
    tipo_imovel_id: integer().notNull(),
    telefone_residencial: text(),
    telefone_contato: text(),
    // Living conditions (e-SUS CondicaoMoradia), homes only.
    situacao_moradia_id: integer(),
    localizacao_id: integer(),
    tipo_domicilio_id: integer(),
    condicao_posse_terra_id: integer(),
    numero_moradores: integer(),
    numero_comodos: integer(),
    tipo_acesso_id: integer(),
    material_paredes_id: integer(),
    energia_eletrica: boolean(),
    tipo_origem_energia_eletrica_id: integer(),
    abastecimento_agua_id: integer(),
    tratamento_agua_id: integer(),
    escoamento_sanitario_id: integer(),
    destino_lixo_id: integer(),
    /** Null: nobody answered (issue 12: never read as "Não"). */
    possui_animais: boolean(),
    animal_ids: integerList(),
    quantidade_animais: integer(),
    // Institution (e-SUS InstituicaoPermanencia), property types 7–11 only.
    instituicao_nome: text(),
    instituicao_responsavel_nome: text(),
    instituicao_responsavel_cns: text(),
    instituicao_responsavel_cargo: text(),
    instituicao_responsavel_telefone: text(),
    instituicao_outros_profissionais: boolean(),
    termo_recusa: flag(false),
    // Vitals taken at the registration visit.
    temperatura: numeric({ precision: 4, scale: 1, mode: 'number' }),
    glicemia: integer(),
    momento_coleta_glicemia_id: integer(),
    pressao_sistolica: integer(),
    pressao_diastolica: integer(),
    ...versioned,
  },
  (t) => [
    check(
      'cadastros_domiciliares_coordenadas_check',
      sql`(${t.latitude} is null) = (${t.longitude} is null)
      and ${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`,
    ),
    index('cadastros_domiciliares_equipe_micro_area_idx').on(t.equipe_id, t.st_micro_area),
    index('cadastros_domiciliares_unidade_idx').on(t.unidade_saude_id),
    index('cadastros_domiciliares_profissional_idx').on(t.profissional_id),
    index('cadastros_domiciliares_cep_idx').on(t.cep),
    index('cadastros_domiciliares_logradouro_trgm_idx').using('gin', sql`${normalized(t.logradouro)} gin_trgm_ops`),
    // The list's order (street, the house number as a number, its text, id), so a page reads its rows from the index
    // instead of sorting every household in scope (bench/visitas.ts): one for a manager's whole town, one per team for an
    // agent's territory (a team's streets may all sort late: walking the town's order would then read most of it).
    index('cadastros_domiciliares_ordem_idx').on(
      sql`${t.logradouro} collate "und-x-icu"`,
      sql`(nullif(regexp_replace(${t.numero}, '\\D', '', 'g'), '')::bigint)`,
      t.numero,
      t.id,
    ),
    index('cadastros_domiciliares_equipe_ordem_idx').on(
      t.equipe_id,
      sql`${t.logradouro} collate "und-x-icu"`,
      sql`(nullif(regexp_replace(${t.numero}, '\\D', '', 'g'), '')::bigint)`,
      t.numero,
      t.id,
    ),
  ],
);

/** The household's address parts, as enderecoLinha (shared) writes them in one line. */
export const enderecoDomicilio = {
  tipo_logradouro: cadastrosDomiciliares.tipo_logradouro,
  logradouro: cadastrosDomiciliares.logradouro,
  numero: cadastrosDomiciliares.numero,
  sem_numero: cadastrosDomiciliares.sem_numero,
  complemento: cadastrosDomiciliares.complemento,
  bairro: cadastrosDomiciliares.bairro,
};

// Family (spec §3 "Family", issue 7). domicilio_id is the link to the home (one home at most: 409 when linked again).
// A family flagged mudou (moved away) keeps its rows and history; its members may then join another family.
export const familias = pgTable(
  'familias',
  {
    id: uuid().primaryKey(),
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    profissional_id: requiredRef(() => profissionais.id),
    equipe_id: uuid().references(() => equipes.id),
    numero_prontuario: text(),
    /** First day of the month the family started living in the home ('yyyy-MM-01'). */
    reside_desde: date(),
    /** The family head: also a member with kinship PARENTESCO_RESPONSAVEL. */
    responsavel_id: requiredRef(() => municipes.id, 'restrict'),
    renda_familiar_id: integer(),
    mudou: flag(false),
    mudou_em: timestamp({ withTimezone: true }),
    domicilio_id: uuid().references(() => cadastrosDomiciliares.id, { onDelete: 'restrict' }),
    vinculado_em: timestamp({ withTimezone: true }),
    // The visit list's order, kept by triggers (migration 0012) whoever writes: the head's name, the home's
    // micro-area and the last visit not cancelled. The agent's page then walks an index instead of the whole team.
    responsavel_nome: text(),
    micro_area: text(),
    ultima_visita: timestamp({ withTimezone: true }),
    /** The outcome of that last visit (issue 44: absent or refused, try again), kept by the same trigger. */
    ultimo_desfecho_id: integer(),
    ...versioned,
  },
  (t) => [
    index('familias_domicilio_id_idx').on(t.domicilio_id),
    // The visit list (bench/visitas.ts): the agent's own micro-areas, the rest of a team, a unit, by the head's name.
    index('familias_visita_area_idx').on(
      t.equipe_id,
      t.micro_area,
      sql`${t.responsavel_nome} collate "und-x-icu"`,
      t.id,
    ),
    index('familias_visita_equipe_idx').on(t.equipe_id, sql`${t.responsavel_nome} collate "und-x-icu"`, t.id),
    index('familias_visita_unidade_idx').on(t.unidade_saude_id, sql`${t.responsavel_nome} collate "und-x-icu"`, t.id),
    index('familias_responsavel_id_idx').on(t.responsavel_id),
    index('familias_equipe_id_idx').on(t.equipe_id),
    // A family record number is not reused in a unit.
    uniqueIndex('familias_unidade_prontuario_key')
      .on(t.unidade_saude_id, t.numero_prontuario)
      .where(sql`${t.numero_prontuario} is not null`),
  ],
);

// Member of a family (spec §3 "Member"). `ativo` is false once the family moved away (history kept); the partial
// unique index is the rule 'Este munícipe já está cadastrado em outra família' and closes the race of two saves.
export const familiaMembros = pgTable(
  'familia_membros',
  {
    id: uuid().primaryKey(),
    familia_id: requiredRef(() => familias.id, 'cascade'),
    municipe_id: requiredRef(() => municipes.id, 'restrict'),
    parentesco_id: integer().notNull(),
    ativo: flag(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('familia_membros_municipe_ativo_key')
      .on(t.municipe_id)
      .where(sql`${t.ativo}`),
    uniqueIndex('familia_membros_familia_municipe_key').on(t.familia_id, t.municipe_id),
  ],
);

// Home visit (spec §3 "Home visit", issue 8). The id is generated by the client, so a retried save finds its visit
// instead of creating a second one. A cancelled visit keeps its row with the justification.
export const visitasDomiciliares = pgTable(
  'visitas_domiciliares',
  {
    id: uuid().primaryKey(),
    /** Null for a visit to a property without a family (territorial visit). */
    familia_id: uuid().references(() => familias.id, { onDelete: 'restrict' }),
    domicilio_id: uuid().references(() => cadastrosDomiciliares.id, { onDelete: 'restrict' }),
    /** Null for a visit to the family or the home as a whole. */
    municipe_id: uuid().references(() => municipes.id, { onDelete: 'restrict' }),
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    profissional_id: requiredRef(() => profissionais.id),
    equipe_id: uuid().references(() => equipes.id),
    ocupacao_id: text().notNull(),
    data_visita: timestamp({ withTimezone: true }).notNull(),
    turno_atendimentos: integer().notNull(),
    micro_area: text(),
    fora_area: flag(false),
    tipo_imovel_id: integer().notNull(),
    numero_prontuario: text(),
    /** Null: not answered (issue 39: never stored as "Não"). */
    visita_compartilhada: boolean(),
    motivo_visita_ids: integerList(),
    desfecho_id: integer().notNull(),
    altura: numeric({ precision: 4, scale: 1, mode: 'number' }),
    peso: numeric({ precision: 6, scale: 3, mode: 'number' }),
    temperatura: numeric({ precision: 4, scale: 1, mode: 'number' }),
    glicemia: integer(),
    momento_coleta_glicemia_id: integer(),
    pressao_sistolica: integer(),
    pressao_diastolica: integer(),
    // The address of a visit without a family at a property that is not a registered household (domicilio_id).
    ...endereco(),
    cancelada_em: timestamp({ withTimezone: true }),
    cancelada_por: uuid().references(() => profissionais.id),
    justificativa_cancelamento: text(),
    ...versioned,
  },
  (t) => [
    index('visitas_domiciliares_familia_data_idx').on(t.familia_id, t.data_visita),
    index('visitas_domiciliares_municipe_data_idx').on(t.municipe_id, t.data_visita),
    index('visitas_domiciliares_profissional_data_idx').on(t.profissional_id, t.data_visita),
    // Visits without a family (a few): the agent's own, and a team's.
    index('visitas_domiciliares_sem_familia_profissional_idx')
      .on(t.profissional_id, t.data_visita)
      .where(sql`${t.familia_id} is null`),
    index('visitas_domiciliares_sem_familia_equipe_idx')
      .on(t.equipe_id, t.data_visita)
      .where(sql`${t.familia_id} is null`),
    // The citizen registry asks whether a record number is tied to a visit before inactivating it.
    index('visitas_domiciliares_unidade_prontuario_idx').on(t.unidade_saude_id, t.numero_prontuario),
    // A property's endemic-control visits (issue 44: an ACE's, CBO 515140, or any with a vector-control reason): the
    // trigger recounts its last one from here.
    index('visitas_domiciliares_vetorial_domicilio_idx')
      .on(t.domicilio_id, t.data_visita)
      .where(
        sql`(${t.ocupacao_id} = '515140' or ${t.motivo_visita_ids} && array[34, 35, 36, 37]) and ${t.cancelada_em} is null`,
      ),
  ],
);

// A citizen's last visit not cancelled (issue 44: who is due a visit), kept by a trigger on the visits (migration
// 0032) whoever writes them, so the worklist reads one row per person instead of searching two million visits.
export const municipeUltimasVisitas = pgTable('municipe_ultimas_visitas', {
  municipe_id: uuid()
    .primaryKey()
    .references(() => municipes.id, { onDelete: 'cascade' }),
  data_visita: timestamp({ withTimezone: true }).notNull(),
});

/**
 * What the worklist needs of each person it may list (issue 44: "kept current by the writes, not recomputed per
 * request"): one row per living citizen who is an active member of a family that has not moved away, with the family's
 * territory, the answered "yes" of the health-conditions block (unanswered is false here: it never makes a reason),
 * the active individual registration's last change and the last visit. Kept by triggers on every source (migration
 * 0037) under a lock per citizen, so the list reads one narrow row per person.
 */
export const quemVisitarPessoas = pgTable(
  'quem_visitar_pessoas',
  {
    municipe_id: uuid()
      .primaryKey()
      .references(() => municipes.id, { onDelete: 'cascade' }),
    familia_id: uuid()
      .notNull()
      .references(() => familias.id, { onDelete: 'cascade' }),
    unidade_saude_id: uuid().notNull(),
    equipe_id: uuid(),
    micro_area: text(),
    nome: text().notNull(),
    data_nascimento: date({ mode: 'string' }),
    gestante: boolean().notNull(),
    acamado: boolean().notNull(),
    domiciliado: boolean().notNull(),
    hipertensao: boolean().notNull(),
    diabetes: boolean().notNull(),
    cadastro_em: timestamp({ withTimezone: true }),
    ultima: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('quem_visitar_pessoas_territorio_idx').on(t.equipe_id, sql`coalesce(${t.micro_area}, '')`),
    index('quem_visitar_pessoas_unidade_idx').on(t.unidade_saude_id),
    index('quem_visitar_pessoas_familia_idx').on(t.familia_id),
  ],
);

/**
 * Each property's last endemic-control visit (issue 44, the ACE's list): a visit not cancelled by an ACE (CBO 515140:
 * an absent or refused one has no reason) or with a reason of LEDI's CONTROLE_AMBIENTAL_E_VETORIAL group. Kept by a trigger on visitas_domiciliares (migration 0036), like the above.
 */
export const domicilioUltimasVisitasVetoriais = pgTable('domicilio_ultimas_visitas_vetoriais', {
  domicilio_id: uuid()
    .primaryKey()
    .references(() => cadastrosDomiciliares.id, { onDelete: 'cascade' }),
  data_visita: timestamp({ withTimezone: true }).notNull(),
  desfecho_id: integer().notNull(),
  /** The visit found a focus (reason 35, "Imóvel com foco"). */
  com_foco: boolean().notNull(),
});
