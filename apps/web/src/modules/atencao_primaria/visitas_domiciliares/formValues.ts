// The visit form's values and their mapping to the API (issue 8). The rules are the shared ones
// (visitaDomiciliarInputSchema), so the browser answers sooner with the very messages the API would send.
import { isValidIsoDate, isValidTime, msg, todayIso, typedDateMessage, zonedDateTimeParts } from '@saude/shared';
import {
  desfechoSemDados,
  imovelSemMorador,
  MOTIVOS_IMOVEL_SEM_MORADOR,
  MOTIVOS_SOMENTE_FEMININO,
  turnoDaHora,
  visitaDomiciliarFieldsSchema,
  visitaDomiciliarInputSchema,
  type VisitaContexto,
  type VisitaDomiciliarInput,
} from '@saude/shared/schemas/visita_domiciliar';
import { CAMPOS_ENDERECO_IMOVEL, SINAIS_VITAIS } from '@saude/shared/schemas/comum';
import { comChecagens, dataEHora, formCodec, type CodecValues } from '../../../lib/form';

export const MEDIDAS = ['altura', 'peso', ...SINAIS_VITAIS] as const;
export type Medida = (typeof MEDIDAS)[number];

// Derived from the shared schema (its fields and labels); held in another shape: the visit's timestamp, as a date and
// an hour in São Paulo. Its problems go to the hour when the day is today (a future hour), else to the date.
const quando = dataEHora('data', 'hora', { data: 'Data da visita', hora: 'Hora da visita' });
const fields = {
  data_visita: {
    ...quando,
    fieldOf: (_: unknown, f: Parameters<typeof quando.toBody>[0]) => campoDoForm('data_visita', f),
  },
};
// Not answered, the shared visit still goes as null (as before the codec).
const codec = formCodec(visitaDomiciliarFieldsSchema, {
  fields,
  rules: visitaDomiciliarInputSchema,
  nulls: ['visita_compartilhada'],
});

/** With the municipality's name, shown by the address block; not sent. */
export type VisitaFormValues = CodecValues<typeof visitaDomiciliarFieldsSchema, typeof fields> & {
  municipio_nome?: string | null;
};

export interface OpcoesForm {
  /** More than one compatible specialty: the user must pick one (the API fills it only when there is exactly one). */
  ocupacaoObrigatoria: boolean;
  /** A user without a team names the agent (issue 39). */
  profissionalObrigatorio?: boolean;
}

/** The form's schema: its own checks (date, hour, required choices) and then the shared API schema's. */
export function visitaFormSchema({ ocupacaoObrigatoria, profissionalObrigatorio }: OpcoesForm) {
  return comChecagens<VisitaFormValues>((v, add) => {
    if (profissionalObrigatorio && !v.profissional_id) add('profissional_id', msg.obrigatorio);
    if (ocupacaoObrigatoria && !v.ocupacao_id) add('ocupacao_id', msg.obrigatorio);
    if (!v.data) add('data', msg.obrigatorio);
    else if (!isValidIsoDate(v.data)) add('data', typedDateMessage(v.data, msg.naoEValido));
    if (!v.hora) add('hora', msg.obrigatorio);
    else if (!isValidTime(v.hora)) add('hora', msg.naoEValido);
    if (v.turno_atendimentos === null) add('turno_atendimentos', msg.obrigatorio);
    if (v.tipo_imovel_id === null) add('tipo_imovel_id', msg.obrigatorio);
    if (v.desfecho_id === null) add('desfecho_id', msg.obrigatorio);
  }, codec.schema(formParaApi));
}

export interface Alvo {
  familiaId?: string;
  municipeId?: string;
  /** A registered property without a family (the ACE's list, issue 44): the visit is recorded there. */
  domicilioId?: string;
  /** The reason "Quem visitar" opened the form with (issue 44): preselected, the agent may change it. */
  motivo?: number;
}

/**
 * A new visit: now in São Paulo (date, hour and its shift) and the context's defaults (micro-area, property, record
 * number, specialty).
 */
