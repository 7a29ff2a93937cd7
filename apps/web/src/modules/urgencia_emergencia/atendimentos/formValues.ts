// The arrival form's values and their mapping to the API (issue 16). The rules are the shared ones
// (atendimentoInputSchema and its retroactive twin), so the browser answers with the very messages the API would send.
import { z } from 'zod';
import {
  isValidIsoDate,
  isValidTime,
  msg,
  todayIso,
  typedDateMessage,
  zonedDateTimeParts,
  zonedDateTimeToIso,
} from '@saude/shared';
import {
  atendimentoInputSchema,
  atendimentoRetroativoInputSchema,
  chegadaPorVeiculo,
  normalizarAtendimento,
  type Atendimento,
  type AtendimentoContexto,
  type AtendimentoInput,
} from '@saude/shared/schemas/atendimento';

const simNao = () => z.boolean().nullable();

const camposSchema = z.object({
  municipe_id: z.string(),
  paciente_sem_identificacao_id: z.string(),
  ocupacao_id: z.string().nullable(),
  especialidade: z.string().nullable(),
  senha: z.string().nullable(),
  /** yyyy-MM-dd and HH:mm in São Paulo; joined into one ISO timestamp for the API. */
  chegada_data: z.string().nullable(),
  chegada_hora: z.string().nullable(),
  ficha_data: z.string().nullable(),
  ficha_hora: z.string().nullable(),
  tipo_chegada_id: z.number().nullable(),
  placa_veiculo: z.string().nullable(),
  acolhimento: simNao(),
  sindrome_gripal: simNao(),
  violencia: simNao(),
  acidente_trabalho: simNao(),
  convenio: z.string().nullable(),
  possui_acompanhante: simNao(),
  acompanhante_nome: z.string().nullable(),
  rg: z.string().nullable(),
  parentesco_id: z.number().nullable(),
  telefone: z.string().nullable(),
  justificativa_retroativo: z.string().nullable(),
});

export type AtendimentoFormValues = z.input<typeof camposSchema>;

export const ROTULOS: Record<string, string> = {
  municipe_id: 'Munícipe',
  paciente_sem_identificacao_id: 'Paciente sem identificação',
  ocupacao_id: 'Sua ocupação (CBO)',
  especialidade: 'Especialidade',
  senha: 'Senha',
  chegada_data: 'Data de chegada',
  chegada_hora: 'Hora de chegada',
  ficha_data: 'Data da ficha',
  ficha_hora: 'Hora da ficha',
  tipo_chegada_id: 'Tipo de chegada',
  placa_veiculo: 'Placa do veículo',
  acolhimento: 'Acolhimento',
  sindrome_gripal: 'Síndrome gripal',
  violencia: 'Violência',
  acidente_trabalho: 'Acidente de trabalho',
  convenio: 'Convênio',
  possui_acompanhante: 'Possui acompanhante',
  acompanhante_nome: 'Nome do acompanhante',
  rg: 'RG do acompanhante',
  parentesco_id: 'Parentesco',
  telefone: 'Telefone do acompanhante',
  justificativa_retroativo: 'Motivo do registro retroativo',
};

/** Where an API field's error goes in the form: the moments are split in date and hour. */
export function campoDoForm(apiPath: string): string {
  const raiz = apiPath.split('.')[0] ?? apiPath;
  if (raiz === 'data_chegada') return 'chegada_data';
  if (raiz === 'data_ficha') return 'ficha_data';
  return raiz;
}

/**
 * Why a typed date is not taken: the date field hands a date after its maximum (today) on as the text typed, which
 * the schema then reads as a future date ('não pode ser posterior à data atual'), anything else 'não é válido'.
 */
const problemaDaData = (texto: string) => typedDateMessage(texto, msg.naoEValido);

