import { z } from 'zod';
import { parentesco } from '../codes/parentesco';
import { rendaFamiliar } from '../codes/renda_familiar';
import { msg } from '../messages';
import { optionalText, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import {
  codigo,
  codigoObrigatorio,
  given,
  inputBody,
  opt,
  optionalDate,
  optionalUuid,
  requiredUuid,
  simNao,
  updateBody,
  filtroSimNao,
} from './comum';
import type { Issue, Loose } from './comum';
import {
  cabecalhoSchema,
  familiaResumoSchema,
  nullableNumber as n,
  nullableString as s,
  registroSchema,
  responsavelSchema,
} from './resposta';

// The family of spec §3 ("Family", "Member"), issue 7. The family head (responsavel_id) is also a member, with the
// kinship PARENTESCO_RESPONSAVEL; the others carry their e-SUS kinship to the head. A citizen belongs to one active
// family at most ('Este munícipe já está cadastrado em outra família'). A family flagged `mudou` (moved away) keeps its
// members as history (inactive), receives no home visits and lets its members join another family.

/**
 * Kinship of the family head. Not an e-SUS code (the e-SUS RelacaoParentesco table lists the relation TO the head,
 * 137–146); the head is exported as the family's responsável, never with this code.
 */
export const PARENTESCO_RESPONSAVEL = 1;

/** Kinship options of the member list: the head first, then the e-SUS table in its order. */
export const parentescoFamilia = [
  { codigo: PARENTESCO_RESPONSAVEL, descricao: 'Responsável familiar' },
  ...parentesco,
] as const;

const membroInputSchema = z.object({
  municipe_id: requiredUuid(),
  parentesco_id: codigoObrigatorio(parentescoFamilia),
});
export type MembroValues = z.output<typeof membroInputSchema>;

export const familiaFieldsSchema = z.object({
  // Header. The API fills unit (current), professional and team from the user's team assignment.
  unidade_saude_id: optionalUuid().meta({ label: 'Unidade de saúde' }),
  profissional_id: optionalUuid().meta({ label: 'Profissional' }),
  equipe_id: optionalUuid().meta({ label: 'Equipe' }),
  /** Family record number in the unit: letters and digits, up to 30 (LEDI); unique in the unit. */
  numero_prontuario: opt(zRequired({ max: 30 }).regex(/^[\p{L}\d]+$/u, { error: msg.prontuarioCaracteres })).meta({
    label: 'Nº do prontuário familiar',
  }),
  /** Month and year the family started living in the home: 'yyyy-MM-dd' (stored as the first of the month), not in the future. */
  reside_desde: optionalDate().meta({ label: 'Reside desde' }),
  responsavel_id: requiredUuid().meta({ label: 'Responsável familiar' }),
  renda_familiar_id: codigo(rendaFamiliar).meta({ label: 'Renda familiar' }),
  mudou: simNao().meta({ label: 'Mudou-se' }),
  /**
   * Every member, the head included (with PARENTESCO_RESPONSAVEL) or not (the API adds the head). PUT replaces the
   * list: a member left out leaves the family.
   */
  membros: z
    .array(membroInputSchema, { error: msg.naoEValido })
    .max(99, { error: msg.naoEValido })
    .nullish()
    .transform((v) => v ?? [])
    .meta({ label: 'Membros' }),
});

/** Rules that relate fields (pure; form and API). */
export function familiaIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  const membros = Array.isArray(v.membros) ? (v.membros as Loose[]) : [];
  const vistos = new Set<string>();
  membros.forEach((m, i) => {
    const id = typeof m?.municipe_id === 'string' ? m.municipe_id : '';
    if (id && vistos.has(id)) issues.push({ path: ['membros', i, 'municipe_id'], message: msg.membroRepetido });
    vistos.add(id);
    const ehResponsavel = given(v.responsavel_id) && id === v.responsavel_id;
    const parentescoResponsavel = Number(m?.parentesco_id) === PARENTESCO_RESPONSAVEL;
    // Exactly one head: the responsável, with the head's kinship; nobody else has it.
    if (ehResponsavel && given(m?.parentesco_id) && !parentescoResponsavel) {
      issues.push({ path: ['membros', i, 'parentesco_id'], message: msg.parentescoDoResponsavel });
    }
    if (!ehResponsavel && parentescoResponsavel)
      issues.push({ path: ['membros', i, 'parentesco_id'], message: msg.somenteUmResponsavel });
  });
  return issues;
}

