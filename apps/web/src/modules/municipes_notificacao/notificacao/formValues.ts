// The notification form (issue 18): its values and their mapping to and from the API. The rules are the shared ones
// (notificacaoInputSchema / notificacaoUpdateSchema, and the citizen's birth and death through notificacaoIssues), so
// the browser answers sooner with the API's messages; the API still decides.
import { z } from 'zod';
import { todayIso, zonedDateTimeParts } from '@saude/shared';
import {
  COMORBIDADES,
  notificacaoInputSchema,
  notificacaoIssues,
  notificacaoUpdateSchema,
  type CampoComorbidade,
  type ContextoMunicipe,
  type Notificacao,
  type NotificacaoInput,
  type NotificacaoUpdate,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { addFieldIssues, emptyValues, omitEmpty, pickValues } from '../../../lib/form';

const texto = () => z.string().nullable();
const simNao = () => z.boolean().nullable();

const camposSchema = z.object({
  doenca_agravo_id: texto(),
  unidade_saude_id: texto(),
  profissional_id: texto(),
  situacao: z.enum(['suspeito', 'confirmado', 'descartado']).nullable(),
  data_encerramento: texto(),
  data_notificacao: texto(),
  hora_notificacao: texto(),
  data_primeiros_sintomas: texto(),
  informacoes_complementares: texto(),
  obito: simNao(),
  data_obito: texto(),
  internado: simNao(),
  data_internacao: texto(),
  alta: simNao(),
  data_alta: texto(),
  comorbidade_diabetes: simNao(),
  comorbidade_hipertensao: simNao(),
  comorbidade_doenca_renal_cronica: simNao(),
  comorbidade_hepatopatia: simNao(),
  comorbidade_doenca_hematologica: simNao(),
  comorbidade_doenca_autoimune: simNao(),
  comorbidade_doenca_acido_peptica: simNao(),
  comorbidade_imunossupressao: simNao(),
  observacoes: texto(),
});

export type NotificacaoFormValues = z.input<typeof camposSchema>;
type Campo = keyof NotificacaoFormValues;
const CAMPOS = Object.keys(camposSchema.shape) as Campo[];
export const CAMPOS_COMORBIDADE = Object.keys(COMORBIDADES) as CampoComorbidade[];
/** The status is changed on its own (POST …/situacao), not by an edit. */
const SO_NA_CRIACAO = ['situacao', 'data_encerramento'] as const;

export const ROTULOS: Record<Campo, string> = {
  doenca_agravo_id: 'Doença ou agravo',
  unidade_saude_id: 'Unidade de saúde',
  profissional_id: 'Profissional',
  situacao: 'Situação',
  data_encerramento: 'Data de encerramento',
  data_notificacao: 'Data da notificação',
  hora_notificacao: 'Hora da notificação',
  data_primeiros_sintomas: 'Data dos primeiros sintomas',
  informacoes_complementares: 'Informações complementares',
  obito: 'Óbito',
  data_obito: 'Data do óbito',
  internado: 'Internado',
  data_internacao: 'Data da internação',
  alta: 'Alta',
  data_alta: 'Data da alta',
  ...COMORBIDADES,
  observacoes: 'Observações',
};

/** A new notification: suspected, now (São Paulo), the user's current unit; the professional is the user (API). */
export function novaNotificacao(unidadeId: string | null, agora: Date = new Date()): NotificacaoFormValues {
  const { date, time } = zonedDateTimeParts(agora) ?? { date: todayIso(), time: null };
  return {
    ...emptyValues(CAMPOS),
    unidade_saude_id: unidadeId,
    situacao: 'suspeito',
    data_notificacao: date,
    hora_notificacao: time,
  };
}

/** A loaded notification as the form holds it. */
export const notificacaoParaForm = (n: Notificacao): NotificacaoFormValues => pickValues(n, CAMPOS);

/** Form → API body: empty answers left out (the API stores them null); an edit carries no status. */
export function formParaApi(v: NotificacaoFormValues, edicao: boolean): NotificacaoInput | NotificacaoUpdate {
  const corpo: Partial<NotificacaoFormValues> = { ...v };
  if (edicao) for (const c of SO_NA_CRIACAO) delete corpo[c];
  return omitEmpty(corpo) as NotificacaoInput;
}

/** The form's schema: the shared API schema's checks, each on its field, and the citizen's birth and death. */
export function notificacaoFormSchema(edicao: boolean, municipe: ContextoMunicipe) {
  const api = edicao ? notificacaoUpdateSchema : notificacaoInputSchema;
  return camposSchema.superRefine((v, ctx) => {
    const corpo = formParaApi(v, edicao);
    const r = api.safeParse(edicao ? { ...corpo, lock_version: 0 } : corpo);
    addFieldIssues(ctx, [...(r.success ? [] : r.error.issues), ...notificacaoIssues(corpo, municipe)]);
  });
}

/** Days in hospital as the database derives them (discharge − admission), when both dates allow. */
export function diasInternacao(internacao: string | null | undefined, alta: string | null | undefined): number | null {
  const re = /^\d{4}-\d{2}-\d{2}$/;
  if (!internacao || !alta || !re.test(internacao) || !re.test(alta)) return null;
  const dias = Math.round((Date.parse(`${alta}T00:00:00Z`) - Date.parse(`${internacao}T00:00:00Z`)) / 86_400_000);
  return Number.isNaN(dias) || dias < 0 ? null : dias;
}

export const diasTexto = (dias: number | null) => (dias === null ? null : dias === 1 ? '1 dia' : `${dias} dias`);
