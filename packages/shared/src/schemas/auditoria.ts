import { z } from 'zod';
import { msg } from '../messages';
import { paginationSchema } from './auth';
import { opt, optionalDate, optionalUuid, textoFiltro } from './comum';

// The audit trail as a manager reads it (issue 14): a citizen's access history, "quem viu este cadastro" — the LGPD
// data-subject request — and the whole trail by period and professional.

/** What the trail distinguishes: reads (a record shown, a list or search) and writes. */
const TIPOS_ACESSO = ['leitura', 'escrita'] as const;

/** Actions that only read (declared with the texts, light for the screens). */
export { ACOES_LEITURA } from './auditoria_textos';

/** Sign-in and account events: neither a read nor a change of anyone's data. Every other action changed data. */
export const ACOES_CONTA = [
  'login',
  'login_falhou',
  'login_bloqueado',
  'logout',
  'troca_senha',
  'troca_senha_falhou',
  'troca_senha_bloqueada',
  'troca_unidade',
  'permissao_negada',
] as const;

/** The most rows one export carries: one export stays one file a person can open; more asks for narrower filters. */
export const MAX_LINHAS_CSV = 50_000;

export const auditoriaFiltersSchema = paginationSchema.extend({
  municipe_id: optionalUuid(),
  profissional: opt(textoFiltro(70)),
  tipo: opt(z.enum(TIPOS_ACESSO, { error: msg.naoEValido })),
  de: optionalDate(),
  ate: optionalDate(),
  // Any record's history (issue 22): the edit pages of administration link to /auditoria?record_id=<id>.
  record_id: opt(textoFiltro(64).regex(/^[0-9A-Za-z_-]+$/, { error: msg.naoEValido })),
  resource: opt(textoFiltro(100).regex(/^[a-z_]+(\/[a-z_]+)*$/, { error: msg.naoEValido })),
});
export type AuditoriaFilters = z.input<typeof auditoriaFiltersSchema>;

export const registroAcessoSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  profissional_nome: z.string().nullable(),
  unidade_nome: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  record_id: z.string().nullable(),
  ip: z.string().nullable(),
  /**
   * Which parts and filters were used — names, never values (see access/audit.ts) — or, for an administration record,
   * `alteracoes`: the before → after of its set-up fields (modules/administracao/alteracoes.ts).
   */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type RegistroAcesso = z.infer<typeof registroAcessoSchema>;

export { acaoTexto, recursoTexto } from './auditoria_textos';
export { alteracoesDe, alteracoesTexto } from './auditoria_alteracoes';
