import { z } from 'zod';
import {
  doencaNotificacaoCompulsoria,
  type DoencaNotificacaoCompulsoriaRow,
} from '../codes/doenca_notificacao_compulsoria';
import { findBy } from '../codes/lookup';
import { msg } from '../messages';
import { rotulados } from '../rotulos';
import { isoToBr, isValidIsoDate, isValidTime, zonedDateTimeToIso } from '../validation/dates';
import { optionalText, zIsoDate, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import {
  given,
  inputBody,
  TOLERANCIA_RELOGIO_MS,
  opt,
  optionalDate,
  optionalUuid,
  simNaoOpcional,
  updateBody,
} from './comum';
import type { Issue, Loose } from './comum';
import { coordenadasSchema, nullableNumber as n, nullableString as s, registroSchema } from './resposta';

// Compulsory disease notifications (issue 18, spec §3 "Compulsory notification", §4 status values). Field names are
// the columns' (apps/api/src/db/schema/notificacoes.ts). Design: docs/decisions.md, "Compulsory notifications".

/** Spec §4: suspect, confirmed, negative or discarded ("Negativo/Descartado"). Confirmed and discarded are closed. */
export const { valores: SITUACOES_NOTIFICACAO, rotulos: ROTULOS_SITUACAO_NOTIFICACAO } = rotulados({
  suspeito: 'Suspeito',
  confirmado: 'Confirmado',
  descartado: 'Negativo/Descartado',
});
export type SituacaoNotificacao = (typeof SITUACOES_NOTIFICACAO)[number];
/** A closed case (confirmed or discarded) has its closing date; a suspected one has none. */
export const situacaoEncerrada = (situacao: unknown) => situacao === 'confirmado' || situacao === 'descartado';

/** The eight comorbidity questions (SINAN "doenças pré-existentes"), in form order, with their labels. */
export const COMORBIDADES = {
  comorbidade_diabetes: 'Diabetes',
  comorbidade_hipertensao: 'Hipertensão arterial',
  comorbidade_doenca_renal_cronica: 'Doença renal crônica',
  comorbidade_hepatopatia: 'Hepatopatia',
  comorbidade_doenca_hematologica: 'Doença hematológica',
  comorbidade_doenca_autoimune: 'Doença autoimune',
  comorbidade_doenca_acido_peptica: 'Doença ácido-péptica',
  comorbidade_imunossupressao: 'Imunossupressão',
} as const;
export type CampoComorbidade = keyof typeof COMORBIDADES;
/** One field per comorbidity, in form order, made from its label (the input's and the answer's). */
const porComorbidade = <T extends z.ZodType>(campo: (rotulo: string) => T) =>
  Object.fromEntries(Object.entries(COMORBIDADES).map(([k, rotulo]) => [k, campo(rotulo)])) as Record<
    CampoComorbidade,
    T
  >;

export const LIMITES_NOTIFICACAO = { informacoes_complementares: 2000, observacoes: 2000 } as const;

/** The national list's row of a disease code ('1a', '2', …), or undefined. */
export const doencaDe = (codigo: unknown): DoencaNotificacaoCompulsoriaRow | undefined =>
  typeof codigo === 'string' ? findBy(doencaNotificacaoCompulsoria, 'codigo', codigo) : undefined;
/** Immediate notification (within 24 h) to some level: the form highlights it. */
export const doencaImediata = (d: DoencaNotificacaoCompulsoriaRow) =>
  d.imediata_ms === 'X' || d.imediata_ses === 'X' || d.imediata_sms === 'X';

/** A disease code of the national list. */
const zDoenca = () => zRequired().refine((v) => doencaDe(v) !== undefined, { error: msg.naoEValido });
/** 'HH:mm' on the 24-hour clock. */
const zHora = () => zRequired().refine(isValidTime, { error: msg.naoEValido });
/** A date up to today (São Paulo). */
const zDataAteHoje = () => zIsoDate({ defaultRange: true });
const dataAteHoje = () => opt(zDataAteHoje());
const situacaoEnum = () =>
  z.enum(SITUACOES_NOTIFICACAO, { error: (iss) => (iss.input == null ? msg.obrigatorio : msg.naoEValido) });

// ---- input -------------------------------------------------------------------------------------------------

/** The notification's fields, each with its label (rotulos.ts: the form, the audit and its screen read them). */
const notificacaoFieldsSchema = z.object({
  doenca_agravo_id: zDoenca().meta({ label: 'Doença ou agravo' }),
  /** The notifying unit; the API uses the session's current unit when absent (only it, without `:todos`). */
  unidade_saude_id: optionalUuid().meta({ label: 'Unidade de saúde' }),
  /** The notifying professional; the API uses the signed-in user's when absent. Active in the unit. */
  profissional_id: optionalUuid().meta({ label: 'Profissional' }),
  data_notificacao: zDataAteHoje().meta({ label: 'Data da notificação' }),
  hora_notificacao: zHora().meta({ label: 'Hora da notificação' }),
  data_primeiros_sintomas: dataAteHoje().meta({ label: 'Data dos primeiros sintomas' }),
  informacoes_complementares: optionalText({ max: LIMITES_NOTIFICACAO.informacoes_complementares }).meta({
    label: 'Informações complementares',
  }),
  obito: simNaoOpcional().meta({ label: 'Óbito' }),
  /** Only with obito = true (and then required). */
  data_obito: dataAteHoje().meta({ label: 'Data do óbito' }),
  internado: simNaoOpcional().meta({ label: 'Internado' }),
  /** Only with internado = true. */
  data_internacao: dataAteHoje().meta({ label: 'Data da internação' }),
  /** Only with internado = true. */
  alta: simNaoOpcional().meta({ label: 'Alta' }),
  /** Only with alta = true; not before data_internacao. */
  data_alta: dataAteHoje().meta({ label: 'Data da alta' }),
  ...porComorbidade((label) => simNaoOpcional().meta({ label })),
  observacoes: optionalText({ max: LIMITES_NOTIFICACAO.observacoes }).meta({ label: 'Observações' }),
});
export type NotificacaoValues = z.output<typeof notificacaoFieldsSchema>;

/** The status and closing date, on create and in the situacao body. */
const situacaoFields = {
  /** Absent → 'suspeito'. Anything else than suspeito needs `municipes_notificacao:situacao` (the API checks). */
  situacao: opt(situacaoEnum()).meta({ label: 'Situação' }),
  /** Required exactly when situacao is confirmado or descartado; not before data_notificacao, not in the future. */
  data_encerramento: dataAteHoje().meta({ label: 'Data de encerramento' }),
};

const iso = (v: unknown): string | undefined => (typeof v === 'string' && isValidIsoDate(v) ? v : undefined);
const br = (isoDate: string) => isoToBr(isoDate) ?? isoDate;

/** What the rules need from the citizen (the API passes it; the form passes what it read). */
export type ContextoMunicipe = { data_nascimento?: string | null; data_obito?: string | null };

/**
 * The closing date against the status and the notification date (pure; the form, the create and the situacao body).
 * `dataNotificacao`: the notification's date when the body does not carry it (situacao body).
 */
export function encerramentoIssues(v: Loose, dataNotificacao?: string | null): Issue[] {
  const issues: Issue[] = [];
  const situacao = given(v.situacao) ? v.situacao : 'suspeito';
  const encerramento = iso(v.data_encerramento);
  const notificacao = iso(v.data_notificacao) ?? iso(dataNotificacao);
  if (situacaoEncerrada(situacao) && !given(v.data_encerramento))
    issues.push({ path: ['data_encerramento'], message: msg.obrigatorio });
  if (situacao === 'suspeito' && given(v.data_encerramento))
    issues.push({ path: ['data_encerramento'], message: msg.somenteEncerrada });
  if (encerramento && notificacao && encerramento < notificacao)
    issues.push({ path: ['data_encerramento'], message: msg.anteriorANotificacao });
  return issues;
}

/**
 * Rules that relate fields (pure; form and API). The citizen's birth and death come in `municipe` (the API always
 * passes them; the form when it has them).
 */
export function notificacaoIssues(v: Loose, municipe: ContextoMunicipe = {}): Issue[] {
  const issues: Issue[] = [];
  const notificacao = iso(v.data_notificacao);
  const sintomas = iso(v.data_primeiros_sintomas);
  const nascimento = iso(municipe.data_nascimento);
  const obitoMunicipe = iso(municipe.data_obito);
  const push = (campo: string, message: string) => issues.push({ path: [campo], message });

  // The record's date and hour together not in the future (the date alone is checked by its field).
  const momento = zonedDateTimeToIso(notificacao, typeof v.hora_notificacao === 'string' ? v.hora_notificacao : null);
  if (momento && new Date(momento).getTime() > Date.now() + TOLERANCIA_RELOGIO_MS)
    push('hora_notificacao', msg.horaNoFuturo);
  if (sintomas && notificacao && sintomas > notificacao) push('data_primeiros_sintomas', msg.posteriorANotificacao);
  if (sintomas && obitoMunicipe && sintomas > obitoMunicipe)
    push('data_primeiros_sintomas', msg.posteriorAoObito(br(obitoMunicipe)));
  if (nascimento) {
    for (const campo of ['data_notificacao', 'data_primeiros_sintomas', 'data_obito', 'data_internacao'] as const) {
      const d = iso(v[campo]);
      if (d && d < nascimento) push(campo, msg.anteriorAoNascimento(br(nascimento)));
    }
  }

  if (v.obito === true && !given(v.data_obito)) push('data_obito', msg.obrigatorio);
  if (v.obito !== true && given(v.data_obito)) push('data_obito', msg.somenteComObito);
  const dataObito = iso(v.data_obito);
  if (v.obito === true && dataObito && sintomas && dataObito < sintomas) push('data_obito', msg.obitoAntesDosSintomas);

  if (v.internado !== true) {
    if (given(v.data_internacao)) push('data_internacao', msg.somenteInternado);
    if (v.alta === true || v.alta === false) push('alta', msg.somenteInternado);
  }
  if (v.alta !== true && given(v.data_alta)) push('data_alta', msg.somenteComAlta);
  const internacao = iso(v.data_internacao);
  const alta = iso(v.data_alta);
  if (internacao && alta && alta < internacao) push('data_alta', msg.altaAntesDaInternacao);
  return issues;
}

/** The create's fields: the notification's and its first status. */
export const notificacaoCreateFieldsSchema = notificacaoFieldsSchema.extend(situacaoFields);

/** POST /{municipeId}/notificacoes. */
export const notificacaoInputSchema = inputBody(notificacaoCreateFieldsSchema, (v) => [
  ...notificacaoIssues(v),
  ...encerramentoIssues(v),
]);
export type NotificacaoInput = z.input<typeof notificacaoInputSchema>;
export type NotificacaoInputValues = z.output<typeof notificacaoCreateFieldsSchema>;

/** PUT /{municipeId}/notificacoes/{id}: the fields, not the status (that is POST …/situacao). */
export const notificacaoUpdateSchema = updateBody(notificacaoFieldsSchema, (v) => notificacaoIssues(v));
export type NotificacaoUpdate = z.input<typeof notificacaoUpdateSchema>;

/**
 * POST /{municipeId}/notificacoes/{id}/situacao (permission `situacao`): confirm, discard, or reopen (back to
 * suspeito, without a closing date). The closing date is checked against the notification's date by the API.
 */
export const notificacaoSituacaoSchema = updateBody(
  z.object({
    situacao: z.preprocess((v) => (v === '' || v === null ? undefined : v), situacaoEnum()),
    data_encerramento: dataAteHoje(),
  }),
  (v) => encerramentoIssues(v),
);
export type NotificacaoSituacaoInput = z.input<typeof notificacaoSituacaoSchema>;

// ---- list, map and CSV filters ------------------------------------------------------------------------------

const filtrosFields = {
  doenca_agravo_id: opt(zDoenca()),
  situacao: opt(situacaoEnum()),
  /** The period, on data_notificacao; data_fim not before data_inicio (422 on data_fim). */
  data_inicio: optionalDate(),
  data_fim: optionalDate(),
  /** The notifying unit (without `:todos` only the current one is seen anyway). */
  unidade_saude_id: optionalUuid(),
  /** The citizen's neighbourhood (the home's, else the citizen's address), start or part, accents ignored. */
  bairro: opt(zRequired({ max: 72 })),
  /** The citizen's name or social name, part, accents ignored. */
  nome: opt(zRequired({ max: 100 })),
};

/** data_fim before data_inicio → 'deve ser maior ou igual que dd/mm/aaaa' on data_fim. */
export function periodoIssues(v: Loose): Issue[] {
  const inicio = iso(v.data_inicio);
  const fim = iso(v.data_fim);
  return inicio && fim && fim < inicio ? [{ path: ['data_fim'], message: msg.maiorOuIgualQue(br(inicio)) }] : [];
}

/** GET / and GET /mapa query. */
export const notificacaoFiltersSchema = paginationSchema.extend(filtrosFields);
export type NotificacaoFilters = z.infer<typeof notificacaoFiltersSchema>;

/** GET /exportacao.csv query: the period is required. */
export const notificacaoExportacaoSchema = z.object({
  ...filtrosFields,
  data_inicio: zIsoDate({ defaultRange: true }),
  data_fim: zIsoDate({ defaultRange: true }),
});
export type NotificacaoExportacaoFilters = z.infer<typeof notificacaoExportacaoSchema>;

/** How many map points one answer carries at most (newest first). */
export const LIMITE_PONTOS_MAPA = 5000;
/** How many lines one CSV extract carries at most. */
export const LIMITE_EXPORTACAO_NOTIFICACOES = 20_000;

// ---- what the API answers --------------------------------------------------------------------------------

/** Who notified, and where: the unit and the professional, with their names. */
const notificante = {
  unidade_saude_id: z.string(),
  unidade_saude_nome: z.string(),
  profissional_id: z.string(),
  profissional_nome: z.string(),
};
const situacaoSchema = z.enum(SITUACOES_NOTIFICACAO);

/** A row of GET /: one citizen with notifications matching the filters, and their counts. */
export const notificacaoListItemSchema = z.object({
  /** The citizen's id (the row opens /municipes_notificacao/{id}/detalhes). */
  id: z.uuid(),
  /** The social name when the citizen has one, like the citizen list. */
  nome: z.string(),
  data_nascimento: z.string(),
  /** As the citizen list writes it ('47 anos', '5 meses'); at death for a deceased citizen. */
  idade: s(),
  sexo_id: n(),
  bairro: s(),
  /** The citizen's home (the active family's household), when it has coordinates. */
  ...coordenadasSchema,
  total: z.int(),
  suspeitos: z.int(),
  confirmados: z.int(),
  descartados: z.int(),
  /** The latest matching notification's date ('yyyy-MM-dd'). */
  ultima_notificacao: z.string(),
});
export type NotificacaoListItem = z.infer<typeof notificacaoListItemSchema>;

/** One marker of GET /mapa: a notification at its citizen's home. */
const notificacaoPontoSchema = z.object({
  notificacao_id: z.uuid(),
  municipe_id: z.uuid(),
  nome: z.string(),
  doenca_agravo_id: z.string(),
  situacao: situacaoSchema,
  data_notificacao: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type NotificacaoPonto = z.infer<typeof notificacaoPontoSchema>;

/** GET /mapa. */
export const notificacaoMapaSchema = z.object({
  /** Newest first, at most `limite`. */
  pontos: z.array(notificacaoPontoSchema),
  /** Matching notifications whose citizen's home has no coordinates (not on the map). */
  sem_coordenadas: z.int(),
  limite: z.int(),
  /** More notifications with coordinates matched than `limite`: the oldest are not shown. */
  limitado: z.boolean(),
});
export type NotificacaoMapa = z.infer<typeof notificacaoMapaSchema>;

/** A notification in the citizen's detail (GET /{municipeId}). */
const notificacaoResumoSchema = z.object({
  id: z.uuid(),
  lock_version: z.int(),
  doenca_agravo_id: z.string(),
  doenca_nome: z.string(),
  /** Immediate notification (within 24 h). */
  doenca_imediata: z.boolean(),
  situacao: situacaoSchema,
  data_notificacao: z.string(),
  hora_notificacao: z.string(),
  data_primeiros_sintomas: s(),
  data_encerramento: s(),
  ...notificante,
});
export type NotificacaoResumo = z.infer<typeof notificacaoResumoSchema>;

/** The citizen as the notification screens show them. */
const notificacaoMunicipeSchema = z.object({
  id: z.uuid(),
  /** The social name when there is one. */
  nome: z.string(),
  /** The civil name (the SINAN form prints it). */
  nome_civil: z.string(),
  data_nascimento: z.string(),
  idade: s(),
  sexo_id: n(),
  codigo_cns: s(),
  /** 'Rua X, 10, complemento - Bairro' (the home's address, else the citizen's). */
  endereco: s(),
  bairro: s(),
  ...coordenadasSchema,
  obito: z.boolean(),
  data_obito: s(),
});
export type NotificacaoMunicipe = z.infer<typeof notificacaoMunicipeSchema>;

/** GET /{municipeId}: the citizen's header and the notifications in scope, newest first. */
export const notificacaoDetalhesSchema = z.object({
  municipe: notificacaoMunicipeSchema,
  notificacoes: z.array(notificacaoResumoSchema),
});
export type NotificacaoDetalhes = z.infer<typeof notificacaoDetalhesSchema>;

/** One line of the status history (oldest first): situacao_anterior null on the creating line. */
export const notificacaoEventoSchema = z.object({
  id: z.uuid(),
  situacao_anterior: situacaoSchema.nullable(),
  situacao: situacaoSchema,
  data_encerramento: s(),
  profissional_id: z.string(),
  profissional_nome: z.string(),
  created_at: z.string(),
});
export type NotificacaoEvento = z.infer<typeof notificacaoEventoSchema>;

const simNaoResposta = () => z.boolean().nullable();

/** GET /{municipeId}/notificacoes/{id} (also what create, update and situacao answer). */
export const notificacaoSchema = z.object({
  ...registroSchema,
  municipe_id: z.uuid(),
  municipe_nome: z.string(),
  doenca_agravo_id: z.string(),
  /** The national list's row (descricao, immediate/weekly flags, CID-10). */
  doenca: z.object({
    codigo: z.string(),
    descricao: z.string(),
    imediata: z.boolean(),
    semanal: z.boolean(),
    cid10_referencia: z.string(),
  }),
  ...notificante,
  situacao: situacaoSchema,
  data_notificacao: z.string(),
  hora_notificacao: z.string(),
  data_primeiros_sintomas: s(),
  informacoes_complementares: s(),
  obito: simNaoResposta(),
  data_obito: s(),
  internado: simNaoResposta(),
  data_internacao: s(),
  alta: simNaoResposta(),
  data_alta: s(),
  ...porComorbidade(simNaoResposta),
  observacoes: s(),
  /** Derived from data_alta − data_internacao (null until both are known). */
  dias_internacao: n(),
  data_encerramento: s(),
  /** Oldest first; the first line is the creation. */
  eventos: z.array(notificacaoEventoSchema),
});
export type Notificacao = z.infer<typeof notificacaoSchema>;
