import { z } from 'zod';
import { checarImagemDataUrl } from '../imagem';
import { ICONES_TEMA } from '../tema_atual';
import { msg } from '../messages';
import { isValidIsoDate } from '../validation/dates';
import { optionalText, zIsoDate, zRequired } from '../validation/zod';
import { inputBody, opt, simNao, str, updateBody, ativoPorPadrao, filtrosTextoAtivo } from './comum';
import type { Issue, Loose } from './comum';
import { nullableString as s, registroSchema } from './resposta';

// Campaign themes (issue 21, spec §3 "Theme", §5): the banner on home and the top bar's colour and logo while one is
// in force. Colours '#RRGGBB' stored in capitals; the image a data URL whose bytes were checked (imagem.ts); the end of
// the period later than its start and in the same year. That no two active themes overlap needs the database: the
// API checks it (422 on vigencia_inicio naming the other theme).

/** Lengths chosen for a banner that reads on a phone (docs/decisions.md). */
export const LIMITES_TEMA = { objetivo: 60, descricao: 150 } as const;

export { ICONES_TEMA, type IconeTema } from '../tema_atual';

/** '#RRGGBB' (upper case stored, so two spellings of one colour compare equal). */
const zCor = () =>
  zRequired()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: msg.naoEValido })
    .transform((v) => v.toUpperCase());

/** A data URL of PNG, JPEG, SVG or WebP, its type read from the bytes, at most 500 kB; an active SVG refused. */
const zImagem = () =>
  opt(
    z.string({ error: msg.naoEValido }).superRefine((v, ctx) => {
      const erro = checarImagemDataUrl(v);
      if (erro) ctx.addIssue({ code: 'custom', message: erro, input: undefined });
    }),
  );

export const temaFieldsSchema = z.object({
  objetivo: zRequired({ max: LIMITES_TEMA.objetivo }).meta({ label: 'Título (objetivo)' }),
  descricao: optionalText({ max: LIMITES_TEMA.descricao }).meta({ label: 'Subtítulo (descrição)' }),
  cor_primaria: zCor().meta({ label: 'Cor primária' }),
  cor_secundaria: zCor().meta({ label: 'Cor secundária' }),
  imagem_base64: zImagem().meta({ label: 'Imagem' }),
  icon: opt(z.enum(ICONES_TEMA, { error: msg.naoEValido })).meta({ label: 'Ícone' }),
  vigencia_inicio: zIsoDate().meta({ label: 'Início da vigência' }),
  vigencia_fim: zIsoDate().meta({ label: 'Fim da vigência' }),
  recorrente: simNao().meta({ label: 'Repete todo ano' }),
  ativo: ativoPorPadrao().meta({ label: 'Ativo' }),
});
export type TemaValues = z.output<typeof temaFieldsSchema>;

/** The end after the start (spec §5 'deve ser maior que o início da vigência') and in its year. */
export function temaIssues(v: Loose): Issue[] {
  const ini = str(v.vigencia_inicio);
  const fim = str(v.vigencia_fim);
  if (!ini || !fim || !isValidIsoDate(ini) || !isValidIsoDate(fim)) return [];
  if (fim <= ini) return [{ path: ['vigencia_fim'], message: msg.vigenciaFimMaior }];
  if (fim.slice(0, 4) !== ini.slice(0, 4)) return [{ path: ['vigencia_fim'], message: msg.vigenciaMesmoAno }];
  return [];
}

export const temaInputSchema = inputBody(temaFieldsSchema, temaIssues);
export type TemaInput = z.input<typeof temaInputSchema>;
export const temaUpdateSchema = updateBody(temaFieldsSchema, temaIssues);
export type TemaUpdate = z.input<typeof temaUpdateSchema>;

// ---- what the API answers --------------------------------------------------------------------------------

const temaCampos = {
  objetivo: z.string(),
  descricao: s(),
  cor_primaria: z.string(),
  cor_secundaria: z.string(),
  icon: s(),
  vigencia_inicio: z.string(),
  vigencia_fim: z.string(),
  recorrente: z.boolean(),
};

/** GET /api/v1/ferramentas/temas/{id} (also what every write answers). */
export const temaSchema = z.object({
  ...registroSchema,
  ...temaCampos,
  imagem_base64: s(),
  ativo: z.boolean(),
});
export type Tema = z.infer<typeof temaSchema>;

/** A list row: no image (a list of them would weigh megabytes), only whether there is one. */
export const temaListItemSchema = z.object({
  id: z.uuid(),
  ...temaCampos,
  ativo: z.boolean(),
  com_imagem: z.boolean(),
});
export type TemaListItem = z.infer<typeof temaListItemSchema>;

/** GET list filters: part of the title or subtitle, active or not (absent: both). Newest period first. */
export const temaFiltersSchema = filtrosTextoAtivo(LIMITES_TEMA.objetivo);
export type TemaFilters = z.infer<typeof temaFiltersSchema>;

/** GET /api/v1/ferramentas/tema_atual (spec §7): the theme in force today, or 204. */
export const temaAtualSchema = z.object({ id: z.uuid(), ...temaCampos, imagem_base64: s() });
export type { TemaAtual } from '../tema_atual';