export type FamiliaValues = z.output<typeof familiaFieldsSchema>;

/** The member list with the head first (added when absent) and reside_desde on the first of its month. */
export function normalizarFamilia<T extends FamiliaValues>(v: T): T {
  const outros = v.membros.filter((m) => m.municipe_id !== v.responsavel_id);
  return {
    ...v,
    reside_desde: v.reside_desde ? `${v.reside_desde.slice(0, 7)}-01` : undefined,
    membros: [{ municipe_id: v.responsavel_id, parentesco_id: PARENTESCO_RESPONSAVEL }, ...outros],
  };
}

export const familiaInputSchema = inputBody(familiaFieldsSchema, familiaIssues);
export type FamiliaInput = z.input<typeof familiaInputSchema>;

export const familiaUpdateSchema = updateBody(familiaFieldsSchema, familiaIssues);
export type FamiliaUpdate = z.input<typeof familiaUpdateSchema>;

// ---- what the API answers --------------------------------------------------------------------------------

const membroSchema = z.object({
  municipe_id: z.uuid(),
  nome: z.string(),
  nome_social: s(),
  data_nascimento: z.string(),
  idade: n(),
  sexo_id: z.number(),
  cpf_numero: s(),
  codigo_cns: s(),
  parentesco_id: z.number(),
  /** False once the family moved away (kept as history). */
  ativo: z.boolean(),
  /** The citizen has died (exit by death or a death date): shown "Óbito"; no new family takes them. */
  obito: z.boolean(),
});
export type Membro = z.infer<typeof membroSchema>;

/** GET /api/v1/atencao_primaria/familias/{id} (also at /api/atencao_primaria/familias/{familiaId}, spec §7: reads mudou). */
export const familiaSchema = z.object({
  ...registroSchema,
  ...cabecalhoSchema,
  numero_prontuario: s(),
  reside_desde: s(),
  ...responsavelSchema,
  responsavel_cns: s(),
  renda_familiar_id: n(),
  mudou: z.boolean(),
  mudou_em: s(),
  domicilio_id: s(),
  /** One-line address of the linked home ('Rua X, 12 - Bairro'), null when not linked. */
  domicilio_endereco: s(),
  micro_area: s(),
  membros: z.array(membroSchema),
});
export type Familia = z.infer<typeof familiaSchema>;

export const familiaListItemSchema = z.object({
  ...familiaResumoSchema,
  ...cabecalhoSchema,
  mudou: z.boolean(),
  domicilio_id: s(),
  domicilio_endereco: s(),
});
export type FamiliaListItem = z.infer<typeof familiaListItemSchema>;

/** GET list filters (spec §3: team, responsible, record number, professional, unit; issue 7: mudou). */
export const familiaFiltersSchema = paginationSchema.extend({
  equipe_id: optionalUuid(),
  /** Part of the head's name, or the head's CPF/CNS digits. */
  responsavel: optionalText({ max: 70 }),
  numero_prontuario: optionalText({ max: 30 }),
  profissional_id: optionalUuid(),
  unidade_saude_id: optionalUuid(),
  /** Absent: every family. */
  mudou: filtroSimNao(),
  /** false: only families not linked to a home (the household's link picker). */
  vinculada: filtroSimNao(),
  /** The family an individual is an active member of (the individual registration's "Informações do domicílio"). */
  municipe_id: optionalUuid(),
});
export type FamiliaFilters = z.infer<typeof familiaFiltersSchema>;

/** POST /familias/{id}/membros: adds one member (409 when the citizen is in another active family). */
export const adicionarMembroSchema = membroInputSchema;
