// The notification form (issue 18), derived from the shared schema (notificacaoCreateFieldsSchema, checked with
// notificacaoInputSchema and the citizen's birth and death through notificacaoIssues: fields, rules and labels), so
// the browser answers sooner with the API's messages; the API still decides.
import { z } from 'zod';
import { todayIso, zonedDateTimeParts } from '@saude/shared';
import {
  COMORBIDADES,
  notificacaoCreateFieldsSchema,
  notificacaoInputSchema,
  notificacaoIssues,
  type CampoComorbidade,
  type ContextoMunicipe,
  type Notificacao,
  type NotificacaoInput,
  type NotificacaoUpdate,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { formCodec, type CodecValues } from '../../../lib/form';

const codec = formCodec(notificacaoCreateFieldsSchema, { defaults: { situacao: 'suspeito' } });

export type NotificacaoFormValues = CodecValues<typeof notificacaoCreateFieldsSchema>;
export const CAMPOS_COMORBIDADE = Object.keys(COMORBIDADES) as CampoComorbidade[];
export const ROTULOS = codec.labels;

/** A new notification: suspected, now (São Paulo), the user's current unit; the professional is the user (API). */
export function novaNotificacao(unidadeId: string | null, agora: Date = new Date()): NotificacaoFormValues {
  const { date, time } = zonedDateTimeParts(agora) ?? { date: todayIso(), time: null };
  return { ...codec.empty(), unidade_saude_id: unidadeId, data_notificacao: date, hora_notificacao: time };
}

/** A loaded notification as the form holds it. */
export const notificacaoParaForm = (n: Notificacao): NotificacaoFormValues => codec.toForm(n);

/** Form → API body: empty answers left out (the API stores them null); an edit carries no status (POST …/situacao). */
export const formParaApi = (v: NotificacaoFormValues, edicao: boolean): NotificacaoInput | NotificacaoUpdate =>
  codec.toBody(edicao ? { ...v, situacao: null, data_encerramento: null } : v);

/**
 * The form's schema: the shared API schema's checks (an edit's body has no status, so the create's rules are the
 * edit's) and the citizen's birth and death, the first message of each field.
 */
export function notificacaoFormSchema(edicao: boolean, municipe: ContextoMunicipe) {
  const rules = z.unknown().superRefine((corpo, ctx) => {
    const r = notificacaoInputSchema.safeParse(corpo);
    for (const { path, message } of [
      ...(r.success ? [] : r.error.issues),
      ...notificacaoIssues(corpo as Record<string, unknown>, municipe),
    ])
      ctx.addIssue({ code: 'custom', path: [...path], message });
  });
  return formCodec(notificacaoCreateFieldsSchema, { rules }).schema((v) => formParaApi(v, edicao));
}

/** Days in hospital as the database derives them (discharge − admission), when both dates allow. */
export function diasInternacao(internacao: string | null | undefined, alta: string | null | undefined): number | null {
  const re = /^\d{4}-\d{2}-\d{2}$/;
  if (!internacao || !alta || !re.test(internacao) || !re.test(alta)) return null;
  const dias = Math.round((Date.parse(`${alta}T00:00:00Z`) - Date.parse(`${internacao}T00:00:00Z`)) / 86_400_000);
  return Number.isNaN(dias) || dias < 0 ? null : dias;
}

export const diasTexto = (dias: number | null) => (dias === null ? null : dias === 1 ? '1 dia' : `${dias} dias`);
