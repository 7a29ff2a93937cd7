import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { flag, integerList, requiredRef, versioned } from './common';
import { municipios } from './enderecos';
import { municipes } from './municipes';
import { profissionais } from './profissionais';
import { unidadesSaude } from './unidades';

// Urgent care (issue 16, spec §3 "Care visit" and "Patient without identification"). Column names are the JSON names
// of packages/shared/src/schemas/atendimento.ts and paciente_sem_identificacao.ts. A yes/no nobody answered is null.

/** Someone who arrived without documents or unconscious: registered by what can be seen, identified later. */
export const pacientesSemIdentificacao = pgTable(
  'pacientes_sem_identificacao',
  {
    id: uuid().primaryKey(),
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    profissional_id: requiredRef(() => profissionais.id),
    ocupacao_id: text().notNull(),
    /** A name told by someone, or a pseudonym ("Desconhecido 12"). */
    nome: text().notNull(),
    data_nascimento_estimada: date({ mode: 'string' }),
    idade_estimada: integer(),
    possui_deficiencia: boolean(),
    deficiencia_ids: integerList(),
    sexo_id: integer(),
    raca_cor_id: integer(),
    cor_cabelo_id: integer(),
    cor_olhos_id: integer(),
    /** Approximate, in centimetres and kilograms. */
    altura_aproximada: integer(),
    peso_aproximado: numeric({ precision: 5, scale: 1 }),
    outras_caracteristicas: text(),
    nome_mae: text(),
    /** Nobody could tell the mother's (or a parent's) name. */
    nome_mae_sem_informacao: flag(false),
    nacionalidade_id: integer(),
    municipio_nascimento_ibge: text().references(() => municipios.codigo_ibge),
    pais_nascimento_id: integer(),
    // Identification: the citizen this patient turned out to be; undone by a manager (all three back to null).
    municipe_id: uuid().references(() => municipes.id, { onDelete: 'restrict' }),
    identificado_em: timestamp({ withTimezone: true }),
    identificado_por: uuid().references(() => profissionais.id),
    created_by: uuid().references(() => profissionais.id),
    ...versioned,
  },
  (t) => [
    index('pacientes_sem_identificacao_unidade_idx').on(t.unidade_saude_id, t.created_at.desc(), t.id.desc()),
    index('pacientes_sem_identificacao_municipe_idx').on(t.municipe_id),
  ],
);

/** Where an urgent-care visit stands (the reception list's status filter). */
export const SITUACOES_ATENDIMENTO = ['aguardando', 'chamado', 'em_atendimento', 'concluido', 'cancelado'] as const;

/**
 * An arrival at an urgent-care unit (also a retroactive one, entered later from paper). The patient is a citizen, or
 * a patient without identification; once that patient is identified the visit carries both ids, so the tie can be
 * undone without losing whose visit it was.
 */
export const atendimentos = pgTable(
  'atendimentos',
  {
    id: uuid().primaryKey(),
    unidade_saude_id: requiredRef(() => unidadesSaude.id),
    /** Who registered the arrival, with the CBO they worked under. */
    profissional_id: requiredRef(() => profissionais.id),
    ocupacao_id: text().notNull(),
    /** The care specialty (CBO) the patient is sent to. */
    especialidade: text(),
    municipe_id: uuid().references(() => municipes.id, { onDelete: 'restrict' }),
    paciente_sem_identificacao_id: uuid().references(() => pacientesSemIdentificacao.id, { onDelete: 'restrict' }),
    senha: text(),
    data_chegada: timestamp({ withTimezone: true }).notNull(),
    data_ficha: timestamp({ withTimezone: true }).notNull(),
    acolhimento: boolean(),
    sindrome_gripal: boolean(),
    convenio: text(),
    tipo_chegada_id: integer(),
    placa_veiculo: text(),
    violencia: boolean(),
    acidente_trabalho: boolean(),
    possui_acompanhante: boolean(),
    acompanhante_nome: text(),
    rg: text(),
    parentesco_id: integer(),
    telefone: text(),
    retroativo: flag(false),
    /** Why a retroactive visit was entered late (paper during an outage…). */
    justificativa_retroativo: text(),
    situacao: text({ enum: SITUACOES_ATENDIMENTO }).notNull().default('aguardando'),
    chamado_em: timestamp({ withTimezone: true }),
    chamado_por: uuid().references(() => profissionais.id),
    cancelado_em: timestamp({ withTimezone: true }),
    cancelado_por: uuid().references(() => profissionais.id),
    justificativa_cancelamento: text(),
    created_by: uuid().references(() => profissionais.id),
    ...versioned,
  },
  (t) => [
    check(
      'atendimentos_paciente_check',
      sql`${t.municipe_id} is not null or ${t.paciente_sem_identificacao_id} is not null`,
    ),
    check(
      'atendimentos_situacao_check',
      sql`${t.situacao} in ('aguardando', 'chamado', 'em_atendimento', 'concluido', 'cancelado')`,
    ),
    // The reception list: the unit's arrivals of a period, newest first, each kind apart.
    index('atendimentos_unidade_chegada_idx').on(t.unidade_saude_id, t.retroativo, t.data_chegada.desc(), t.id.desc()),
    index('atendimentos_municipe_idx').on(t.municipe_id, t.data_chegada.desc()),
    index('atendimentos_paciente_idx').on(t.paciente_sem_identificacao_id),
  ],
);
