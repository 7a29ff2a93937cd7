// The theme form (issue 21), derived from the shared schema (temaFieldsSchema, checked with temaIssues: the end after
// the start, in its year; the image by its bytes; its labels), so the browser answers with the API's messages; only
// the API knows whether another active theme overlaps.
import { temaFieldsSchema, temaInputSchema } from '@saude/shared/schemas/tema';
import { formCodec, type CodecValues } from '../../../lib/form';

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

export const temaCodec = formCodec(temaFieldsSchema, {
  rules: temaInputSchema,
  defaults: {
    cor_primaria: '#1A237E',
    cor_secundaria: '#FFFFFF',
    icon: 'ribbon-health',
    recorrente: false,
    ativo: true,
  },
});

export type TemaFormValues = CodecValues<typeof temaFieldsSchema>;
export const ROTULOS = temaCodec.labels;
