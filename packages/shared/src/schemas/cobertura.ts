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

/** The map's view as the client sends it: `oeste,sul,leste,norte` in degrees (dots for decimals). */
const caixaField = () =>
  opt(
    z
      .string()
      .regex(/^-?\d{1,3}(\.\d+)?(,-?\d{1,3}(\.\d+)?){3}$/, { error: msg.naoEValido })
      .transform((v) => v.split(',').map(Number) as [number, number, number, number])
      .refine(([o, s, l, n]) => o < l && s < n && o >= -180 && l <= 180 && s >= -90 && n <= 90, {
        error: msg.naoEValido,
      }),
  );
/** A whole number from a query string ('12'), within limits. */
const inteiroField = (min: number, max: number) =>
  opt(
    z.preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z.int({ error: msg.naoEValido }).min(min, { error: msg.naoEValido }).max(max, { error: msg.naoEValido }),
    ),
  );

/** The map's largest zoom (lib/mapa.tsx ZOOM_MAXIMO). */
export const ZOOM_MAXIMO_MAPA = 18;
/** The map fits the homes leaving this margin in pixels, and zooms to them at most this close (lib/mapa.tsx Enquadrar). */
export const ENQUADRAR = { margem: 32, zoomMaximo: 16 } as const;

/**
 * What the map asks: the filters, and either the view it shows (`zoom` and `caixa`) or, before it has one, its size
 * in pixels (`largura`, `altura`): the server then fits every home in it as the map will (default 800 × 560).
 */
export const territorioMapaFiltersSchema = z.object({
  equipe_id: opt(z.uuid({ error: msg.naoEValido })),
  micro_area: microAreaOuSem(),
  grupo: grupoField(),
  zoom: inteiroField(0, ZOOM_MAXIMO_MAPA),
  caixa: caixaField(),
  largura: inteiroField(100, 4000),
  altura: inteiroField(100, 4000),
});
export type TerritorioMapaFilters = z.infer<typeof territorioMapaFiltersSchema>;

/**
 * Homes in view sent one by one at most (the map groups them itself, and a home's popup opens its family); more, and
 * the server sends groups of nearby homes instead (a cell of the view's grid: its centre and count). A town of
 * 100,000 homes was 13.5 MB of JSON one by one, too slow for a cheap tablet (bench/mapa.ts).
 */
export const LIMITE_DOMICILIOS_MAPA = 3000;
/** The side of a grid cell of the server's groups, in pixels of the map at the view's zoom. */
export const CELULA_GRUPO_PX = 64;

/** One home of the map, with no one's name: the popup opens the family's visit page (audited there). */
export type TerritorioPonto = {
  familia_id: string;
  latitude: number;
  longitude: number;
  micro_area: string | null;
  /** null: never visited. */
  dias_sem_visita: number | null;
};

const inteiros = () => z.array(z.int());
/**
 * The map of the territory for one view, as columns (item i at position i of each; coordinates at 2i and 2i + 1:
 * latitude, longitude). `pontosDoMapa` gives the homes back as objects.
 */
export const territorioMapaSchema = z.object({
  /** Every matching home with coordinates: bounds [sul, oeste, norte, leste] (null: none), count, by band. */
  limites: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  total: z.int(),
  por_faixa: z.object({ recente: z.int(), atencao: z.int(), atrasada: z.int(), nunca: z.int() }),
  /** Matching families whose home has no coordinates: only in the coverage list. */
  sem_coordenadas: z.int(),
  /** The zoom the answer was made for: the view's, or the one that fits `limites` in the map's size. */
  zoom: z.int(),
  /** The homes in view one by one (all of them, or those alone in their cell of the grid). */
  pontos: z.object({
    familia_ids: z.array(z.uuid()),
    coordenadas: z.array(z.number()),
    micro_areas: z.array(z.string().nullable()),
    dias_sem_visita: z.array(z.int().nullable()),
  }),
  /** Groups of nearby homes the server made (only when more than LIMITE_DOMICILIOS_MAPA are in view). */
  grupos: z.object({ coordenadas: z.array(z.number()), quantidades: inteiros() }),
});
export type TerritorioMapa = z.infer<typeof territorioMapaSchema>;

/** The map's homes one by one, as objects. */
export const pontosDoMapa = ({ pontos: p }: TerritorioMapa): TerritorioPonto[] =>
  p.familia_ids.map((familia_id, i) => ({
    familia_id,
    latitude: p.coordenadas[2 * i]!,
    longitude: p.coordenadas[2 * i + 1]!,
    micro_area: p.micro_areas[i] ?? null,
    dias_sem_visita: p.dias_sem_visita[i] ?? null,
  }));

/**
 * The zoom at which `limites` fit in a map of `largura` × `altura` pixels with `margem` around, as Leaflet's fitBounds
 * finds it (Web Mercator, 256-pixel tiles, whole zooms, at most `maximo`).
 */
export function zoomQueCabe(
  [sul, oeste, norte, leste]: readonly [number, number, number, number],
  largura: number,
  altura: number,
  margem: number,
  maximo: number,
): number {
  const dx = ((leste - oeste) / 360) * 256;
  const dy = Math.abs(mercatorY(norte) - mercatorY(sul)) * 256;
  const escala = Math.min((largura - 2 * margem) / dx, (altura - 2 * margem) / dy);
  if (!Number.isFinite(escala)) return maximo;
  // Leaflet rounds to hundredths before taking the whole zoom below.
  return Math.max(0, Math.min(maximo, Math.floor(Math.round(Math.log2(escala) * 100) / 100)));
}
/** Web Mercator's y of a latitude, 0 (north) to 1 (south) over the world. */
export const mercatorY = (lat: number) => {
  const r = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2;
};

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
