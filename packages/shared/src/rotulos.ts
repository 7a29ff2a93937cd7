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

/** The object a list field holds (through optional, nullable, default and transform wrappers), if it holds objects. */
function objetoDaLista(campo: z.ZodType): z.ZodObject | undefined {
  let s: z.ZodType | undefined = campo;
  for (let i = 0; s && i < 8; i++) {
    const def = s.def as { type: string; in?: z.ZodType; innerType?: z.ZodType; element?: z.ZodType };
    if (def.type === 'array') {
      const el = def.element;
      return el?.def.type === 'object' ? (el as z.ZodObject) : undefined;
    }
    s = def.in ?? def.innerType;
  }
  return undefined;
}

/**
 * 'lista.campo' → label for the labelled fields of the objects a list holds ('locais.nome' → 'Nome do local'), so an
 * error on one item of a list is named like any other field.
 */
export function rotulosDasListas(schema: z.ZodObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(schema.shape)) {
    const item = objetoDaLista(v as z.ZodType);
    if (!item) continue;
    for (const [sub, campo] of Object.entries(item.shape)) {
      const rotulo = rotuloDe(campo as z.ZodType);
      if (rotulo) out[`${k}.${sub}`] = rotulo;
    }
  }
  return out;
}

/**
 * A closed set of values declared once with their labels, in order: `valores` for z.enum and the selects, `rotulos`
 * to show one. A value cannot be added without its label, nor listed twice.
 */
export function rotulados<const R extends Record<string, string>>(rotulos: R) {
  type Valor = keyof R & string;
  return {
    valores: Object.keys(rotulos) as readonly Valor[] as readonly [Valor, ...Valor[]],
    rotulos: rotulos as Record<Valor, string>,
  };
}
