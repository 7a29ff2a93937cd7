// The form codec (issue 40): a record's form derived from its shared zod object schema, so a field declared there
// (with its `.meta({ label })`) reaches the form's defaults, record → form, form → API body, validation and labels
// without another edit. The null convention of values.ts holds: a question nobody answered stays null (never
// 'Não'/false) and is left out of the body, unless the codec lists it in `nulls` (sent as null). Only a field whose
// shape really changes gets an override.
import { z } from 'zod';
import { rotuloDe, rotulosDasListas, rotulosDe } from '@saude/shared/rotulos';
import { given } from '@saude/shared/schemas/comum';
import { addFieldIssues } from './values';

type Shape<S extends z.ZodObject> = S['shape'];
type Key<S extends z.ZodObject> = keyof Shape<S> & string;

/** A field's form value: a list stays a list (empty: []); anything else may be null (not answered). */
export type FormValue<T> = [NonNullable<T>] extends [readonly unknown[]] ? NonNullable<T> : NonNullable<T> | null;

/**
 * A field the form holds in another shape (e.g. 'MM/aaaa' for an ISO date, three phone inputs for a list): the form
 * fields F that stand for it, and the mapping both ways.
 */
export interface FieldOverride<V, F extends Record<string, unknown>> {
  /** The form fields of a new record. */
  // Methods, not function properties: their parameters are checked both ways, so a module's own F fits Overrides.
  empty(): F;
  /** The record's value (as the API answers it) → the form fields. */
  toForm(value: V): F;
  /** The form fields → the body's value (undefined: left out). */
  toBody(form: F): unknown;
  /** Labels of the form fields (default: the shared field's label for a field of the same name). */
  labels?: Partial<Record<keyof F & string, string>>;
  /** API issue path under this field → the form field it belongs on (e.g. 'telefones.1' → 'telefone2'). */
  fieldOf?(path: readonly PropertyKey[], form: F): string | undefined;
}

type Overrides<S extends z.ZodObject> = {
  [K in Key<S>]?: FieldOverride<z.output<Shape<S>[K]>, Record<string, unknown>>;
};

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type OverrideFields<O> = UnionToIntersection<
  { [K in keyof O]-?: O[K] extends FieldOverride<never, infer F> ? F : never }[keyof O]
>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The form's values: each shared field as a FormValue, overridden fields replaced by their form fields. */
export type CodecValues<S extends z.ZodObject, O = object> = Simplify<
  { [K in Exclude<Key<S>, keyof O>]: FormValue<z.output<Shape<S>[K]>> } & ([keyof O] extends [never]
    ? unknown
    : OverrideFields<O>)
>;

export interface CodecOptions<S extends z.ZodObject, O extends Overrides<S>> {
  /** Fields whose form shape differs from the body's. */
  fields?: O;
  /** New-record values the shared schema implies without declaring them (e.g. `ativo: true`). */
  defaults?: Partial<CodecValues<S, O>>;
  /** The schema the body is checked by, when it adds cross-field rules to the fields (e.g. `inputBody(...)`). */
  rules?: z.ZodType;
  /** Form-only labels (e.g. a page that says 'Nome completo'); the shared schema's are the default. */
  labels?: Record<string, string>;
  /**
   * Fields whose API body says "not answered" explicitly: an empty one (null, '') goes as null instead of being left
   * out. `true`: every field (a body the API reads whole, e.g. the individual registration).
   */
  nulls?: ReadonlyArray<Key<S>> | true;
}

export interface FormCodec<S extends z.ZodObject, V> {
  /** The shared fields, in the schema's order. */
  keys: ReadonlyArray<Key<S>>;
  /** Field path → visible label, for the summary and the stale-edit toast (every form field has one). */
  labels: Record<keyof V & string, string> & Record<string, string>;
  /** The values of a new record: null, [] for a list, the declared default. */
  empty: () => V;
  /** A loaded record → the form's values; a null stays null. */
  toForm: (record: Readonly<Partial<Record<Key<S>, unknown>>>) => V;
  /** The form's values → the API body: null and '' left out (or null, for the `nulls`), lists and yes/no kept. */
  toBody: (values: V) => z.input<S>;
  /** The API issue path → the form field it is shown on. */
  fieldOf: (path: readonly PropertyKey[], values: V) => Array<string | number>;
  /**
   * The form's zod schema: the fields as they are held, checked by the shared schema on the body `toBody` makes (or
   * the page's own `body`, e.g. with fields it adds), each issue on its form field. `rules`: the schema that checks
   * it, when the page knows more than the codec (e.g. the record's current status); default the codec's `rules`.
   */
  schema: (body?: (values: V) => unknown, rules?: z.ZodType) => z.ZodType<V, V>;
}

