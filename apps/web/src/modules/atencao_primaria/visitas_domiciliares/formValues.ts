// The visit form's values and their mapping to the API (issue 8). The rules are the shared ones
// (visitaDomiciliarInputSchema), so the browser answers sooner with the very messages the API would send.
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
  desfechoSemDados,
  imovelSemMorador,
  MOTIVOS_IMOVEL_SEM_MORADOR,
  MOTIVOS_SOMENTE_FEMININO,
  turnoDaHora,
  visitaDomiciliarInputSchema,
  type VisitaContexto,
  type VisitaDomiciliarInput,
} from '@saude/shared/schemas/visita_domiciliar';
import { SINAIS_VITAIS } from '@saude/shared/schemas/comum';
import { PROPERTY_ADDRESS_LABELS } from '../../../lib/address';

export const MEDIDAS = ['altura', 'peso', ...SINAIS_VITAIS] as const;
export type Medida = (typeof MEDIDAS)[number];

const numero = () => z.number().nullable();

const camposSchema = z.object({
  /** Generated once when the form opens and kept across retries: a retried save never creates two visits. */
  id: z.string(),
  familia_id: z.string(),
  municipe_id: z.string(),
  /** The agent whose visit it is, picked by a user without a team (issue 39); null: the user. */
  profissional_id: z.string().nullable(),
  ocupacao_id: z.string().nullable(),
  /** yyyy-MM-dd and HH:mm in São Paulo; joined into one ISO timestamp for the API. */
  data: z.string().nullable(),
  hora: z.string().nullable(),
  turno_atendimentos: numero(),
  micro_area: z.string().nullable(),
  fora_area: z.boolean(),
  tipo_imovel_id: numero(),
  numero_prontuario: z.string().nullable(),
  visita_compartilhada: z.boolean().nullable(),
  desfecho_id: numero(),
  motivo_visita_ids: z.array(z.number()),
  altura: numero(),
  peso: numero(),
  temperatura: numero(),
  glicemia: numero(),
  momento_coleta_glicemia_id: numero(),
  pressao_sistolica: numero(),
  pressao_diastolica: numero(),
  // Where a visit without a family happened (no family, so no home to take it from).
  cep: z.string().nullable(),
  uf: z.string().nullable(),
  municipio_ibge: z.string().nullable(),
  /** The municipality's name, shown by the address block; not sent. */
  municipio_nome: z.string().nullable(),
  tipo_logradouro: z.string().nullable(),
  logradouro: z.string().nullable(),
  numero: z.string().nullable(),
  sem_numero: z.boolean(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
});

export type VisitaFormValues = z.input<typeof camposSchema>;
type Campo = keyof VisitaFormValues;

export interface OpcoesForm {
  /** More than one compatible specialty: the user must pick one (the API fills it only when there is exactly one). */
  ocupacaoObrigatoria: boolean;
  /** A user without a team names the agent (issue 39). */
  profissionalObrigatorio?: boolean;
}

/** The form's schema: its own checks (date, hour, required choices) and then the shared API schema's. */
export function visitaFormSchema({ ocupacaoObrigatoria, profissionalObrigatorio }: OpcoesForm) {
  return camposSchema.superRefine((v, ctx) => {
    const com = new Set<string>();
    const add = (path: Campo, message: string) => {
      if (com.has(path)) return;
      com.add(path);
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (profissionalObrigatorio && !v.profissional_id) add('profissional_id', msg.obrigatorio);
    if (ocupacaoObrigatoria && !v.ocupacao_id) add('ocupacao_id', msg.obrigatorio);
    if (!v.data) add('data', msg.obrigatorio);
    else if (!isValidIsoDate(v.data)) add('data', typedDateMessage(v.data, msg.naoEValido));
    if (!v.hora) add('hora', msg.obrigatorio);
    else if (!isValidTime(v.hora)) add('hora', msg.naoEValido);
    if (v.turno_atendimentos === null) add('turno_atendimentos', msg.obrigatorio);
    if (v.tipo_imovel_id === null) add('tipo_imovel_id', msg.obrigatorio);
    if (v.desfecho_id === null) add('desfecho_id', msg.obrigatorio);
    const r = visitaDomiciliarInputSchema.safeParse(formParaApi(v));
    if (r.success) return;
    for (const issue of r.error.issues) {
      const key = String(issue.path[0] ?? '');
      add(campoDoForm(key, v), issue.message);
    }
  });
}

export interface Alvo {
  familiaId?: string;
  municipeId?: string;
}

/** A new visit: now in São Paulo (date, hour and its shift) and the context's defaults (micro-area, property, record number, specialty). */
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
    id,
    // A citizen opened alone who belongs to a family: the visit is that family's.
    familia_id: alvo.familiaId ?? ctx.familia_id ?? '',
    municipe_id: alvo.municipeId ?? '',
    profissional_id: null,
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
    desfecho_id: null,
    motivo_visita_ids: [],
    altura: null,
    peso: null,
    temperatura: null,
    glicemia: null,
    momento_coleta_glicemia_id: null,
    pressao_sistolica: null,
    pressao_diastolica: null,
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
export const pedeEndereco = (v: Pick<VisitaFormValues, 'familia_id'>) => !v.familia_id;

/** Measurements are a person's, taken only when the visit happened, at a home where people live. */
export const aceitaMedidas = (v: Pick<VisitaFormValues, 'municipe_id' | 'desfecho_id' | 'tipo_imovel_id'>) =>
  Boolean(v.municipe_id) && !desfechoSemDados(v.desfecho_id) && !imovelSemMorador(v.tipo_imovel_id);

/** The reasons the form offers: none when refused/absent; only the allowed ones at a property without residents; no pregnancy for a man. */
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
  const semDados = desfechoSemDados(v.desfecho_id);
  const medidas = aceitaMedidas(v);
  const m = (k: Medida) => (medidas ? (v[k] ?? undefined) : undefined);
  const endereco = pedeEndereco(v);
  const e = (k: 'cep' | 'uf' | 'municipio_ibge' | 'tipo_logradouro' | 'logradouro' | 'complemento' | 'bairro') =>
    endereco ? v[k]?.trim() || undefined : undefined;
  return {
    id: v.id,
    familia_id: v.familia_id || undefined,
    municipe_id: v.municipe_id || undefined,
    profissional_id: v.profissional_id || undefined,
    ocupacao_id: v.ocupacao_id || undefined,
    data_visita: zonedDateTimeToIso(v.data, v.hora) ?? undefined,
    turno_atendimentos: v.turno_atendimentos ?? undefined,
    micro_area: v.fora_area ? undefined : v.micro_area?.trim() || undefined,
    fora_area: v.fora_area,
    tipo_imovel_id: v.tipo_imovel_id ?? undefined,
    numero_prontuario: imovelSemMorador(v.tipo_imovel_id) ? undefined : v.numero_prontuario?.trim() || undefined,
    visita_compartilhada: v.visita_compartilhada,
    desfecho_id: v.desfecho_id ?? undefined,
    motivo_visita_ids: semDados ? [] : v.motivo_visita_ids,
    altura: m('altura'),
    peso: m('peso'),
    temperatura: m('temperatura'),
    glicemia: m('glicemia'),
    momento_coleta_glicemia_id: m('momento_coleta_glicemia_id'),
    pressao_sistolica: m('pressao_sistolica'),
    pressao_diastolica: m('pressao_diastolica'),
    cep: e('cep'),
    uf: e('uf'),
    municipio_ibge: e('municipio_ibge'),
    tipo_logradouro: e('tipo_logradouro'),
    logradouro: e('logradouro'),
    numero: endereco && !v.sem_numero ? v.numero?.trim() || undefined : undefined,
    sem_numero: endereco && v.sem_numero,
    complemento: e('complemento'),
    bairro: e('bairro'),
  };
}

/** API field → form field: the timestamp's problems go to the hour when the day is today (a future hour), else to the date. */
export function campoDoForm(key: string, v?: Pick<VisitaFormValues, 'data'>): Campo {
  if (key === 'data_visita') return v?.data === todayIso() ? 'hora' : 'data';
  return key as Campo;
}

/** Labels for the error summary. */
export const ROTULOS: Record<string, string> = {
  id: 'Identificador da visita',
  familia_id: 'Família',
  municipe_id: 'Munícipe',
  unidade_saude_id: 'Unidade de saúde',
  profissional_id: 'Profissional',
  ocupacao_id: 'Especialidade (CBO)',
  data: 'Data da visita',
  hora: 'Hora da visita',
  data_visita: 'Data da visita',
  turno_atendimentos: 'Turno',
  micro_area: 'Micro-área',
  fora_area: 'Fora de área',
  tipo_imovel_id: 'Tipo de imóvel',
  numero_prontuario: 'Nº do prontuário',
  visita_compartilhada: 'Visita compartilhada',
  desfecho_id: 'Desfecho',
  motivo_visita_ids: 'Motivos da visita',
  altura: 'Altura',
  peso: 'Peso',
  temperatura: 'Temperatura',
  glicemia: 'Glicemia capilar',
  momento_coleta_glicemia_id: 'Momento da coleta',
  pressao_sistolica: 'Pressão sistólica',
  pressao_diastolica: 'Pressão diastólica',
  ...PROPERTY_ADDRESS_LABELS,
  sem_numero: 'Sem número',
};
