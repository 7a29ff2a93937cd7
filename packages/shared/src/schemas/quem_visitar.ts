import { z } from 'zod';
import { paginationSchema } from './auth';
import { microArea } from './comum';
import { msg } from '../messages';
import { nullableString as s } from './resposta';

// "Quem visitar" (issue 44): the people and families of the agent's micro-areas due a visit, each with its reason.
// The rules and their defaults (docs/decisions.md, "Issue 44: who to visit", with the Ministry of Health sources).

/**
 * Why a visit is due, in priority order (0 first). `dias`: the interval after which the person or family is due again;
 * `motivo_visita`: the e-SUS reason (LEDI MotivoVisita) the visit form opens with.
 */
export const MOTIVOS_QUEM_VISITAR = {
  recem_nascido: { rotulo: 'Recém-nascido na primeira semana', dias: 7, motivo_visita: 7 },
  gestante: { rotulo: 'Gestante', dias: 30, motivo_visita: 5 },
  crianca_menor_2: { rotulo: 'Criança menor de 2 anos', dias: 30, motivo_visita: 8 },
  acamado: { rotulo: 'Acamado', dias: 30, motivo_visita: 19 },
  domiciliado: { rotulo: 'Domiciliado', dias: 30, motivo_visita: 19 },
  hipertensao: { rotulo: 'Pessoa com hipertensão', dias: 30, motivo_visita: 11 },
  diabetes: { rotulo: 'Pessoa com diabetes', dias: 30, motivo_visita: 12 },
  nova_tentativa: { rotulo: 'Última visita: ausente ou recusada', dias: 0, motivo_visita: 29 },
  familia_sem_visita: { rotulo: 'Família sem visita', dias: 30, motivo_visita: 29 },
  cadastro_desatualizado: { rotulo: 'Cadastro com mais de 2 anos', dias: 730, motivo_visita: 1 },
} as const;
export type MotivoQuemVisitar = keyof typeof MOTIVOS_QUEM_VISITAR;
export const CODIGOS_QUEM_VISITAR = Object.keys(MOTIVOS_QUEM_VISITAR) as MotivoQuemVisitar[];

export const quemVisitarFiltersSchema = paginationSchema.extend({
  micro_area: microArea(),
});
export type QuemVisitarFilters = z.infer<typeof quemVisitarFiltersSchema>;

/** One line: a person (municipe_id) or the family as a whole (municipe_id null), with every reason that applies. */
export const quemVisitarSchema = z.object({
  familia_id: z.uuid(),
  municipe_id: z.uuid().nullable(),
  /** The person, or the family's head for a family-wide line. */
  nome: z.string(),
  responsavel_nome: z.string(),
  micro_area: s(),
  endereco: s(),
  motivos: z.array(z.enum(CODIGOS_QUEM_VISITAR)),
  /** Days since the last visit to this person (or family); null: never visited. */
  dias_sem_visita: z.int().nullable(),
});
export type QuemVisitar = z.infer<typeof quemVisitarSchema>;

/**
 * The ACE's worklist: the properties of the agent's micro-areas due an endemic-control visit (docs/decisions.md,
 * "Issue 44: the ACE's properties", with the PNCD sources). Priority order, `dias` and `motivo_visita` as above.
 */
export const MOTIVOS_IMOVEL = {
  imovel_nova_tentativa: { rotulo: 'Última visita: ausente ou recusada', dias: 0, motivo_visita: 34 },
  imovel_com_foco: { rotulo: 'Foco encontrado na última visita', dias: 7, motivo_visita: 35 },
  ponto_estrategico: { rotulo: 'Ponto estratégico', dias: 15, motivo_visita: 36 },
  ciclo_vetorial: { rotulo: 'Sem visita de controle vetorial', dias: 60, motivo_visita: 34 },
} as const;
export type MotivoImovel = keyof typeof MOTIVOS_IMOVEL;
export const CODIGOS_IMOVEL = Object.keys(MOTIVOS_IMOVEL) as MotivoImovel[];
/** LEDI MotivoVisita group CONTROLE_AMBIENTAL_E_VETORIAL: what makes a visit an endemic-control one. */
export const MOTIVOS_VISITA_VETORIAL = [34, 35, 36, 37] as const;
export const MOTIVO_VISITA_FOCO = 35;
/** Property type 4 of LEDI TipoImovel: Ponto Estratégico (visited fortnightly, PNCD). */
export const TIPO_IMOVEL_PONTO_ESTRATEGICO = 4;

