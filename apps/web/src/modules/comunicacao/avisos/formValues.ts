// The notice form (issue 19), derived from the shared schema (avisoFieldsSchema, checked with avisoIssues: the end not
// before the start; its labels), so the browser answers with the API's messages; the API still decides, and only it
// knows whether the targeting reaches anyone (its 422 on `alvos`).
import { avisoFieldsSchema, avisoInputSchema, type Aviso, type AvisoInput } from '@saude/shared/schemas/aviso';
import { formCodec, type CodecValues } from '../../../lib/form';

type Situacao = { situacao: 'ativo' | 'inativo' };
const fields = {
  situacao: {
    empty: (): Situacao => ({ situacao: 'ativo' }),
    // A deleted notice never reaches the form (the API answers 404 to its edit).
    toForm: (s: string): Situacao => ({ situacao: s === 'inativo' ? 'inativo' : 'ativo' }),
    toBody: (v: Situacao) => v.situacao,
  },
};
const codec = formCodec(avisoFieldsSchema, {
  fields,
  rules: avisoInputSchema,
  defaults: { checar_resposta: false },
});

export type AvisoFormValues = CodecValues<typeof avisoFieldsSchema, typeof fields>;
/** With the API's 422 on the targeting as a whole. */
export const ROTULOS = { ...codec.labels, alvos: 'Destinatários' };
export const avisoFormSchema = codec.schema();
/** A new notice: starts today, aimed at nobody in particular (everyone), active; the responsible is the user (API). */
export const novoAviso = (hoje: string): AvisoFormValues => ({ ...codec.empty(), data_inicial: hoje });
/** A loaded notice as the form holds it. */
export const avisoParaForm = (a: Aviso): AvisoFormValues => codec.toForm(a);
/** Form → API body: empty answers left out (the API stores them null; no responsible means the user). */
export const formParaApi = (v: AvisoFormValues): AvisoInput => codec.toBody(v);