/** The form's schema: its own checks (dates and hours as typed) and then the shared API schema's. */
export function atendimentoFormSchema({
  retroativo,
  ocupacaoObrigatoria,
}: {
  retroativo: boolean;
  ocupacaoObrigatoria: boolean;
}) {
  const api = retroativo ? atendimentoRetroativoInputSchema : atendimentoInputSchema;
  return camposSchema.superRefine((v, ctx) => {
    const com = new Set<string>();
    const add = (path: string, message: string) => {
      if (com.has(path)) return;
      com.add(path);
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (ocupacaoObrigatoria && !v.ocupacao_id) add('ocupacao_id', msg.obrigatorio);
    for (const [data, hora] of [
      ['chegada_data', 'chegada_hora'],
      ['ficha_data', 'ficha_hora'],
    ] as const) {
      if (!v[data]) add(data, msg.obrigatorio);
      else if (!isValidIsoDate(v[data])) add(data, problemaDaData(v[data]));
      if (!v[hora]) add(hora, msg.obrigatorio);
      else if (!isValidTime(v[hora])) add(hora, msg.naoEValido);
    }
    const r = api.safeParse(formParaApi(v, { retroativo }));
    if (r.success) return;
    for (const issue of r.error.issues) add(campoDoForm(String(issue.path[0] ?? '')), issue.message);
  });
}

export type Paciente = { municipeId?: string; pacienteId?: string };

/** A new arrival: now in São Paulo (a retroactive one leaves the arrival blank: it must be typed), the context's defaults. */
export function novoAtendimento(
  paciente: Paciente,
  ctx: Pick<AtendimentoContexto, 'ocupacao_id' | 'especialidade'>,
  { retroativo = false, agora = new Date() }: { retroativo?: boolean; agora?: Date } = {},
): AtendimentoFormValues {
  const { date, time } = zonedDateTimeParts(agora) ?? { date: todayIso(), time: '00:00' };
  return {
    municipe_id: paciente.municipeId ?? '',
    paciente_sem_identificacao_id: paciente.pacienteId ?? '',
    ocupacao_id: ctx.ocupacao_id,
    especialidade: ctx.especialidade,
    senha: null,
    chegada_data: retroativo ? null : date,
    chegada_hora: retroativo ? null : time,
    ficha_data: date,
    ficha_hora: time,
    tipo_chegada_id: null,
    placa_veiculo: null,
    acolhimento: null,
    sindrome_gripal: null,
    violencia: null,
    acidente_trabalho: null,
    convenio: null,
    possui_acompanhante: null,
    acompanhante_nome: null,
    rg: null,
    parentesco_id: null,
    telefone: null,
    justificativa_retroativo: null,
  };
}

/** A visit as the edit form shows it (its moments split in São Paulo date and hour). */
export function atendimentoParaForm(a: Atendimento): AtendimentoFormValues {
  const chegada = zonedDateTimeParts(new Date(a.data_chegada));
  const ficha = zonedDateTimeParts(new Date(a.data_ficha));
  return {
    municipe_id: a.paciente_sem_identificacao_id ? '' : (a.municipe_id ?? ''),
    paciente_sem_identificacao_id: a.paciente_sem_identificacao_id ?? '',
    ocupacao_id: a.ocupacao_id,
    especialidade: a.especialidade,
    senha: a.senha,
    chegada_data: chegada?.date ?? null,
    chegada_hora: chegada?.time ?? null,
    ficha_data: ficha?.date ?? null,
    ficha_hora: ficha?.time ?? null,
    tipo_chegada_id: a.tipo_chegada_id,
    placa_veiculo: a.placa_veiculo,
    acolhimento: a.acolhimento,
    sindrome_gripal: a.sindrome_gripal,
    violencia: a.violencia,
    acidente_trabalho: a.acidente_trabalho,
    convenio: a.convenio,
    possui_acompanhante: a.possui_acompanhante,
    acompanhante_nome: a.acompanhante_nome,
    rg: a.rg,
    parentesco_id: a.parentesco_id,
    telefone: a.telefone,
    justificativa_retroativo: a.justificativa_retroativo,
  };
}

const texto = (v: string | null) => v?.trim() || undefined;

/** Form → API body. What the form hides (the plate of an arrival on foot, an absent companion) is not sent. */
export function formParaApi(v: AtendimentoFormValues, { retroativo }: { retroativo: boolean }): AtendimentoInput {
  const body: AtendimentoInput = {
    municipe_id: v.municipe_id || undefined,
    paciente_sem_identificacao_id: v.paciente_sem_identificacao_id || undefined,
    ocupacao_id: v.ocupacao_id || undefined,
    especialidade: v.especialidade || undefined,
    senha: texto(v.senha),
    data_chegada: zonedDateTimeToIso(v.chegada_data, v.chegada_hora) ?? undefined,
    data_ficha: zonedDateTimeToIso(v.ficha_data, v.ficha_hora) ?? undefined,
    tipo_chegada_id: v.tipo_chegada_id ?? undefined,
    placa_veiculo: texto(v.placa_veiculo),
    acolhimento: v.acolhimento,
    sindrome_gripal: v.sindrome_gripal,
    violencia: v.violencia,
    acidente_trabalho: v.acidente_trabalho,
    convenio: texto(v.convenio),
    possui_acompanhante: v.possui_acompanhante,
    acompanhante_nome: texto(v.acompanhante_nome),
    rg: texto(v.rg),
    parentesco_id: v.parentesco_id ?? undefined,
    telefone: texto(v.telefone),
    justificativa_retroativo: texto(v.justificativa_retroativo),
  };
  return normalizarAtendimento(body, { retroativo });
}

/** Which optional blocks the form shows for these answers. */
export const mostra = (v: Pick<AtendimentoFormValues, 'tipo_chegada_id' | 'possui_acompanhante'>) => ({
  placa: chegadaPorVeiculo(v.tipo_chegada_id),
  acompanhante: v.possui_acompanhante === true,
});
