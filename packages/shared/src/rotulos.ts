// The field catalogue of a record (issue 40): each field of a shared object schema declares its visible label once,
// with `.meta({ label })` as the last step of the field's chain. The form's labels and error summary, the API audit's
// compared fields and the audit screen's "campo: antes → depois" all read it, so a new field reaches them all.
import type { z } from 'zod';

type Campos<S extends z.ZodObject> = keyof S['shape'] & string;

/** The label a field schema declares (`.meta({ label })`), if any. */
export function rotuloDe(campo: z.ZodType): string | undefined {
  const label = campo.meta()?.label;
  return typeof label === 'string' ? label : undefined;
}

/** Field → label of an object schema; a field without a label is shown by its name with spaces. */
export function rotulosDe<S extends z.ZodObject>(schema: S): Record<Campos<S>, string> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([k, v]) => [k, rotuloDe(v as z.ZodType) ?? k.replace(/_/g, ' ')]),
  ) as Record<Campos<S>, string>;
}

/** Every field of the record's schema: what its audit compares, so no field can be left out of the trail. */
export const camposDe = <S extends z.ZodObject>(schema: S): Array<Campos<S>> =>
  Object.keys(schema.shape) as Array<Campos<S>>;
