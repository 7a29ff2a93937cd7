// The data hooks of a record screen's resource (style.md §9), made once: one query-key factory, the list (a page and
// X-Total-Count), one record, save (POST or PUT) and remove. The data of a screen lives at /api/v1 + its route.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { http, type Query } from './http';

/** A read with no parameters (a form's options, a code table): its hook, under its key, fresh for `staleTime` ms. */
export function readOnce<T>(queryKey: QueryKey, url: string, staleTime?: number) {
  return function useReadOnce(enabled = true) {
    return useQuery({
      queryKey,
      queryFn: ({ signal }) => http.get<T>(url, undefined, signal),
      // Left out when not given: the client's default applies, as before.
      ...(staleTime === undefined ? {} : { staleTime }),
      enabled,
    });
  };
}

type Hooks = Record<'keys' | 'get' | 'useList' | 'useOne' | 'useSave' | 'useRemove', unknown>;

/**
 * A resource's hooks under the module's own names, e.g. `as('Familia', 'Familias')`: familiaKeys, getFamilia,
 * useFamilias, useFamilia, useSaveFamilia, and the removal as useDeleteFamilia or useDesativarFamilia (a record
 * that is deactivated, not deleted). Its module picks the ones it exports, in one line.
 */
export type Named<R extends Hooks, One extends string, Many extends string> = R & {
  [K in `${Uncapitalize<One>}Keys`]: R['keys'];
} & { [K in `get${One}`]: R['get'] } & { [K in `use${Many}`]: R['useList'] } & { [K in `use${One}`]: R['useOne'] } & {
  [K in `useSave${One}`]: R['useSave'];
} & { [K in `useDelete${One}` | `useDesativar${One}`]: R['useRemove'] };

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
  const refresh = (qc: ReturnType<typeof useQueryClient>, also: QueryKey[] = []) => {
    void qc.invalidateQueries({ queryKey: [key, 'list'] });
    for (const queryKey of [...related, ...also]) void qc.invalidateQueries({ queryKey });
  };
  /** A write answered with the record: the page reads it at once (new lock_version); lists refetch. */
  const useWrite = <A>(request: (a: A) => Promise<TRecord>, also?: QueryKey[]) => {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: request,
      onSuccess: (saved) => {
        qc.setQueryData(keys.detail(saved.id), saved);
        refresh(qc, also);
      },
    });
  };
  const hooks = {
    /** The screen's route (the list), e.g. '/atencao_primaria/familias'. */
    path,
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
    useSave: (id?: string) =>
      useWrite((body: TBody) => (id ? http.put<TRecord>(`${base}/${id}`, body) : http.post<TRecord>(base, body))),
    /**
     * A record's own action answered with the record (a step, a link): as a save, and `also` (other screens' keys
     * this action alone changes) refetch.
     */
    useAction: useWrite,
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
  return {
    ...hooks,
    /** The hooks under the module's names (Named). */
    as<One extends string, Many extends string>(one: One, many: Many): Named<typeof hooks, One, Many> {
      return {
        ...hooks,
        [`${one.charAt(0).toLowerCase()}${one.slice(1)}Keys`]: keys,
        [`get${one}`]: get,
        [`use${many}`]: hooks.useList,
        [`use${one}`]: hooks.useOne,
        [`useSave${one}`]: hooks.useSave,
        [`useDelete${one}`]: hooks.useRemove,
        [`useDesativar${one}`]: hooks.useRemove,
      } as Named<typeof hooks, One, Many>;
    },
  };
}
