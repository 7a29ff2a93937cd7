import type { z } from 'zod';

// What a route answers before its response schema serialises it: timestamps may stay the Dates the database gave,
// and they leave as ISO strings, once, instead of each mapper by hand: JSON writes a Date so, and where zod writes an
// answer (http/serializer.ts) `isoDates` turns them first.

/**
 * The timestamps whose name says so by no suffix: the rest end in `_at` or `_em` (or are an event's `em`). A list, not
 * `data_*` or `*_desde`: those also name dates without a time (`data_nascimento`, `data_inicial`, `reside_desde`),
 * which the drivers hand over as text and no answer may turn into a timestamp.
 */
const TIMESTAMPS_BY_NAME = ['data_cadastro', 'data_chegada', 'data_ficha', 'data_visita', 'na_fila_desde'] as const;

/** The names a timestamp goes by in the answers: `created_at`, `lida_em`, `em`, `data_chegada`, `na_fila_desde`. */
type TimeKey = `${string}_at` | `${string}_em` | 'em' | (typeof TIMESTAMPS_BY_NAME)[number];

/** Whether a field by this name is a timestamp in the answers (the runtime twin of `TimeKey`, for the schema test). */
export const isTimeKey = (name: string): boolean =>
  name === 'em' ||
  name.endsWith('_at') ||
  name.endsWith('_em') ||
  (TIMESTAMPS_BY_NAME as readonly string[]).includes(name);

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

/**
 * The one mapper: every Date in an answer (objects and arrays, at any depth) as its ISO string. By the value's type:
 * only timestamps are Dates, since every date column reads as text (`date({ mode: 'string' })`, checked in
 * answer.test.ts). What holds no Date is answered as it is, not copied (issue 41: copying every row and field of
 * every answer was a good part of a list's CPU and garbage); what does is copied, never changed in place.
 */
export function isoDates(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (x === null || typeof x !== 'object') continue;
      const y = isoDates(x);
      if (y !== x) (out ??= v.slice())[i] = y;
    }
    return out ?? v;
  }
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const o = v as Record<string, unknown>;
    let out: Record<string, unknown> | null = null;
    // A plain object inherits nothing enumerable: for-in walks its own fields, without an array of them.
    for (const k in o) {
      const x = o[k];
      if (x === null || typeof x !== 'object') continue;
      const y = isoDates(x);
      if (y !== x) (out ??= { ...o })[k] = y;
    }
    return out ?? v;
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
