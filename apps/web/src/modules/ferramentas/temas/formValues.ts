// The theme form (issue 21): its values and their mapping to and from the API. The rules are the shared ones
// (temaInputSchema, with temaIssues: the end after the start, in its year; the image by its bytes), so the browser
// answers with the API's messages; only the API knows whether another active theme overlaps.
import { z } from 'zod';
import { temaInputSchema, type Tema, type TemaInput } from '@saude/shared/schemas/tema';
import { addFieldIssues, omitEmpty, pickValues } from '../../../lib/form';

const texto = () => z.string().nullable();

const camposSchema = z.object({
  objetivo: texto(),
  descricao: texto(),
  cor_primaria: texto(),
  cor_secundaria: texto(),
  imagem_base64: texto(),
  icon: texto(),
  vigencia_inicio: texto(),
  vigencia_fim: texto(),
  recorrente: z.boolean(),
  ativo: z.boolean(),
});

export type TemaFormValues = z.input<typeof camposSchema>;
type Campo = keyof TemaFormValues;
const CAMPOS = Object.keys(camposSchema.shape) as Campo[];

export const temaFormSchema = camposSchema.superRefine((v, ctx) => {
  const r = temaInputSchema.safeParse(formParaApi(v));
  if (!r.success) addFieldIssues(ctx, r.error.issues);
});

export const ROTULOS: Record<Campo, string> = {
  objetivo: 'Título (objetivo)',
  descricao: 'Subtítulo (descrição)',
  cor_primaria: 'Cor primária',
  cor_secundaria: 'Cor secundária',
  imagem_base64: 'Imagem',
  icon: 'Ícone',
  vigencia_inicio: 'Início da vigência',
  vigencia_fim: 'Fim da vigência',
  recorrente: 'Repete todo ano',
  ativo: 'Ativo',
};

/** Colours offered as swatches (any other may be typed). */
export const CORES_SUGERIDAS = [
  '#1A237E',
  '#1864AB',
  '#0B7285',
  '#2B8A3E',
  '#C2255C',
  '#E64980',
  '#862E9C',
  '#D9480F',
  '#FAB005',
  '#FFFFFF',
];

export const novoTema = (): TemaFormValues => ({
  objetivo: null,
  descricao: null,
  cor_primaria: '#1A237E',
  cor_secundaria: '#FFFFFF',
  imagem_base64: null,
  icon: 'ribbon-health',
  vigencia_inicio: null,
  vigencia_fim: null,
  recorrente: false,
  ativo: true,
});

export const temaParaForm = (t: Tema): TemaFormValues => pickValues(t, CAMPOS);

export function formParaApi(v: TemaFormValues): TemaInput {
  return omitEmpty({
    ...v,
    objetivo: v.objetivo ?? '',
    cor_primaria: v.cor_primaria ?? '',
    cor_secundaria: v.cor_secundaria ?? '',
    vigencia_inicio: v.vigencia_inicio ?? '',
    vigencia_fim: v.vigencia_fim ?? '',
  }) as TemaInput;
}
