// The page frame of a record screen (issue 13), made once: the route's id, the record through the module's hook
// (RecordLoader: a skeleton, a refused record back to its list, a failure with a retry), then the module's page. A form
// route without an id is a new record.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { RecordLoader } from './feedback/LoadError';

/** What the page of a loaded record gets. */
export interface RecordPageProps<T> {
  atual: T;
  recarregar: () => void;
}

export interface RecordPageOptions<T> {
  /** The module's hook of one record, e.g. useFamilia. */
  load: (id: string | undefined) => UseQueryResult<T>;
  /** The list, where a record the server will not give goes back to. */
  backTo: string;
  /** The skeleton's accessible name, e.g. 'Carregando família'. */
  label: string;
  /** The route's param. @default 'id' */
  param?: string;
  /** A form: mounted again on each saved version, so it starts from what the server has. */
  remount?: boolean;
}

/** The route's component: `Page` with the loaded record, or `Novo` where the route has no id. */
export function recordPage<T>(
  { load, backTo, label, param = 'id', remount }: RecordPageOptions<T>,
  Page: ComponentType<RecordPageProps<T>>,
  Novo?: ComponentType,
) {
  function Loaded({ id }: { id: string | undefined }) {
    const q = load(id);
    return (
      <RecordLoader query={q} backTo={backTo} label={label}>
        {(r) => (
          <Page
            key={remount ? (r as { lock_version?: number }).lock_version : undefined}
            atual={r}
            recarregar={() => void q.refetch()}
          />
        )}
      </RecordLoader>
    );
  }
  return function RecordPage() {
    const id = useParams()[param];
    return !id && Novo ? <Novo /> : <Loaded id={id} />;
  };
}

/** The body of a save: an edit carries the version it was loaded at (409 when another save came first). */
export const comVersao = <B,>(body: B, atual?: { lock_version: number }): B | (B & { lock_version: number }) =>
  atual ? { ...body, lock_version: atual.lock_version } : body;

/** useRecordForm's `stale` of a loaded record: 'Recarregar' reloads the page's record; the toast says what changed. */
export function staleEdit<T extends { id: string }, V>(
  atual: T | undefined,
  recarregar: (() => void) | undefined,
  latest: (id: string) => Promise<T>,
  toValues: (record: T) => V,
) {
  return atual && { reload: () => recarregar?.(), latest: () => latest(atual.id), toValues };
}
