import type { z } from 'zod';

// What a route answers before its response schema serialises it: timestamps may stay the Dates the database gave,
// and the kit's routes (lib/routes.ts) turn them into ISO strings here, once, instead of each mapper by hand.

/** The names a timestamp goes by in the answers: `created_at`, `lida_em`, `em`, `data_chegada`, `na_fila_desde`. */
type TimeKey = `${string}_at` | `${string}_em` | 'em' | `data_${string}` | `${string}_desde`;

/**
 * `T` as a handler may hand it over: a timestamp field (by its name, `TimeKey`) may be a Date. Only those: ids and
 * names stay strings, so the record still types the reads and audits built on it.
 */
export type Dated<T> = T extends readonly (infer U)[]
  ? Dated<U>[]
  : T extends object
    ? {
        [K in keyof T]: K extends TimeKey
          ? [Extract<T[K], string>] extends [never]
            ? Dated<T[K]>
            : T[K] | Date
          : Dated<T[K]>;
      }
    : T;

/** The one mapper: every Date in an answer (objects and arrays, at any depth) as its ISO string. */
export function isoDates(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(isoDates);
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = isoDates(x);
    return out;
  }
  return v;
}

/**
 * The fields of `row` that `schema` answers, under the same names: a record's own columns, to spread beside what it
 * computes (joined names, counts). A column added to the shared schema and the table reaches the answer by itself;
 * a column the schema does not name (a hash, a token) never does.
 */
export function fieldsOf<S extends z.ZodObject, R extends object>(
  schema: S,
  row: R,
): Pick<R, Extract<keyof R, keyof S['shape']>> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) if (key in row) out[key] = (row as Record<string, unknown>)[key];
  return out as Pick<R, Extract<keyof R, keyof S['shape']>>;
}
