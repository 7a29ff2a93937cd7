// The URL holds a list's state (page, per_page, sort, filters): Back, reload and shared links keep it (style.md §10).
// Parsed by small field readers instead of zod: a list screen does not ship a validation library (issue 15).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PER_PAGE = 10;

/** Reads one search param; a missing or bad value gives the field's default (undefined unless told). */
export type ParamField<T> = (raw: string | undefined) => T;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters' readers: `listParamsSchema.extend({ q: param.text(100), situacao: param.oneOf(['a', 'b'], 'a') })`. */
export const param = {
  /** Trimmed text up to `max` characters. */
  text:
    (max: number): ParamField<string | undefined> =>
    (raw) => {
      const v = raw?.trim();
      return v && v.length <= max ? v : undefined;
    },
  /** Text matching `re` whole, e.g. /^\d{2}$/. */
  match:
    (re: RegExp): ParamField<string | undefined> =>
    (raw) =>
      raw !== undefined && re.test(raw) ? raw : undefined,
  /** A calendar date, 'yyyy-MM-dd'. */
  isoDate: (): ParamField<string | undefined> => (raw) =>
    raw !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined,
  uuid: (): ParamField<string | undefined> => (raw) => (raw !== undefined && UUID_RE.test(raw) ? raw : undefined),
  /** An integer (a code). */
  int: (): ParamField<number | undefined> => (raw) =>
    raw !== undefined && /^-?\d+$/.test(raw) ? Number(raw) : undefined,
  /** One of `values`; `fallback` when missing or another value. */
  oneOf: <const V extends string, D extends V | undefined = undefined>(
    values: readonly V[],
    fallback?: D,
  ): ParamField<V | D> =>
    ((raw: string | undefined) => (values.includes(raw as V) ? raw : fallback)) as ParamField<V | D>,
};

export type Fields = Record<string, ParamField<unknown>>;
type Parsed<F extends Fields> = { [K in keyof F]: ReturnType<F[K]> };

const baseFields = {
  page: (raw: string | undefined) => (raw !== undefined && /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1),
  per_page: (raw: string | undefined) =>
    (PER_PAGE_OPTIONS as readonly number[]).includes(Number(raw)) ? Number(raw) : DEFAULT_PER_PAGE,
  sort: (raw: string | undefined) => (raw ? raw : undefined),
  order: param.oneOf(['asc', 'desc']),
} satisfies Fields;

export type ListParams = Parsed<typeof baseFields>;

/** A list's params: how to read them from the URL, their defaults, and `extend` to add filters. */
export interface ListSchema<P> {
  fields: Fields;
  parse: (values: Record<string, string | string[]>) => P;
  extend: <F extends Fields>(fields: F) => ListSchema<Omit<P, keyof F> & Parsed<F>>;
}

function listSchema<P>(fields: Fields): ListSchema<P> {
  return {
    fields,
    // A repeated key is not a value any of these filters take: its default, as for any bad value.
    parse: (values) =>
      Object.fromEntries(
        Object.entries(fields)
          .map(([k, read]) => [k, read(typeof values[k] === 'string' ? values[k] : undefined)])
          .filter(([, v]) => v !== undefined),
      ) as P,
    extend: <F extends Fields>(more: F) => listSchema<Omit<P, keyof F> & Parsed<F>>({ ...fields, ...more }),
  };
}

/** Base of every list's params; extend it with the filters: listParamsSchema.extend({ q: param.text(100) }). */
export const listParamsSchema: ListSchema<ListParams> = listSchema(baseFields);

type Scalar = string | number | boolean;
export type SearchValue = Scalar | Scalar[] | null | undefined;

/** URLSearchParams → plain object; repeated keys become arrays. */
export function searchToObject(sp: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(sp.keys())) {
    const all = sp.getAll(key);
    out[key] = all.length > 1 ? all : (all[0] ?? '');
  }
  return out;
}

/** Object → URLSearchParams, leaving out empty values so URLs stay short. */
export function objectToSearch(values: Record<string, SearchValue>): URLSearchParams {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((item) => sp.append(k, String(item)));
    else sp.set(k, String(v));
  }
  return sp;
}

/** Parses search params with the schema; a bad value (hand-edited URL) falls back to its default instead of failing. */
export function parseSearch<P>(schema: ListSchema<P>, sp: URLSearchParams): P {
  return schema.parse(searchToObject(sp));
}

export type SortParams = { sort?: string; order?: 'asc' | 'desc' };

/**
 * State of a list page in the URL. `params` is what http.list() takes (page from 1, per_page, sort, order, filters).
 * Changing filters or page size goes back to page 1.
 */
export function useListParams<P extends ListParams>(schema: ListSchema<P>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseSearch(schema, searchParams), [schema, searchParams]);
  const defaults = useMemo(() => schema.parse({}), [schema]);

  const update = useCallback(
    (patch: Record<string, SearchValue>) =>
      setSearchParams((prev) =>
        objectToSearch({ ...(parseSearch(schema, prev) as Record<string, SearchValue>), ...patch }),
      ),
    [schema, setSearchParams],
  );

  return {
    params,
    /** The schema's defaults: a filter equal to its default is not "in use". */
    defaults,
    setPage: useCallback((page: number) => update({ page }), [update]),
    setPerPage: useCallback((per_page: number) => update({ per_page, page: 1 }), [update]),
    setSort: useCallback((s: SortParams) => update({ sort: s.sort, order: s.order, page: 1 }), [update]),
    setFilters: useCallback((filters: Record<string, SearchValue>) => update({ ...filters, page: 1 }), [update]),
    /** A filter field bound to one param: `<FilterText label="Prontuário" {...list.bind('numero_prontuario')} />`. */
    bind: <K extends keyof P & string>(key: K) => ({
      value: params[key],
      onChange: (v: P[K] | undefined) => update({ [key]: v as SearchValue, page: 1 }),
    }),
  };
}

/** How many of `keys` are in use (ListPage's "Filtros" count); a key whose value equals its default is not in use. */
export function filtrosEmUso<T extends Record<string, unknown>>(
  params: T,
  keys: Array<keyof T>,
  padrao: Partial<T> = {},
): number {
  return keys.filter((k) => params[k] !== undefined && params[k] !== '' && params[k] !== padrao[k]).length;
}
