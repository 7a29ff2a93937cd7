import { z } from 'zod';
import { adminMsg } from '../administracao_mensagens';
import { msg } from '../messages';
import { isValidIsoDate } from '../validation/dates';
import { zCns, zCpf, zEmail, zIsoDate, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import {
  inputBody,
  opt,
  optionalUuid,
  requiredUuid,
  str,
  updateBody,
  ativoPorPadrao,
  filtrosTextoAtivo,
} from './comum';
import type { Issue, Loose } from './comum';
import { estampas, nomeadoSchema, nullableString as s, registroSchema } from './resposta';

// Professionals and their assignments (issue 22, administration). CPF required and unique among professionals (the API
// checks the uniqueness), CNS and e-mail optional; the login unique ignoring case, stored in lower case. A new
// professional, and one whose password a manager resets, gets a one-time password the API answers ONCE.

export const LIMITES_PROFISSIONAL = { nome: 120, login: 60 } as const;

/** Flags as a form or a query sends them: true/false or 'true'/'false'. */
export const profissionalFieldsSchema = z.object({
  nome: zRequired({ max: LIMITES_PROFISSIONAL.nome }).meta({ label: 'Nome completo' }),
  cpf_numero: zCpf().meta({ label: 'CPF' }),
  codigo_cns: opt(zCns()).meta({ label: 'CNS' }),
  email: opt(zEmail()).meta({ label: 'E-mail' }),
  // Letters, digits, dot, dash and underscore: typed at every sign-in, on a phone too.
  login: zRequired({ min: 3, max: LIMITES_PROFISSIONAL.login })
    .regex(/^[A-Za-z0-9._-]+$/, { error: msg.naoEValido })
    .transform((v) => v.toLowerCase())
    .meta({ label: 'Login' }),
  ativo: ativoPorPadrao().meta({ label: 'Ativo' }),
});
export type ProfissionalValues = z.output<typeof profissionalFieldsSchema>;

const semRegrasCruzadas = (): Issue[] => [];
export const profissionalInputSchema = inputBody(profissionalFieldsSchema, semRegrasCruzadas);
export type ProfissionalInput = z.input<typeof profissionalInputSchema>;
export const profissionalUpdateSchema = updateBody(profissionalFieldsSchema, semRegrasCruzadas);
export type ProfissionalUpdate = z.input<typeof profissionalUpdateSchema>;

// ---- assignments (lotações) ---------------------------------------------------------------------------------

export const lotacaoFieldsSchema = z.object({
  unidade_saude_id: requiredUuid().meta({ label: 'Unidade de saúde' }),
  ocupacao_codigo: zRequired({ max: 10 })
    .regex(/^\d{6}$/, { error: msg.naoEValido })
    .meta({ label: 'Ocupação (CBO)' }),
  equipe_id: optionalUuid().meta({ label: 'Equipe' }),
  perfil_id: requiredUuid().meta({ label: 'Perfil de acesso' }),
  micro_areas: z
    .array(zRequired().regex(/^\d{2}$/, { error: msg.naoEValido }), { error: msg.naoEValido })
    .max(99, { error: msg.naoEValido })
    .nullish()
    .transform((v) => [...new Set(v ?? [])].sort())
    .meta({ label: 'Microáreas' }),
  inicio: zIsoDate({ defaultRange: false }).meta({ label: 'Início' }),
  fim: opt(zIsoDate()).meta({ label: 'Fim' }),
});
export type LotacaoValues = z.output<typeof lotacaoFieldsSchema>;

/** The end not before the start; micro-areas only with a team (the API checks they are the team's). */
function lotacaoIssues(v: Loose): Issue[] {
  const out: Issue[] = [];
  const ini = str(v.inicio);
  const fim = str(v.fim);
  if (ini && fim && isValidIsoDate(ini) && isValidIsoDate(fim) && fim < ini)
    out.push({ path: ['fim'], message: adminMsg.lotacaoFimAntesDoInicio });
  if (!str(v.equipe_id) && Array.isArray(v.micro_areas) && v.micro_areas.length > 0)
    out.push({ path: ['micro_areas'], message: adminMsg.lotacaoMicroAreasSemEquipe });
  return out;
}

export const lotacaoInputSchema = inputBody(
  lotacaoFieldsSchema.extend({ profissional_id: requiredUuid() }),
  lotacaoIssues,
);
export type LotacaoInput = z.input<typeof lotacaoInputSchema>;
export const lotacaoUpdateSchema = updateBody(lotacaoFieldsSchema, lotacaoIssues);
export type LotacaoUpdate = z.input<typeof lotacaoUpdateSchema>;

export const lotacaoSchema = z.object({
  id: z.uuid(),
  lock_version: z.int(),
  profissional_id: z.uuid(),
  unidade_saude_id: z.uuid(),
  unidade_nome: z.string(),
  ocupacao_codigo: z.string(),
  ocupacao_nome: z.string(),
  equipe_id: z.uuid().nullable(),
  equipe_nome: s(),
  perfil_id: z.uuid(),
  perfil_nome: z.string(),
  micro_areas: z.array(z.string()),
  inicio: s(),
  fim: s(),
  ativo: z.boolean(),
  origem_cnes: z.boolean(),
});
export type Lotacao = z.infer<typeof lotacaoSchema>;

/** GET /lotacoes?profissional_id=…: a professional's assignments, the active ones first. */
export const lotacaoFiltersSchema = paginationSchema.extend({ profissional_id: requiredUuid() });
export type LotacaoFilters = z.infer<typeof lotacaoFiltersSchema>;

// ---- what the API answers --------------------------------------------------------------------------------

export const profissionalSchema = z.object({
  ...registroSchema,
  nome: z.string(),
  login: z.string(),
  cpf_numero: s(),
  codigo_cns: s(),
  email: s(),
  ativo: z.boolean(),
  senha_provisoria: z.boolean(),
  origem_cnes: z.boolean(),
  lotacoes: z.array(lotacaoSchema),
});
export type Profissional = z.infer<typeof profissionalSchema>;

/** POST answers the record and, this once, the one-time password (never stored in clear, never shown again). */
export const profissionalCriadoSchema = profissionalSchema.extend({ senha_temporaria: z.string() });
export type ProfissionalCriado = z.infer<typeof profissionalCriadoSchema>;

/** POST /{id}/redefinir_senha: the new one-time password, shown once. */
export const senhaRedefinidaSchema = z.object({ login: z.string(), senha_temporaria: z.string() });
export type SenhaRedefinida = z.infer<typeof senhaRedefinidaSchema>;

export const profissionalListItemSchema = profissionalSchema
  .omit({ ...estampas, codigo_cns: true, email: true, origem_cnes: true, lotacoes: true })
  /** Names of the units of the active assignments. */
  .extend({ unidades: z.array(z.string()) });
export type ProfissionalListItem = z.infer<typeof profissionalListItemSchema>;

/** List filters: part of the name or login, or CPF digits; a unit (an active assignment there); active or not. */
export const profissionalFiltersSchema = filtrosTextoAtivo(LIMITES_PROFISSIONAL.nome, {
  unidade_saude_id: optionalUuid(),
});
export type ProfissionalFilters = z.infer<typeof profissionalFiltersSchema>;

/** GET /opcoes: what the assignment form chooses from (active units with their active teams, the profiles). */
export const lotacaoOpcoesSchema = z.object({
  unidades: z.array(
    nomeadoSchema.extend({ equipes: z.array(nomeadoSchema.extend({ micro_areas: z.array(z.string()) })) }),
  ),
  perfis: z.array(nomeadoSchema.extend({ codigo: z.string() })),
});
export type LotacaoOpcoes = z.infer<typeof lotacaoOpcoesSchema>;
