// The category form (issue 17): its values and their mapping to and from the API. The rules are the shared ones
// (categoriaInputSchema), so the browser answers with the API's messages.
import { z } from 'zod';
import { categoriaInputSchema, type Categoria, type CategoriaInput } from '@saude/shared/schemas/categoria';
import { addFieldIssues, omitEmpty, pickValues } from '../../../lib/form';

const camposSchema = z.object({
  nome: z.string().nullable(),
  sigla: z.string().nullable(),
  prioridade: z.number().nullable(),
  cor: z.string().nullable(),
  descricao: z.string().nullable(),
  ativo: z.boolean(),
});

export type CategoriaFormValues = z.input<typeof camposSchema>;
type Campo = keyof CategoriaFormValues;
const CAMPOS = Object.keys(camposSchema.shape) as Campo[];

export const categoriaFormSchema = camposSchema.superRefine((v, ctx) => {
  const r = categoriaInputSchema.safeParse(formParaApi(v));
  if (!r.success) addFieldIssues(ctx, r.error.issues);
});

export const ROTULOS: Record<Campo, string> = {
  nome: 'Nome',
  sigla: 'Sigla',
  prioridade: 'Prioridade',
  cor: 'Cor',
  descricao: 'Descrição',
  ativo: 'Ativa',
};

/** Colours offered as swatches (any other may be typed). */
export const CORES_SUGERIDAS = [
  '#1864AB',
  '#2B8A3E',
  '#C92A2A',
  '#862E9C',
  '#D9480F',
  '#5F3DC4',
  '#0B7285',
  '#495057',
  '#FAB005',
  '#FFFFFF',
];

export const novaCategoria = (): CategoriaFormValues => ({
  nome: null,
  sigla: null,
  prioridade: null,
  cor: '#1864AB',
  descricao: null,
  ativo: true,
});

export const categoriaParaForm = (c: Categoria): CategoriaFormValues => pickValues(c, CAMPOS);

export function formParaApi(v: CategoriaFormValues): CategoriaInput {
  return omitEmpty({ ...v, nome: v.nome ?? '', sigla: v.sigla ?? '', cor: v.cor ?? '' }) as CategoriaInput;
}
