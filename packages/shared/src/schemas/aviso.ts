import { z } from 'zod';
import { LIMITES_AVISO, SITUACOES_AVISO } from '../aviso_constantes';
import { msg } from '../messages';
import { isoToBr, isValidTime } from '../validation/dates';
import { optionalText, zIsoDate, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import { inputBody, opt, updateBody, simNao, optionalUuid } from './comum';
import type { Issue, Loose } from './comum';
import { nomeadoSchema as nomeado, nullableString as s, registroSchema } from './resposta';

// Staff notices (issue 19, spec §3 "Notice", §4, §5, §9): management writes a notice for a period and aims it at unit
// types, units, profiles and professionals; every targeted user confirms it in a pop-up, replying when asked.
// Targeting (docs/decisions.md "Staff notices"): a professional is reached through an active assignment (lotação) that
// passes every non-empty list — unit type, unit, profile, the professional — and an empty list does not restrict.

export * from '../aviso_constantes';

/** A list of ids (a multiselect): unique; null/absent → []. */
const idList = () =>
  z
    .array(z.uuid({ error: msg.naoEValido }), { error: msg.naoEValido })
    .max(LIMITES_AVISO.alvos, { error: msg.naoEValido })
    .nullish()
    .transform((v) => [...new Set(v ?? [])]);

/** A list filter in the query string: repeated (`?x=a&x=b`), one value, or comma-separated; each a uuid. */
const idQuery = () =>
  z
    .preprocess(
      (v) => {
        const lista = typeof v === 'string' ? [v] : v;
        return Array.isArray(lista)
          ? lista.flatMap((x) => (typeof x === 'string' ? x.split(',') : [x])).filter((x) => x !== '')
          : v;
      },
      z
        .array(z.uuid({ error: msg.naoEValido }), { error: msg.naoEValido })
        .max(LIMITES_AVISO.alvos)
        .optional(),
    )
    .transform((v) => v ?? []);

/** The targeting of a notice: what the form sends and what GET /alcance reads. */
const alvosFields = {
  tipo_unidade_ids: idList().meta({ label: 'Tipos de unidade' }),
  unidade_ids: idList().meta({ label: 'Unidades' }),
  perfil_ids: idList().meta({ label: 'Perfis' }),
  profissional_ids: idList().meta({ label: 'Profissionais' }),
};

export const avisoFieldsSchema = z.object({
  titulo: zRequired({ max: LIMITES_AVISO.titulo }).meta({ label: 'Título' }),
  mensagem: zRequired({ max: LIMITES_AVISO.mensagem }).meta({ label: 'Mensagem' }),
  data_inicial: zIsoDate().meta({ label: 'Data inicial' }),
  data_final: zIsoDate().meta({ label: 'Data final' }),
  /** 'HH:mm': the hour the notice starts to show on its first day (absent: from midnight). */
  horario: opt(zRequired().refine(isValidTime, { error: msg.naoEValido })).meta({ label: 'Horário' }),
  ...alvosFields,
  /** Ask for a reply: the pop-up does not confirm without one. */
  checar_resposta: simNao().meta({ label: 'Exigir resposta' }),
  /** The professional who answers for the notice (shown in the pop-up); the API uses the signed-in user when absent. */
  responsavel_id: optionalUuid().meta({ label: 'Responsável' }),
  /** ativo or inativo (an inactive notice shows to nobody); excluido only through DELETE. */
  situacao: z
    .enum(['ativo', 'inativo'], { error: msg.naoEValido })
    .nullish()
    .transform((v) => v ?? 'ativo')
    .meta({ label: 'Situação' }),
});
export type AvisoValues = z.output<typeof avisoFieldsSchema>;

const iso = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** data_final before data_inicial → 'deve ser maior ou igual que dd/mm/aaaa' on data_final. */
export function avisoIssues(v: Loose): Issue[] {
  const inicio = iso(v.data_inicial);
  const fim = iso(v.data_final);
  return inicio && fim && fim < inicio
    ? [{ path: ['data_final'], message: msg.maiorOuIgualQue(isoToBr(inicio) ?? inicio) }]
    : [];
}

export const avisoInputSchema = inputBody(avisoFieldsSchema, avisoIssues);
export type AvisoInput = z.input<typeof avisoInputSchema>;
export const avisoUpdateSchema = updateBody(avisoFieldsSchema, avisoIssues);
export type AvisoUpdate = z.input<typeof avisoUpdateSchema>;

/**
 * POST /{id}/aviso_visualizacoes: the body has `resposta` only when one was typed (spec §7). A notice with
 * checar_resposta refuses a blank one: 'Favor inserir uma resposta para o aviso' (the API checks it against the notice).
 */
export const avisoVisualizacaoInputSchema = z.object({
  resposta: optionalText({ max: LIMITES_AVISO.resposta }),
});
export type AvisoVisualizacaoInput = z.input<typeof avisoVisualizacaoInputSchema>;

/** A blank reply to a notice that asks for one (form and API). */
export function respostaIssues(checarResposta: boolean, resposta: unknown): Issue[] {
  const texto = typeof resposta === 'string' ? resposta.trim() : '';
  if (checarResposta && texto === '') return [{ path: ['resposta'], message: msg.avisoRespostaObrigatoria }];
  if (texto.length > LIMITES_AVISO.resposta) return [{ path: ['resposta'], message: msg.max(LIMITES_AVISO.resposta) }];
  return [];
}

// ---- queries -----------------------------------------------------------------------------------------------

/** The targeting as the query string carries it (the list's filters and GET /alcance). */
const alvosQuery = {
  tipo_unidade_ids: idQuery(),
  unidade_ids: idQuery(),
  perfil_ids: idQuery(),
  profissional_ids: idQuery(),
};

/**
 * GET / filters (spec §3 list filters). Each list filter keeps the notices whose own list names one of the ids or is
 * empty (aimed at all of that kind). Without `comunicacao/avisos:todos` the list is the notices aimed at the user.
 */
export const avisoFiltersSchema = paginationSchema.extend({
  ...alvosQuery,
  /** Part of the title, accents and case ignored. */
  titulo: optionalText({ max: LIMITES_AVISO.titulo }),
  /** Absent: active and inactive (never the deleted). */
  situacao: opt(z.enum(SITUACOES_AVISO, { error: msg.naoEValido })),
});
export type AvisoFilters = z.infer<typeof avisoFiltersSchema>;

/** GET /alcance: how many active professionals a targeting reaches (the form shows it as filters change). */
export const avisoAlcanceQuerySchema = z.object(alvosQuery);
export type AvisoAlcanceQuery = z.infer<typeof avisoAlcanceQuerySchema>;
export const avisoAlcanceSchema = z.object({ total_profissionais: z.int() });
export type AvisoAlcance = z.infer<typeof avisoAlcanceSchema>;

/** GET /opcoes/profissionais: active professionals by part of the name or login (20 at most), or by ids. */
export const avisoProfissionaisQuerySchema = z.object({
  nome: optionalText({ max: 100 }),
  ids: idQuery(),
});

// ---- what the API answers ----------------------------------------------------------------------------------

export type Nomeado = z.infer<typeof nomeado>;

/** GET /opcoes: what the targeting selects offer (professionals are searched: GET /opcoes/profissionais). */
export const avisoOpcoesSchema = z.object({
  tipos_unidade: z.array(nomeado),
  unidades: z.array(nomeado.extend({ tipo_unidade_id: z.uuid() })),
  perfis: z.array(nomeado),
});
export type AvisoOpcoes = z.infer<typeof avisoOpcoesSchema>;
export const avisoProfissionalOpcaoSchema = nomeado.extend({ login: z.string() });
export type AvisoProfissionalOpcao = z.infer<typeof avisoProfissionalOpcaoSchema>;

/** Who confirmed a notice, in which unit, when, and the reply (spec §3 "Notice reply": profissional, unidade, mensagem). */
export const avisoVisualizacaoSchema = z.object({
  id: z.uuid(),
  aviso_id: z.uuid(),
  profissional_id: z.uuid(),
  profissional_nome: z.string(),
  unidade_saude_id: z.uuid(),
  unidade_saude_nome: z.string(),
  resposta: s(),
  created_at: z.string(),
});
export type AvisoVisualizacao = z.infer<typeof avisoVisualizacaoSchema>;

/** GET /{id} (also what create and update answer). */
export const avisoSchema = z.object({
  ...registroSchema,
  titulo: z.string(),
  mensagem: z.string(),
  data_inicial: z.string(),
  data_final: z.string(),
  horario: s(),
  tipo_unidade_ids: z.array(z.uuid()),
  unidade_ids: z.array(z.uuid()),
  perfil_ids: z.array(z.uuid()),
  profissional_ids: z.array(z.uuid()),
  /** The targets with their names, for the show page and the form's selects. */
  tipos_unidade: z.array(nomeado),
  unidades: z.array(nomeado),
  perfis: z.array(nomeado),
  profissionais: z.array(nomeado),
  checar_resposta: z.boolean(),
  responsavel_id: z.uuid(),
  responsavel_nome: z.string(),
  situacao: z.enum(SITUACOES_AVISO),
  /** Active professionals the targeting reaches today. */
  total_alcance: z.int(),
  total_visualizacoes: z.int(),
  total_respostas: z.int(),
  /** Managers (`:todos`): everyone's confirmations, newest first; others: their own only. */
  visualizacoes: z.array(avisoVisualizacaoSchema),
});
export type Aviso = z.infer<typeof avisoSchema>;

export const avisoListItemSchema = avisoSchema.pick({
  ...{ id: true, titulo: true, mensagem: true, data_inicial: true, data_final: true, horario: true },
  ...{ checar_resposta: true, responsavel_nome: true, situacao: true },
  ...{ total_visualizacoes: true, total_respostas: true },
});
export type AvisoListItem = z.infer<typeof avisoListItemSchema>;

/** GET /nao_visualizados: spec §3 "A notice to show", oldest first (the order of the pop-ups). */
const avisoNaoVisualizadoSchema = avisoSchema.pick({
  ...{ id: true, titulo: true, mensagem: true, checar_resposta: true, responsavel_nome: true },
});
export type AvisoNaoVisualizado = z.infer<typeof avisoNaoVisualizadoSchema>;
export const avisosNaoVisualizadosSchema = z.array(avisoNaoVisualizadoSchema);
