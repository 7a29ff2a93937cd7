import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDates } from '../lib/answer';

// The answers are written through the shared response schemas: only the keys a schema names leave (a column added to
// a query, a row read whole, never leaks). Encoding with zod also re-ran every check of those schemas on every answer —
// the input rules, such as a CPF's or a CNS's check digits, on data the API itself read — ≈ 50 µs on a 10–20-row list
// (issue 41). This compiles each response schema once into a projection: objects keep their schema's keys (recursively,
// in the schema's order), arrays, nullable and optional are followed, and plain values pass as they are. What the
// projection does not know — unions, transforms, pipes and codecs, defaults, records, strict or passthrough objects, a
// string check that rewrites the value (trim, lower case) — is encoded by zod as before, that part alone. Under the
// tests every answer is also encoded by zod and the two are compared (`conferir`): a schema the projection would write
// differently fails a test instead of answering. Timestamps may arrive as Dates (lib/answer.ts): JSON writes a Date as
// its ISO string, which is what `isoDates` made of it for zod; zod, where it still writes, gets them through `isoDates`.

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
    const r = z.safeEncode(schema, isoDates(value) as never);
    if (r.error) throw FORA;
    return r.data;
  };

/** A value that leaves as it is: no call per field for it. */
const igual: Projecao = (value) => value;

/**
 * An object's projection as one object literal in the schema's order, made once per schema: V8 then builds every
 * answer's objects with one fixed shape (a loop assigning key by key was most of the projection's time on the visit
 * history's 60 fields). An absent key is written as undefined, which JSON leaves out as zod does. The keys are the
 * schema's, quoted as JSON strings.
 */
function objeto(shape: Record<string, z.ZodType>): Projecao {
  const chaves = Object.keys(shape);
  const projecoes = chaves.map((k) => projecao(shape[k]!));
  const campos = chaves.map((k, i) => {
    const nome = JSON.stringify(k);
    return projecoes[i] === igual ? `${nome}: v[${nome}]` : `${nome}: p[${i}](v[${nome}])`;
  });
  const fazer = new Function(
    'p',
    'FORA',
    `return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw FORA;
    return { ${campos.join(', ')} };
  };`,
  ) as (p: Projecao[], fora: symbol) => Projecao;
  return fazer(projecoes, FORA);
}

function projecao(schema: z.ZodType): Projecao {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (def.catchall) return porZod(schema);
      return objeto(def.shape!);
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
      return porZodInteiro(isoDates(data));
    }
    if (conferir) {
      const deles = porZodInteiro(isoDates(data));
      if (deles !== json)
        throw new Error(`serializer difere do zod (${route.method} ${route.url}):\n${json}\n---\n${deles}`);
    }
    return json;
  };
};
