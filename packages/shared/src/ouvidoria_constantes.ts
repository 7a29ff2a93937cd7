// The ombudsman's zod-free constants (issue 20): situations, channels, their names, limits and the forward moves,
// for the screens whose budget has no room for zod (the list); schemas/ouvidoria.ts re-exports them.
import { rotulados } from './rotulos';

export const { valores: SITUACOES_SOLICITACAO, rotulos: NOMES_SITUACAO } = rotulados({
  aberta: 'Aberta',
  em_analise: 'Em análise',
  respondida: 'Respondida',
  encerrada: 'Encerrada',
});
export type SituacaoSolicitacao = (typeof SITUACOES_SOLICITACAO)[number];
export const { valores: CANAIS_SOLICITACAO, rotulos: NOMES_CANAL } = rotulados({
  presencial: 'Presencial',
  telefone: 'Telefone',
  email: 'E-mail',
  site: 'Site',
  carta: 'Carta',
  whatsapp: 'WhatsApp',
});

export const LIMITES_OUVIDORIA = {
  assunto: 150,
  texto: 4000,
  nome: 150,
  contato: 150,
  observacao: 1000,
  resposta: 4000,
  /** Lei 13.460/2017: the deadline may be extended once, by up to 30 days. */
  prorrogacao: 30,
} as const;

/**
 * The forward moves of a request: aberta → em_analise → respondida → encerrada, skipping steps forward allowed
 * (an answer given at once); closing before an answer needs a note.
 */
export const PROXIMAS_SITUACOES: Record<SituacaoSolicitacao, SituacaoSolicitacao[]> = {
  aberta: ['em_analise', 'respondida', 'encerrada'],
  em_analise: ['respondida', 'encerrada'],
  respondida: ['encerrada'],
  encerrada: [],
};
