// The category form (issue 17), derived from the shared schema (categoriaFieldsSchema: its fields, rules and labels),
// so the browser answers with the API's messages.
import { categoriaFieldsSchema, categoriaInputSchema } from '@saude/shared/schemas/categoria';
import { formCodec, type CodecValues } from '../../../lib/form';

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

export const categoriaCodec = formCodec(categoriaFieldsSchema, {
  rules: categoriaInputSchema,
  defaults: { cor: CORES_SUGERIDAS[0], ativo: true },
});

export type CategoriaFormValues = CodecValues<typeof categoriaFieldsSchema>;
