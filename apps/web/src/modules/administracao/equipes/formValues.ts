// The team form (issue 22), derived from the shared schema (equipeFieldsSchema: its fields, rules and labels), so the
// browser answers with the API's messages; only the API knows whether the INE is in use or an assignment still has a
// micro-area removed.
import { equipeFieldsSchema } from '@saude/shared/schemas/administracao_equipes';
import { formCodec, type CodecValues } from '../../../lib/form';

export const equipeCodec = formCodec(equipeFieldsSchema, { defaults: { ativo: true } });

export type EquipeFormValues = CodecValues<typeof equipeFieldsSchema>;
export const ROTULOS = equipeCodec.labels;

/** '1' typed alone is micro-area 01; the rest as typed (the schema names what is wrong). */
export const normalizarMicroArea = (v: string) => {
  const t = v.trim();
  return /^\d$/.test(t) ? `0${t}` : t;
};
