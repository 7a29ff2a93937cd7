import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

// The answers are written through the shared response schemas: only the keys a schema names leave (a column added to
// a query, a row read whole, never leaks). Encoding with zod also re-ran every check of those schemas on every answer —
// the input rules, such as a CPF's or a CNS's check digits, on data the API itself read — ≈ 50 µs on a 10–20-row list
// (issue 41). This compiles each response schema once into a projection: objects keep their schema's keys (recursively,
// in the schema's order), arrays, nullable and optional are followed, and plain values pass as they are. What the
// projection does not know — unions, transforms, pipes and codecs, defaults, records, strict or passthrough objects, a
// string check that rewrites the value (trim, lower case) — is encoded by zod as before, that part alone. Under the
// tests every answer is also encoded by zod and the two are compared (`conferir`): a schema the projection would write
// differently fails a test instead of answering.

type Projecao = (value: unknown) => unknown;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  catchall?: z.ZodType;
  checks?: Array<{ _zod: { def: { check: string } } }>;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values that leave as they are (zod's checks on them are validation only, unless one rewrites the value). */
const SIMPLES = new Set(['string', 'number', 'boolean', 'bigint', 'enum', 'literal', 'null', 'date', 'any', 'unknown']);

/** An answer the projection cannot write (not of its schema's shape): zod writes it, or fails it, as before. */
const FORA = Symbol('fora');

/** The part of an answer the projection does not know, encoded by zod. */
const porZod =
  (schema: z.ZodType): Projecao =>
  (value) => {
    const r = z.safeEncode(schema, value as never);
    if (r.error) throw FORA;
    return r.data;
  };

/** A value that leaves as it is: no call per field for it. */
const igual: Projecao = (value) => value;

function projecao(schema: z.ZodType): Projecao {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (def.catchall) return porZod(schema);
      const chaves = Object.keys(def.shape!);
      const projecoes = chaves.map((k) => projecao(def.shape![k]!));
      const n = chaves.length;
      return (value) => {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) throw FORA;
        const v = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) {
          const k = chaves[i]!;
          if (!(k in v)) continue;
          const p = projecoes[i]!;
          out[k] = p === igual ? v[k] : p(v[k]);
        }
        return out;
      };
    }
    case 'array': {
      const item = projecao(def.element!);
      return (value) => {
        if (!Array.isArray(value)) throw FORA;
        return item === igual ? value : value.map(item);
      };
    }
    case 'nullable': {
      const inner = projecao(def.innerType!);
      return inner === igual ? igual : (value) => (value === null ? null : inner(value));
    }
    case 'optional': {
      const inner = projecao(def.innerType!);
      return inner === igual ? igual : (value) => (value === undefined ? undefined : inner(value));
    }
    default:
      if (SIMPLES.has(def.type) && !def.checks?.some((c) => c._zod.def.check === 'overwrite')) return igual;
      return porZod(schema);
  }
}

/** Under vitest every answer is also encoded by zod, and both must write the same JSON. */
const conferir = Boolean(process.env.VITEST);

/** fastify's serializer compiler: the schema's projection, written as JSON (see above). */
export const serializerCompiler: typeof zodSerializer = (route) => {
  const dado = route.schema as z.ZodType | { properties: z.ZodType };
  const escrever = projecao('_zod' in dado ? dado : dado.properties);
  const porZodInteiro = zodSerializer(route);
  return (data) => {
    let json: string;
    try {
      json = JSON.stringify(escrever(data));
    } catch (e) {
      if (e !== FORA) throw e;
      // Zod's own answer, or its ResponseSerializationError (a 500), exactly as before.
      return porZodInteiro(data);
    }
    if (conferir) {
      const deles = porZodInteiro(data);
      if (deles !== json)
        throw new Error(`serializer difere do zod (${route.method} ${route.url}):\n${json}\n---\n${deles}`);
    }
    return json;
  };
};
