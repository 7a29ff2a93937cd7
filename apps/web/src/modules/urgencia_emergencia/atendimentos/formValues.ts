// The arrival form's values and their mapping to the API (issue 16), derived from the shared schema by the form codec
// (issue 40). The rules are the shared ones (atendimentoInputSchema and its retroactive twin), so the browser answers
// with the very messages the API would send.
import { isValidIsoDate, isValidTime, msg, todayIso, typedDateMessage, zonedDateTimeParts } from '@saude/shared';
import {
  atendimentoFieldsSchema,
  atendimentoInputSchema,
  atendimentoRetroativoInputSchema,
  chegadaPorVeiculo,
  normalizarAtendimento,
  type Atendimento,
  type AtendimentoContexto,
  type AtendimentoInput,
} from '@saude/shared/schemas/atendimento';
import { comChecagens, dataEHora, formCodec, type CodecOptions, type CodecValues } from '../../../lib/form';

/** The moments are typed as a date and an hour in São Paulo; joined into one ISO timestamp for the API. */
const fields = {
  data_chegada: dataEHora('chegada_data', 'chegada_hora', { chegada_hora: 'Hora de chegada' }),
  data_ficha: dataEHora('ficha_data', 'ficha_hora', { ficha_hora: 'Hora da ficha' }),
};
const opcoes = {
  fields,
  // An unanswered yes/no question goes as null (issue 39: never preselected "Não").
  nulls: ['acolhimento', 'sindrome_gripal', 'violencia', 'acidente_trabalho', 'possui_acompanhante'],
  labels: { ocupacao_id: 'Sua ocupação (CBO)' },
} satisfies CodecOptions<typeof atendimentoFieldsSchema, typeof fields>;
const codec = formCodec(atendimentoFieldsSchema, opcoes);

export type AtendimentoFormValues = CodecValues<typeof atendimentoFieldsSchema, typeof fields>;

export const ROTULOS: Record<string, string> = codec.labels;

/** Where an API field's error goes in the form: the moments are split in date and hour. */
export const campoDoForm = (apiPath: string, v?: AtendimentoFormValues): string =>
  codec.fieldOf(apiPath.split('.'), v ?? codec.empty()).join('.');

/** The form's schema: its own checks (dates and hours as typed) and then the shared API schema's. */
export function atendimentoFormSchema({
  retroativo,
  ocupacaoObrigatoria,
}: {
  retroativo: boolean;
  ocupacaoObrigatoria: boolean;
}) {
  const rules = retroativo ? atendimentoRetroativoInputSchema : atendimentoInputSchema;
  return comChecagens<AtendimentoFormValues>(
    (v, add) => {
      if (ocupacaoObrigatoria && !v.ocupacao_id) add('ocupacao_id', msg.obrigatorio);
      for (const [data, hora] of [
        ['chegada_data', 'chegada_hora'],
        ['ficha_data', 'ficha_hora'],
      ] as const) {
        const d = v[data];
        // A date after its maximum (today) comes as the text typed: 'não pode ser posterior à data atual'.
        if (!d) add(data, msg.obrigatorio);
        else if (!isValidIsoDate(d)) add(data, typedDateMessage(d, msg.naoEValido));
        if (!v[hora]) add(hora, msg.obrigatorio);
        else if (!isValidTime(v[hora])) add(hora, msg.naoEValido);
      }
    },
    formCodec(atendimentoFieldsSchema, { ...opcoes, rules }).schema((v) => formParaApi(v, { retroativo })),
  );
}

export type Paciente = { municipeId?: string; pacienteId?: string };

/** A new arrival: now in São Paulo (a retroactive one leaves it blank, to be typed), the context's defaults. */
export function novoAtendimento(
  paciente: Paciente,
  ctx: Pick<AtendimentoContexto, 'ocupacao_id' | 'especialidade'>,
  { retroativo = false, agora = new Date() }: { retroativo?: boolean; agora?: Date } = {},
): AtendimentoFormValues {
  const { date, time } = zonedDateTimeParts(agora) ?? { date: todayIso(), time: '00:00' };
  return {
    ...codec.empty(),
    municipe_id: paciente.municipeId ?? null,
    paciente_sem_identificacao_id: paciente.pacienteId ?? null,
    ocupacao_id: ctx.ocupacao_id,
    especialidade: ctx.especialidade,
    chegada_data: retroativo ? null : date,
    chegada_hora: retroativo ? null : time,
    ficha_data: date,
    ficha_hora: time,
  };
}

/** A visit as the edit form shows it; an identified patient's visit stays the unidentified patient's (not moved). */
export const atendimentoParaForm = (a: Atendimento): AtendimentoFormValues => ({
  ...codec.toForm(a),
  municipe_id: a.paciente_sem_identificacao_id ? null : a.municipe_id,
});

/** Form → API body. What the form hides (the plate of an arrival on foot, an absent companion) is not sent. */
export const formParaApi = (v: AtendimentoFormValues, { retroativo }: { retroativo: boolean }): AtendimentoInput =>
  normalizarAtendimento(codec.toBody(v), { retroativo });

/** Which optional blocks the form shows for these answers. */
export const mostra = (v: Pick<AtendimentoFormValues, 'tipo_chegada_id' | 'possui_acompanhante'>) => ({
  placa: chegadaPorVeiculo(v.tipo_chegada_id),
  acompanhante: v.possui_acompanhante === true,
});
