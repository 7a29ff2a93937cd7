// The unit form (issue 22), derived from the shared schema (unidadeSaudeFieldsSchema: its fields, rules and labels), so
// the browser answers with the API's messages; only the API knows whether the CNES is another unit's. The one
// difference: the form has three phone fields, the API takes the filled ones as a list.
import { unidadeSaudeFieldsSchema } from '@saude/shared/schemas/administracao_unidades_saude';
import { formCodec, type CodecValues } from '../../../lib/form';

type Telefones = { telefone1: string | null; telefone2: string | null; telefone3: string | null };
const TELEFONES = ['telefone1', 'telefone2', 'telefone3'] as const;
const preenchidos = (t: Telefones) => TELEFONES.filter((k) => t[k]);

const fields = {
  telefones: {
    empty: (): Telefones => ({ telefone1: null, telefone2: null, telefone3: null }),
    toForm: (v: string[]): Telefones => ({ telefone1: v[0] ?? null, telefone2: v[1] ?? null, telefone3: v[2] ?? null }),
    toBody: (t: Telefones) => preenchidos(t).map((k) => t[k]),
    labels: { telefone1: 'Telefone', telefone2: 'Telefone 2', telefone3: 'Telefone 3' },
    /** 'telefones.1' is the second phone field that is filled. */
    fieldOf: ([i]: readonly PropertyKey[], t: Telefones) => (i === undefined ? 'telefone1' : preenchidos(t)[Number(i)]),
  },
};
export const unidadeCodec = formCodec(unidadeSaudeFieldsSchema, { fields, defaults: { ativo: true } });

export type UnidadeFormValues = CodecValues<typeof unidadeSaudeFieldsSchema, typeof fields>;

/** The form field of an API path. */
export const campoDaApi = (path: string, v: UnidadeFormValues): string =>
  unidadeCodec.fieldOf(path.split('.'), v).join('.') || path;
