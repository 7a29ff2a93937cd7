// THE list binding (issue 13): the URL's page and size, the page's query, its error with a retry, and the table.
// A list page is its filters, its columns and this:
//   const list = useListParams(paramsSchema);
//   const query = useFamilias({ ...list.params });
//   <ListResults list={list} query={query} columns={columns} rowHref={(f) => `${BASE_PATH}/${f.id}/edit`} … />
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../feedback/LoadError';
import { DataList, type DataListProps } from './DataList';
import type { ListParams, SortParams } from './listParams';

export interface ListBinding {
  params: ListParams;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSort: (sort: SortParams) => void;
}

type Presentation<T> = Omit<
  DataListProps<T>,
  'records' | 'total' | 'fetching' | 'page' | 'perPage' | 'onPageChange' | 'onPerPageChange' | 'sort' | 'onSortChange'
>;

export function ListResults<T>({
  list,
  query,
  ...table
}: Presentation<T> & { list: ListBinding; query: UseQueryResult<{ rows: T[]; total: number }> }) {
  return (
    <>
      <LoadError error={query.error} onRetry={() => void query.refetch()} />
      <DataList<T>
        {...table}
        records={query.data?.rows}
        total={query.data?.total}
        fetching={query.isFetching}
        page={list.params.page}
        perPage={list.params.per_page}
        onPageChange={list.setPage}
        onPerPageChange={list.setPerPage}
        sort={list.params}
        onSortChange={list.setSort}
      />
    </>
  );
}

/** The list's "Novo …" link (filled, with +), or its empty state's ("Cadastrar …", light). */
export function NovoButton({ to, children, light }: { to: string; children: ReactNode; light?: boolean }) {
  return (
    <Button
      component={Link}
      to={to}
      variant={light ? 'light' : 'filled'}
      mih={44}
      leftSection={light ? undefined : <IconPlus size={18} aria-hidden />}
    >
      {children}
    </Button>
  );
}
