// The URL holds a list's state (page, per_page, sort, filters): Back, reload and shared links keep it (style.md §10).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

export const PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PER_PAGE = 10;

/** Base of every list's params schema; extend it with the filters: listParamsSchema.extend({ q: z.string().optional() }). */
export const listParamsSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (PER_PAGE_OPTIONS as readonly number[]).includes(n))
    .default(DEFAULT_PER_PAGE),
  sort: z.string().min(1).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type ListParams = z.infer<typeof listParamsSchema>;

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
export function parseSearch<S extends z.ZodType>(schema: S, sp: URLSearchParams): z.output<S> {
  const raw: Record<string, unknown> = searchToObject(sp);
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && key in raw) delete raw[key];
      else return schema.parse({});
    }
  }
  return schema.parse({});
}

export type SortParams = { sort?: string; order?: 'asc' | 'desc' };

/**
 * State of a list page in the URL. `params` is what http.list() takes (page from 1, per_page, sort, order, filters).
 * Changing filters or page size goes back to page 1.
 */
export function useListParams<S extends z.ZodType<ListParams & Record<string, unknown>>>(schema: S) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseSearch(schema, searchParams), [schema, searchParams]);
  const defaults = useMemo(() => schema.parse({}) as z.output<S>, [schema]);

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