/** What a field holds when not given, if the schema fills it (a list: [], the phones: an object of empty numbers). */
function filled(field: z.ZodType): unknown {
  try {
    const r = field.safeParse(undefined);
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

const isList = (field: z.ZodType) => Array.isArray(filled(field));

/** A group of fields held as one (e.g. the phones): an object the schema fills when not given, each part empty. */
function emptyGroup(field: z.ZodType): Record<string, null> | undefined {
  const v = filled(field);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  return Object.fromEntries(Object.keys(v).map((k) => [k, null]));
}

/** The value a field declares for a new record (`.default()`), if any; a transform filling a list (a group) is one. */
function emptyOf(field: z.ZodType): unknown {
  if (field instanceof z.ZodDefault) return field.def.defaultValue;
  return isList(field) ? [] : (emptyGroup(field) ?? null);
}

/** The object inside a group or a list of objects (its parts' labels are the form's 'telefones.celular'). */
function partsOf(field: unknown): z.ZodObject | undefined {
  for (let f = field; f;) {
    if (f instanceof z.ZodObject) return f;
    if (f instanceof z.ZodArray) f = f.element;
    else if (f instanceof z.ZodPipe) f = f.in instanceof z.ZodTransform ? f.out : f.in;
    else if (f instanceof z.ZodOptional || f instanceof z.ZodNullable || f instanceof z.ZodDefault) f = f.unwrap();
    else return undefined;
  }
  return undefined;
}

const firstSegment = (path: readonly PropertyKey[]) => (path.length ? [String(path[0])] : []);

/** The codec of a record's form: see FormCodec. */
export function formCodec<S extends z.ZodObject, O extends Overrides<S> = Record<never, never>>(
  shared: S,
  options: CodecOptions<S, O> = {},
): FormCodec<S, CodecValues<S, O>> {
  type V = CodecValues<S, O>;
  const shape = shared.shape as Record<string, z.ZodType>;
  const keys = Object.keys(shape) as Array<Key<S>>;
  const fields = (options.fields ?? {}) as Record<string, FieldOverride<unknown, Record<string, unknown>> | undefined>;
  const lists = new Set(keys.filter((k) => isList(shape[k]!)));
  const groups = new Map(keys.map((k) => [k, emptyGroup(shape[k]!)] as const).filter(([, g]) => g));
  const nulls = new Set<string>(options.nulls === true ? keys : (options.nulls ?? []));
  const sharedLabels = rotulosDe(shared) as Record<string, string>;

  const labels: Record<string, string> = rotulosDasListas(shared);
  for (const k of keys) {
    const o = fields[k];
    if (!o) {
      labels[k] = sharedLabels[k]!;
      const parts = partsOf(shape[k]);
      for (const [p, f] of Object.entries(parts?.shape ?? {})) {
        const label = rotuloDe(f as z.ZodType);
        if (label) labels[`${k}.${p}`] = label;
      }
    } else {
      for (const f of Object.keys(o.empty())) labels[f] = o.labels?.[f] ?? sharedLabels[f] ?? sharedLabels[k]!;
      // The API's own name too (an issue on 'data_visita' while the form holds its date and hour apart).
      labels[k] ??= sharedLabels[k]!;
    }
  }
  Object.assign(labels, options.labels);

  const empty = (): V => {
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const o = fields[k];
      if (o) Object.assign(out, o.empty());
      else out[k] = emptyOf(shape[k]!);
    }
    return { ...out, ...options.defaults } as V;
  };

  const toForm = (record: Readonly<Partial<Record<Key<S>, unknown>>>): V => {
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const o = fields[k];
      const value = (record as Record<string, unknown>)[k];
      if (o) Object.assign(out, o.toForm(value));
      else out[k] = value ?? (lists.has(k) ? [] : groups.has(k) ? { ...groups.get(k) } : null);
    }
    return out as V;
  };

  const toBody = (values: V): z.input<S> => {
    const v = values as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const o = fields[k];
      const value = o ? o.toBody(pick(v, Object.keys(o.empty()))) : v[k];
      out[k] = given(value) ? value : nulls.has(k) ? null : undefined;
    }
    return out as z.input<S>;
  };

  const fieldOf = (path: readonly PropertyKey[], values: V): Array<string | number> => {
    const o = path.length ? fields[String(path[0])] : undefined;
    if (!o) return firstSegment(path);
    const form = pick(values as Record<string, unknown>, Object.keys(o.empty()));
    const field = o.fieldOf?.(path.slice(1), form) ?? Object.keys(form)[0];
    return field ? [field] : [];
  };

  const holder = z.object(Object.fromEntries(Object.keys(empty() as object).map((k) => [k, z.unknown()])));
  const schema = (body: (values: V) => unknown = toBody, rules: z.ZodType = options.rules ?? shared) =>
    holder.superRefine((values, ctx) => {
      const r = rules.safeParse(body(values as V));
      if (!r.success) addFieldIssues(ctx, r.error.issues, (path) => fieldOf(path, values as V));
    }) as unknown as z.ZodType<V, V>;

  return { keys, labels: labels as FormCodec<S, V>['labels'], empty, toForm, toBody, fieldOf, schema };
}

const pick = (v: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, v[k]])) as Record<string, unknown>;
