// The ombudsman's forms (issue 20): a new request and the handling of one (status, answer, priority, unit,
// deadline). The rules are the shared ones, so the browser answers with the API's messages.
import { z } from 'zod';
import {
  solicitacaoInputSchema,
  solicitacaoUpdateIssues,
  type Solicitacao,
  type SolicitacaoInput,
  type SolicitacaoUpdate,
} from '@saude/shared/schemas/ouvidoria';
import { addFieldIssues, omitEmpty } from '../../lib/form';

const novaCampos = z.object({
  anonimo: z.boolean(),
  municipe_id: z.string().nullable(),
  nome_solicitante: z.string().nullable(),
  contato_solicitante: z.string().nullable(),
  canal: z.string().nullable(),
  tipo_solicitacao_id: z.string().nullable(),
  prioridade_id: z.string().nullable(),
  unidade_saude_id: z.string().nullable(),
  assunto: z.string().nullable(),
  texto: z.string().nullable(),
});
export type NovaFormValues = z.input<typeof novaCampos>;

export function novaParaApi(v: NovaFormValues): SolicitacaoInput {
  const base = v.anonimo ? { ...v, municipe_id: null, nome_solicitante: null, contato_solicitante: null } : v;
  return omitEmpty({ ...base, assunto: v.assunto ?? '', texto: v.texto ?? '' }) as SolicitacaoInput;
}

export const novaFormSchema = novaCampos.superRefine((v, ctx) => {
  const r = solicitacaoInputSchema.safeParse(novaParaApi(v));
  if (!r.success) addFieldIssues(ctx, r.error.issues);
});

export const novaSolicitacao = (): NovaFormValues => ({
  anonimo: false,
  municipe_id: null,
  nome_solicitante: null,
  contato_solicitante: null,
  canal: 'presencial',
  tipo_solicitacao_id: null,
  prioridade_id: null,
  unidade_saude_id: null,
  assunto: null,
  texto: null,
});

export const ROTULOS_NOVA: Record<keyof NovaFormValues, string> = {
  anonimo: 'Anônimo',
  municipe_id: 'Munícipe',
  nome_solicitante: 'Nome do solicitante',
  contato_solicitante: 'Contato do solicitante',
  canal: 'Canal',
  tipo_solicitacao_id: 'Tipo',
  prioridade_id: 'Prioridade',
  unidade_saude_id: 'Unidade de saúde',
  assunto: 'Assunto',
  texto: 'Relato',
};

// ---- handling ------------------------------------------------------------------------------------------------

const tratarCampos = z.object({
  situacao: z.string().nullable(),
  observacao: z.string().nullable(),
  resposta: z.string().nullable(),
  prioridade_id: z.string().nullable(),
  unidade_saude_id: z.string().nullable(),
  prorrogacao_dias: z.number().nullable(),
});
export type TratarFormValues = z.input<typeof tratarCampos>;

export const tratarParaApi = (v: TratarFormValues, atual: Solicitacao): SolicitacaoUpdate =>
  omitEmpty({
    ...v,
    situacao: v.situacao === atual.situacao ? null : v.situacao,
    lock_version: atual.lock_version,
  }) as SolicitacaoUpdate;

export const tratarFormSchema = (atual: Solicitacao) =>
  tratarCampos.superRefine((v, ctx) => {
    const corpo = tratarParaApi(v, atual) as Record<string, unknown>;
    addFieldIssues(ctx, solicitacaoUpdateIssues(corpo, atual.situacao));
  });

export const tratarValores = (s: Solicitacao): TratarFormValues => ({
  situacao: s.situacao,
  observacao: null,
  resposta: null,
  prioridade_id: s.prioridade.id,
  unidade_saude_id: s.unidade_saude_id,
  prorrogacao_dias: null,
});

export const ROTULOS_TRATAR: Record<keyof TratarFormValues, string> = {
  situacao: 'Situação',
  observacao: 'Observação',
  resposta: 'Resposta ao solicitante',
  prioridade_id: 'Prioridade',
  unidade_saude_id: 'Unidade de saúde',
  prorrogacao_dias: 'Prorrogar prazo (dias)',
};
