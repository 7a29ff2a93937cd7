import { z } from 'zod';
import { msg } from '../messages';
import { optionalField, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import { opt } from './comum';
import { MOTIVOS_QUEM_VISITAR } from './quem_visitar';
import { nullableString as s } from './resposta';

// Coverage of the territory (issue 44): per team and micro-area, who is registered, who was visited, the priority
// groups and how many of each are up to date; and the homes on a map by days since the last visit. Rules:
// docs/decisions.md, "Issue 44: coverage and the territory map".

/** The priority groups of "Quem visitar" that are people (the family-wide reasons are not groups). */
export const GRUPOS_PRIORITARIOS = [
  'gestante',
  'recem_nascido',
  'crianca_menor_2',
  'hipertensao',
  'diabetes',
  'acamado',
  'domiciliado',
] as const;
export type GrupoPrioritario = (typeof GRUPOS_PRIORITARIOS)[number];
/** The groups' names as the screens say them (the worklist's reasons). */
export const ROTULO_GRUPO: Record<GrupoPrioritario, string> = {
  gestante: 'Gestantes',
  recem_nascido: 'Recém-nascidos (1ª semana)',
  crianca_menor_2: 'Crianças < 2 anos',
  hipertensao: 'Hipertensão',
  diabetes: 'Diabetes',
  acamado: 'Acamados',
  domiciliado: 'Domiciliados',
};
/** The default interval of each group (days): up to date when visited within it. */
export const diasDoGrupo = (g: GrupoPrioritario): number => MOTIVOS_QUEM_VISITAR[g].dias;

/** A family's or person's registration is out of date after two years (e-SUS validity). */
export const DIAS_CADASTRO_VALIDO = MOTIVOS_QUEM_VISITAR.cadastro_desatualizado.dias;

/** The micro-area of a line: two digits, or `sem` for the families whose home has none. */
export const SEM_MICRO_AREA = 'sem';
const microAreaOuSem = () => opt(zRequired().regex(/^(\d{2}|sem)$/, { error: msg.naoEValido }));

export const coberturaFiltersSchema = z.object({
  equipe_id: opt(z.uuid({ error: msg.naoEValido })),
  micro_area: microAreaOuSem(),
});
export type CoberturaFilters = z.infer<typeof coberturaFiltersSchema>;

const grupoContagem = z.object({ pessoas: z.int(), em_dia: z.int() });

/** One line of the table: a team's micro-area (null: families whose home has no micro-area). */
export const coberturaLinhaSchema = z.object({
  equipe_id: z.uuid(),
  equipe_nome: z.string(),
  micro_area: s(),
  pessoas: z.int(),
  familias: z.int(),
  familias_visitadas_30: z.int(),
  familias_visitadas_90: z.int(),
  grupos: z.object(
    Object.fromEntries(GRUPOS_PRIORITARIOS.map((g) => [g, grupoContagem])) as Record<
      GrupoPrioritario,
      typeof grupoContagem
    >,
  ),
  /** Families whose home has no coordinates (or no registered home): not on the map. */
  familias_sem_coordenadas: z.int(),
  /** People whose individual registration is older than two years. */
  cadastros_individuais_desatualizados: z.int(),
  /** Families whose household registration is older than two years. */
  cadastros_domiciliares_desatualizados: z.int(),
});
export type CoberturaLinha = z.infer<typeof coberturaLinhaSchema>;

/** What a cell counts: the list behind each number of the table. */
export const INDICADORES_COBERTURA = [
  'pessoas',
  'familias',
  'familias_visitadas_30',
  'familias_visitadas_90',
  'familias_sem_coordenadas',
  'cadastros_individuais_desatualizados',
  'cadastros_domiciliares_desatualizados',
  'grupo',
  'grupo_em_dia',
] as const;
export type IndicadorCobertura = (typeof INDICADORES_COBERTURA)[number];
/** The indicators whose list holds families (the others hold people). */
export const INDICADORES_DE_FAMILIAS: readonly IndicadorCobertura[] = [
  'familias',
  'familias_visitadas_30',
  'familias_visitadas_90',
  'familias_sem_coordenadas',
  'cadastros_domiciliares_desatualizados',
];

const grupoField = () => opt(z.enum(GRUPOS_PRIORITARIOS, { error: msg.naoEValido }));

/** GET /lista: the people or families behind one cell. `grupo` is required by the two group indicators. */
export const coberturaListaFiltersSchema = paginationSchema
  .extend({
    equipe_id: opt(z.uuid({ error: msg.naoEValido })),
    micro_area: microAreaOuSem(),
    indicador: optionalField(z.enum(INDICADORES_COBERTURA, { error: msg.naoEValido })).default('pessoas'),
    grupo: grupoField(),
  })
  .superRefine((v, ctx) => {
    if ((v.indicador === 'grupo' || v.indicador === 'grupo_em_dia') && !v.grupo)
      ctx.addIssue({ code: 'custom', path: ['grupo'], message: msg.obrigatorio });
  });
export type CoberturaListaFilters = z.infer<typeof coberturaListaFiltersSchema>;

/** A line of the list: a person (municipe_id) or a family (municipe_id null). */
export const coberturaListaItemSchema = z.object({
  familia_id: z.uuid(),
  municipe_id: z.uuid().nullable(),
  nome: z.string(),
  micro_area: s(),
  endereco: s(),
  /** Days since the last visit to the person (or the family); null: never visited. */
  dias_sem_visita: z.int().nullable(),
});
export type CoberturaListaItem = z.infer<typeof coberturaListaItemSchema>;

// ---- the map ---------------------------------------------------------------------------------------------------

export const territorioMapaFiltersSchema = z.object({
  equipe_id: opt(z.uuid({ error: msg.naoEValido })),
  micro_area: microAreaOuSem(),
  grupo: grupoField(),
});
export type TerritorioMapaFilters = z.infer<typeof territorioMapaFiltersSchema>;

/** How many homes one answer carries at most (the longest without a visit first). */
export const LIMITE_DOMICILIOS_MAPA = 100_000;

/** One home of the map, with no one's name: the popup opens the family's visit page (audited there). */
export type TerritorioPonto = {
  familia_id: string;
  latitude: number;
  longitude: number;
  micro_area: string | null;
  /** null: never visited. */
  dias_sem_visita: number | null;
};

/**
 * The homes as columns, home i at position i of each (coordinates: 2i and 2i + 1): a town's map carries 100,000, and as
 * one object each they were 13.5 MB of JSON to write, send and read on a cheap tablet (bench/mapa.ts); columns are
 * about half, and cheaper to build and parse. `pontosDoMapa` gives the objects back.
 */
export const territorioMapaSchema = z.object({
  familia_ids: z.array(z.uuid()),
  /** Latitude and longitude of each home in turn: [lat0, lng0, lat1, lng1, …]. */
  coordenadas: z.array(z.number()),
  micro_areas: z.array(z.string().nullable()),
  /** null: never visited. */
  dias_sem_visita: z.array(z.int().nullable()),
  /** Matching families whose home has no coordinates: only in the coverage list. */
  sem_coordenadas: z.int(),
  limite: z.int(),
  limitado: z.boolean(),
});
export type TerritorioMapa = z.infer<typeof territorioMapaSchema>;

/** The map's homes as one object each. */
export const pontosDoMapa = (m: TerritorioMapa): TerritorioPonto[] =>
  m.familia_ids.map((familia_id, i) => ({
    familia_id,
    latitude: m.coordenadas[2 * i]!,
    longitude: m.coordenadas[2 * i + 1]!,
    micro_area: m.micro_areas[i] ?? null,
    dias_sem_visita: m.dias_sem_visita[i] ?? null,
  }));

/** The map's bands of days since the last visit: colour, shape and a letter, never colour alone. */
export const FAIXAS_VISITA = [
  { codigo: 'recente', rotulo: 'Até 30 dias', ate: 30 },
  { codigo: 'atencao', rotulo: '31 a 90 dias', ate: 90 },
  { codigo: 'atrasada', rotulo: 'Mais de 90 dias', ate: Infinity },
  { codigo: 'nunca', rotulo: 'Nunca visitado', ate: null },
] as const;
export type FaixaVisita = (typeof FAIXAS_VISITA)[number]['codigo'];
export const faixaVisita = (dias: number | null): FaixaVisita =>
  dias === null ? 'nunca' : dias <= 30 ? 'recente' : dias <= 90 ? 'atencao' : 'atrasada';
