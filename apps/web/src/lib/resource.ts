// The data hooks of a record screen's resource (style.md §9), made once: one query-key factory, the list (a page and
// X-Total-Count), one record, save (POST or PUT) and remove. The data of a screen lives at /api/v1 + its route.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { http, type Query } from './http';

export function resource<TRecord extends { id: string }, TItem, TFilters, TBody>(
  /** The screen's route, e.g. '/atencao_primaria/familias'. */
  path: string,
  /** Other screens' data a save or a removal changes too (their query keys). */
  { related = [] }: { related?: QueryKey[] } = {},
) {
  const base = `/api/v1${path}`;
  const key = path.split('/').at(-1)!;
  const keys = {
    all: [key] as const,
    list: (f: Partial<TFilters>) => [key, 'list', f] as const,
    detail: (id: string) => [key, 'detail', id] as const,
  };
  /** The record as the server has it now, outside the page's cache (e.g. to say what changed on a stale edit). */
  const get = (id: string, signal?: AbortSignal) => http.get<TRecord>(`${base}/${id}`, undefined, signal);
  const refresh = (qc: ReturnType<typeof useQueryClient>) => {
    void qc.invalidateQueries({ queryKey: [key, 'list'] });
    for (const queryKey of related) void qc.invalidateQueries({ queryKey });
  };
  return {
    base,
    keys,
    get,
    useList: (f: Partial<TFilters>, { enabled = true }: { enabled?: boolean } = {}) =>
      useQuery({
        queryKey: keys.list(f),
        queryFn: ({ signal }) => http.list<TItem>(base, f as Query, signal),
        placeholderData: keepPreviousData,
        enabled,
      }),
    useOne: (id: string | undefined) =>
      useQuery({
        queryKey: keys.detail(id ?? ''),
        queryFn: ({ signal }) => get(id!, signal),
        enabled: id !== undefined,
        // A 404 is an answer, not a hiccup: the screen goes back to its list at once.
        retry: false,
      }),
    useSave: (id?: string) => {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: (body: TBody) => (id ? http.put<TRecord>(`${base}/${id}`, body) : http.post<TRecord>(base, body)),
        // The page reads the answer at once (new lock_version); lists refetch.
        onSuccess: (saved) => {
          qc.setQueryData(keys.detail(saved.id), saved);
          refresh(qc);
        },
      });
    },
    useRemove: () => {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => http.delete<void>(`${base}/${id}`),
        onSuccess: (_r, id) => {
          qc.removeQueries({ queryKey: keys.detail(id) });
          refresh(qc);
        },
      });
    },
  };
}
