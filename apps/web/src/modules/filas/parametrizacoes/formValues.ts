// The queue form (issue 17), derived from the shared schema (filaFieldsSchema, checked with filaInputSchema: its
// fields, rules and labels), so the browser answers with the API's messages, on the same paths ('locais.1.nome').
// The one difference: a new location has no id yet (left out of the body, not null).
import { filaFieldsSchema, filaInputSchema, type Fila, type FilaInput, type Local } from '@saude/shared/schemas/fila';
import { formCodec, omitEmpty, type CodecValues } from '../../../lib/form';

type Locais = { locais: Array<{ id: string | null; nome: string | null; ativo: boolean }> };
const fields = {
  locais: {
    empty: (): Locais => ({ locais: [{ id: null, nome: null, ativo: true }] }),
    toForm: (v: Local[]): Locais => ({ locais: v.map(({ id, nome, ativo }) => ({ id, nome, ativo })) }),
    toBody: (v: Locais) => v.locais.map(omitEmpty),
    /** A location's field keeps its path; anything about the list goes on the list. */
    fieldOf: ([i, campo]: readonly PropertyKey[]) =>
      campo === undefined ? 'locais' : `locais.${String(i)}.${String(campo)}`,
  },
};
const codec = formCodec(filaFieldsSchema, { fields, rules: filaInputSchema, defaults: { ativo: true } });

export type FilaFormValues = CodecValues<typeof filaFieldsSchema, typeof fields>;
export const ROTULOS: Record<string, string> = codec.labels;
/** The page's codec: a queue's categories are chosen by id. */
export const filaCodec = {
  ...codec,
  toForm: (f: Fila): FilaFormValues => codec.toForm({ ...f, categoria_ids: f.categorias.map((c) => c.id) }),
  toBody: (v: FilaFormValues): FilaInput => codec.toBody(v),
};