/**
 * The intervals a unit may adjust (issue 44: "a table the municipality can adjust per unit"): every rule counted in days
 * since the last visit. Left out: the newborn's first week (an age, not an interval), a retry (due at once) and the
 * two-year registration validity (an e-SUS rule).
 */
export const INTERVALOS_AJUSTAVEIS = [
  'gestante',
  'crianca_menor_2',
  'acamado',
  'domiciliado',
  'hipertensao',
  'diabetes',
  'familia_sem_visita',
  'imovel_com_foco',
  'ponto_estrategico',
  'ciclo_vetorial',
] as const satisfies ReadonlyArray<MotivoQuemVisitar | MotivoImovel>;
export type IntervaloAjustavel = (typeof INTERVALOS_AJUSTAVEIS)[number];
export type IntervalosVisita = Record<IntervaloAjustavel, number>;
export const LIMITES_INTERVALO = { min: 1, max: 365 } as const;

const rotuloDe = (c: IntervaloAjustavel) =>
  c in MOTIVOS_QUEM_VISITAR
    ? MOTIVOS_QUEM_VISITAR[c as MotivoQuemVisitar].rotulo
    : MOTIVOS_IMOVEL[c as MotivoImovel].rotulo;
const padraoDe = (c: IntervaloAjustavel) =>
  c in MOTIVOS_QUEM_VISITAR
    ? MOTIVOS_QUEM_VISITAR[c as MotivoQuemVisitar].dias
    : MOTIVOS_IMOVEL[c as MotivoImovel].dias;

/** The defaults (docs/decisions.md, with their sources), each with the label the unit's settings show. */
export const INTERVALOS_PADRAO = Object.fromEntries(
  INTERVALOS_AJUSTAVEIS.map((c) => [c, padraoDe(c)]),
) as IntervalosVisita;
export const ROTULOS_INTERVALO = Object.fromEntries(INTERVALOS_AJUSTAVEIS.map((c) => [c, rotuloDe(c)])) as Record<
  IntervaloAjustavel,
  string
>;

/** A unit's stored intervals (only what it changed) over the defaults; anything else stored is ignored. */
export const intervalosDaUnidade = (armazenado: unknown): IntervalosVisita => {
  const o = (armazenado && typeof armazenado === 'object' ? armazenado : {}) as Record<string, unknown>;
  return Object.fromEntries(
    INTERVALOS_AJUSTAVEIS.map((c) => {
      const v = o[c];
      const ok =
        Number.isInteger(v) && (v as number) >= LIMITES_INTERVALO.min && (v as number) <= LIMITES_INTERVALO.max;
      return [c, ok ? (v as number) : INTERVALOS_PADRAO[c]];
    }),
  ) as IntervalosVisita;
};

/** The unit's settings edit: every adjustable interval, a whole number of days within the limits. */
export const intervalosVisitaSchema = z.object(
  Object.fromEntries(
    INTERVALOS_AJUSTAVEIS.map((c) => [
      c,
      z
        .int({ error: msg.naoEValido })
        .min(LIMITES_INTERVALO.min, { error: msg.naoEValido })
        .max(LIMITES_INTERVALO.max, { error: msg.naoEValido }),
    ]),
  ) as Record<IntervaloAjustavel, z.ZodInt>,
);

/** One line of the ACE's list: a property (with its family, if one lives there) and its reasons. */
export const quemVisitarImovelSchema = z.object({
  domicilio_id: z.uuid(),
  /** The family living there (the visit form's place), null for a property without one (shop, vacant lot…). */
  familia_id: z.uuid().nullable(),
  /** The family's head, or the institution's name; null when neither. */
  nome: s(),
  tipo_imovel_id: z.int(),
  micro_area: s(),
  endereco: s(),
  motivos: z.array(z.enum(CODIGOS_IMOVEL)),
  /** Days since the last endemic-control visit to the property; null: never visited. */
  dias_sem_visita: z.int().nullable(),
});
export type QuemVisitarImovel = z.infer<typeof quemVisitarImovelSchema>;

/** The visit form's reason for a line: its most urgent one's (the first). */
export const motivoVisitaDe = (motivos: readonly MotivoQuemVisitar[]): number | null =>
  motivos[0] ? MOTIVOS_QUEM_VISITAR[motivos[0]].motivo_visita : null;
export const motivoVisitaImovelDe = (motivos: readonly MotivoImovel[]): number | null =>
  motivos[0] ? MOTIVOS_IMOVEL[motivos[0]].motivo_visita : null;
