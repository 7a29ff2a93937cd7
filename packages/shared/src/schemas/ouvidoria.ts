import { z } from 'zod';
import { msg } from '../messages';
import { optionalText, zInteger, zIsoDate, zRequired } from '../validation/zod';
import {
  CANAIS_SOLICITACAO,
  LIMITES_OUVIDORIA,
  SITUACOES_SOLICITACAO,
  type SituacaoSolicitacao,
} from '../ouvidoria_constantes';
import { contarAteField, paginationSchema } from './auth';
import { inputBody, lockVersion, opt, optionalUuid, requiredUuid, rulesOf, simNao } from './comum';
import type { Issue, Loose } from './comum';
import { nomeadoSchema, nullableString as s, registroSchema } from './resposta';

// The ombudsman (issue 20, spec §1 bell, §2 /ouvidoria, §3 "Ombudsman notification"): citizens' requests, their
// status history and answer, and the bell's items. docs/decisions.md "Ombudsman and the bell (issue 20)".

export * from '../ouvidoria_constantes';

/** A request's fields, each with its label (rotulos.ts: the form, the audit and its screen read them). */
export const solicitacaoFieldsSchema = z.object({
  anonimo: simNao().meta({ label: 'Anônimo' }),
  municipe_id: optionalUuid().meta({ label: 'Munícipe' }),
  nome_solicitante: optionalText({ max: LIMITES_OUVIDORIA.nome }).meta({ label: 'Nome do solicitante' }),
  contato_solicitante: optionalText({ max: LIMITES_OUVIDORIA.contato }).meta({ label: 'Contato do solicitante' }),
  canal: z
    .enum(CANAIS_SOLICITACAO, {
      error: (i) => (i.input == null || i.input === '' ? msg.obrigatorio : msg.naoEValido),
    })
    .meta({ label: 'Canal' }),
  tipo_solicitacao_id: requiredUuid().meta({ label: 'Tipo' }),
  prioridade_id: requiredUuid().meta({ label: 'Prioridade' }),
  unidade_saude_id: optionalUuid().meta({ label: 'Unidade de saúde' }),
  assunto: zRequired({ max: LIMITES_OUVIDORIA.assunto }).meta({ label: 'Assunto' }),
  texto: zRequired({ max: LIMITES_OUVIDORIA.texto }).meta({ label: 'Relato' }),
});
export type SolicitacaoValues = z.output<typeof solicitacaoFieldsSchema>;

const dado = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

/** Anonymous: no citizen, no name; otherwise a citizen XOR a requester's name. */
function solicitacaoIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  if (v.anonimo === true) {
    if (dado(v.municipe_id)) issues.push({ path: ['municipe_id'], message: msg.naoEValido });
    if (dado(v.nome_solicitante)) issues.push({ path: ['nome_solicitante'], message: msg.naoEValido });
  } else if (dado(v.municipe_id) && dado(v.nome_solicitante)) {
    issues.push({ path: ['nome_solicitante'], message: msg.naoEValido });
  } else if (!dado(v.municipe_id) && !dado(v.nome_solicitante)) {
    issues.push({ path: ['nome_solicitante'], message: msg.obrigatorio });
  }
  return issues;
}

export const solicitacaoInputSchema = inputBody(solicitacaoFieldsSchema, solicitacaoIssues);
export type SolicitacaoInput = z.input<typeof solicitacaoInputSchema>;

/** PUT /{id}: a status change (with a note / the answer), the priority and unit, a deadline extension. */
export const solicitacaoUpdateFieldsSchema = z.object({
  lock_version: lockVersion(),
  situacao: opt(z.enum(SITUACOES_SOLICITACAO, { error: msg.naoEValido })).meta({ label: 'Situação' }),
  observacao: optionalText({ max: LIMITES_OUVIDORIA.observacao }).meta({ label: 'Observação' }),
  resposta: optionalText({ max: LIMITES_OUVIDORIA.resposta }).meta({ label: 'Resposta ao solicitante' }),
  prioridade_id: solicitacaoFieldsSchema.shape.prioridade_id,
  unidade_saude_id: solicitacaoFieldsSchema.shape.unidade_saude_id,
  /** Days to add to the deadline (once per request, 1..30). */
  prorrogacao_dias: opt(zInteger({ gte: 1, lte: LIMITES_OUVIDORIA.prorrogacao })).meta({
    label: 'Prorrogar prazo (dias)',
  }),
});

/** The rules that need no database: an answer to answer, a note to close unanswered or to extend. */
export function solicitacaoUpdateIssues(v: Loose, atual?: SituacaoSolicitacao): Issue[] {
  const issues: Issue[] = [];
  if (v.situacao === 'respondida' && !dado(v.resposta)) issues.push({ path: ['resposta'], message: msg.obrigatorio });
  const fechaSemResposta = v.situacao === 'encerrada' && (atual === 'aberta' || atual === 'em_analise');
  if ((fechaSemResposta || dado(v.prorrogacao_dias)) && !dado(v.observacao))
    issues.push({ path: ['observacao'], message: msg.obrigatorio });
  return issues;
}