export function novaVisita(
  id: string,
  alvo: Alvo,
  ctx: VisitaContexto,
  agora: Date | string = new Date(),
): VisitaFormValues {
  const { date, time } = zonedDateTimeParts(agora) ?? { date: todayIso(), time: '00:00' };
  // A citizen without a family: their residence is where the agent most likely is.
  const e = ctx.endereco;
  return {
    ...codec.empty(),
    id,
    // A citizen opened alone who belongs to a family: the visit is that family's.
    familia_id: alvo.familiaId ?? ctx.familia_id ?? '',
    domicilio_id: ctx.domicilio_id ?? '',
    municipe_id: alvo.municipeId ?? '',
    profissional_id: null,
    ...(alvo.motivo ? { motivo_visita_ids: [alvo.motivo] } : {}),
    ocupacao_id: ctx.ocupacao_id ?? (ctx.ocupacoes.length === 1 ? ctx.ocupacoes[0]!.codigo : null),
    data: date,
    hora: time,
    turno_atendimentos: turnoDaHora(Number(time.slice(0, 2))),
    micro_area: ctx.fora_area ? null : ctx.micro_area,
    fora_area: ctx.fora_area,
    tipo_imovel_id: ctx.tipo_imovel_id,
    numero_prontuario: ctx.numero_prontuario,
    // Unanswered until the agent answers (issue 39): never preselected "Não".
    visita_compartilhada: null,
    cep: e?.cep ?? null,
    uf: e?.uf ?? null,
    municipio_ibge: e?.municipio_ibge ?? null,
    municipio_nome: e?.municipio_nome ?? null,
    tipo_logradouro: e?.tipo_logradouro ?? null,
    logradouro: e?.logradouro ?? null,
    numero: e?.numero ?? null,
    sem_numero: false,
    complemento: e?.complemento ?? null,
    bairro: e?.bairro ?? null,
  };
}

/** The visit takes an address only without a family (a family's visit happens at the family's home). */
export const pedeEndereco = (v: Pick<VisitaFormValues, 'familia_id' | 'domicilio_id'>) =>
  !v.familia_id && !v.domicilio_id;

/** Measurements are a person's, taken only when the visit happened, at a home where people live. */
export const aceitaMedidas = (v: Pick<VisitaFormValues, 'municipe_id' | 'desfecho_id' | 'tipo_imovel_id'>) =>
  Boolean(v.municipe_id) && !desfechoSemDados(v.desfecho_id) && !imovelSemMorador(v.tipo_imovel_id);

/**
 * The reasons the form offers: none when refused/absent; only the allowed ones at a property without residents; no
 * pregnancy for a man.
 */
export function motivoPermitido(
  codigo: number,
  { tipoImovel, masculino }: { tipoImovel: number | null; masculino: boolean },
) {
  if (imovelSemMorador(tipoImovel) && !MOTIVOS_IMOVEL_SEM_MORADOR.includes(codigo)) return false;
  if (masculino && MOTIVOS_SOMENTE_FEMININO.includes(codigo)) return false;
  return true;
}

/** Form → API body. Answers the screen hides (refused/absent, a property without residents) are not sent. */
export function formParaApi(v: VisitaFormValues): VisitaDomiciliarInput {
  const body: Record<string, unknown> = codec.toBody(v);
  const medidas = aceitaMedidas(v);
  const endereco = pedeEndereco(v);
  const texto = (x: unknown) => (typeof x === 'string' ? x.trim() || undefined : x);
  for (const k of MEDIDAS) if (!medidas) body[k] = undefined;
  for (const k of CAMPOS_ENDERECO_IMOVEL) body[k] = endereco ? texto(body[k]) : undefined;
  return {
    ...body,
    micro_area: v.fora_area ? undefined : texto(body.micro_area),
    numero_prontuario: imovelSemMorador(v.tipo_imovel_id) ? undefined : texto(body.numero_prontuario),
    motivo_visita_ids: desfechoSemDados(v.desfecho_id) ? [] : v.motivo_visita_ids,
    numero: endereco && !v.sem_numero ? texto(body.numero) : undefined,
    sem_numero: endereco && v.sem_numero === true,
  } as VisitaDomiciliarInput;
}

/** API field → form field: a timestamp's problem goes to the hour when the day is today, else to the date. */
export function campoDoForm(key: string, v?: { data?: string | null }): string {
  if (key === 'data_visita') return v?.data === todayIso() ? 'hora' : 'data';
  return key;
}

/** Labels for the error summary; the API's data_visita included. */
export const ROTULOS: Record<string, string> = codec.labels;
