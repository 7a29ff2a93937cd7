// What a route answers before its response schema serialises it: timestamps may stay the Dates the database gave,
// and the kit's routes (lib/routes.ts) turn them into ISO strings here, once, instead of each mapper by hand.

/** `T` as a handler may hand it over: every string the schema expects may be a Date (a timestamp). */
export type Dated<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? Dated<U>[]
    : T extends object
      ? { [K in keyof T]: Dated<T[K]> }
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