export const solicitacaoUpdateSchema = z.intersection(
  solicitacaoUpdateFieldsSchema,
  rulesOf((v) => solicitacaoUpdateIssues(v)),
);
export type SolicitacaoUpdate = z.input<typeof solicitacaoUpdateSchema>;
export type SolicitacaoUpdateValues = z.output<typeof solicitacaoUpdateFieldsSchema>;

export const solicitacaoFiltersSchema = paginationSchema.extend({
  protocolo: optionalText({ max: 10 }),
  situacao: opt(z.enum(SITUACOES_SOLICITACAO, { error: msg.naoEValido })),
  tipo_solicitacao_id: optionalUuid(),
  prioridade_id: optionalUuid(),
  unidade_saude_id: optionalUuid(),
  canal: opt(z.enum(CANAIS_SOLICITACAO, { error: msg.naoEValido })),
  criada_de: opt(zIsoDate({ defaultRange: true })),
  criada_ate: opt(zIsoDate({ defaultRange: true })),
  /** Past the deadline and not answered (aberta or em_analise). */
  vencidas: opt(z.enum(['true', 'false'], { error: msg.naoEValido })).transform((v) => v === 'true'),
});
export type SolicitacaoFilters = z.infer<typeof solicitacaoFiltersSchema>;

// ---- what the API answers ----------------------------------------------------------------------------------

const tipoResumoSchema = nomeadoSchema.extend({ icone: z.string() });
const prioridadeResumoSchema = nomeadoSchema.extend({ cor: z.string() });

export const solicitacaoListItemSchema = z.object({
  id: z.uuid(),
  protocolo: z.string(),
  assunto: z.string(),
  canal: z.enum(CANAIS_SOLICITACAO),
  situacao: z.enum(SITUACOES_SOLICITACAO),
  tipo: tipoResumoSchema,
  prioridade: prioridadeResumoSchema,
  unidade_saude_nome: s(),
  prazo: z.string(),
  /** Days until the deadline (negative: past it); null once answered or closed. */
  dias_restantes: z.int().nullable(),
  created_at: z.string(),
});
export type SolicitacaoListItem = z.infer<typeof solicitacaoListItemSchema>;

const solicitacaoEventoSchema = z.object({
  id: z.uuid(),
  situacao_anterior: z.enum(SITUACOES_SOLICITACAO).nullable(),
  situacao: z.enum(SITUACOES_SOLICITACAO),
  observacao: s(),
  profissional_nome: z.string(),
  created_at: z.string(),
});
export type SolicitacaoEvento = z.infer<typeof solicitacaoEventoSchema>;

export const solicitacaoSchema = z.object({
  ...registroSchema,
  protocolo: z.string(),
  anonimo: z.boolean(),
  municipe_id: z.uuid().nullable(),
  municipe_nome: s(),
  nome_solicitante: s(),
  contato_solicitante: s(),
  canal: z.enum(CANAIS_SOLICITACAO),
  tipo: tipoResumoSchema,
  prioridade: prioridadeResumoSchema,
  unidade_saude_id: z.uuid().nullable(),
  unidade_saude_nome: s(),
  assunto: z.string(),
  texto: z.string(),
  situacao: z.enum(SITUACOES_SOLICITACAO),
  prazo: z.string(),
  dias_restantes: z.int().nullable(),
  /** The deadline was extended already (once only). */
  prorrogada: z.boolean(),
  resposta: s(),
  respondida_em: s(),
  respondida_por_nome: s(),
  eventos: z.array(solicitacaoEventoSchema),
});
export type Solicitacao = z.infer<typeof solicitacaoSchema>;

export const ouvidoriaOpcoesSchema = z.object({
  tipos: z.array(tipoResumoSchema.extend({ prazo_dias: z.int() })),
  prioridades: z.array(prioridadeResumoSchema),
  canais: z.array(z.object({ id: z.enum(CANAIS_SOLICITACAO), nome: z.string() })),
  unidades: z.array(nomeadoSchema),
});
export type OuvidoriaOpcoes = z.infer<typeof ouvidoriaOpcoesSchema>;

// ---- the bell ----------------------------------------------------------------------------------------------

export const notificacoesQuerySchema = paginationSchema.extend({
  lido: opt(z.enum(['true', 'false'], { error: msg.naoEValido })),
  contar_ate: contarAteField(),
});
export type NotificacoesQuery = z.infer<typeof notificacoesQuerySchema>;

export const ouvidoriaNotificacaoSchema = z.object({
  id: z.uuid(),
  solicitacao_id: z.uuid(),
  protocolo: z.string(),
  created_at: z.string(),
  prioridade: z.object({ nome: z.string(), cor: z.string() }),
  tipo_solicitacao: z.object({ nome: z.string(), icone: z.string() }),
  lido: z.boolean(),
});
export type OuvidoriaNotificacao = z.infer<typeof ouvidoriaNotificacaoSchema>;
