// The ombudsman's forms (issue 20): a new request and the handling of one (status, answer, priority, unit,
// deadline), derived from the shared schemas (fields, rules and labels), so the browser answers with the API's
// messages.
import { z } from 'zod';
import {
  solicitacaoFieldsSchema,
  solicitacaoInputSchema,
  solicitacaoUpdateFieldsSchema,
  solicitacaoUpdateIssues,
  type Solicitacao,
  type SolicitacaoInput,
  type SolicitacaoUpdate,
} from '@saude/shared/schemas/ouvidoria';
import { rulesOf } from '@saude/shared/schemas/comum';
import { formCodec, type CodecValues } from '../../lib/form';

const nova = formCodec(solicitacaoFieldsSchema, {
  rules: solicitacaoInputSchema,
  defaults: { anonimo: false, canal: 'presencial' },
});
export type NovaFormValues = CodecValues<typeof solicitacaoFieldsSchema>;

/** An anonymous request sends no citizen, name or contact, whatever the hidden fields hold. */
export const novaParaApi = (v: NovaFormValues): SolicitacaoInput =>
  nova.toBody(v.anonimo ? { ...v, municipe_id: null, nome_solicitante: null, contato_solicitante: null } : v);
export const novaFormSchema = nova.schema(novaParaApi);
export const novaSolicitacao = nova.empty;
export const ROTULOS_NOVA = nova.labels;

// ---- handling ------------------------------------------------------------------------------------------------

const tratarCampos = solicitacaoUpdateFieldsSchema.omit({ lock_version: true });
const tratar = formCodec(tratarCampos);
export type TratarFormValues = CodecValues<typeof tratarCampos>;

/** The status is sent only when it changes. */
export const tratarParaApi = (v: TratarFormValues, atual: Solicitacao): SolicitacaoUpdate => ({
  ...tratar.toBody({ ...v, situacao: v.situacao === atual.situacao ? null : v.situacao }),
  lock_version: atual.lock_version,
});

/** The shared rules, those that depend on the request's current status included, in one pass over the body. */
export const tratarFormSchema = (atual: Solicitacao) =>
  tratar.schema(
    (v) => tratarParaApi(v, atual),
    z.intersection(
      tratarCampos,
      rulesOf((v) => solicitacaoUpdateIssues(v, atual.situacao)),
    ),
  );

/** The request's priority and unit; the status, note, answer and extension start as they are now / empty. */
export const tratarValores = (s: Solicitacao): TratarFormValues =>
  tratar.toForm({ situacao: s.situacao, prioridade_id: s.prioridade.id, unidade_saude_id: s.unidade_saude_id });
export const ROTULOS_TRATAR = tratar.labels;
