// THE list page (issue 13): the URL's state and the page's rows (useList), its error with a retry, the table with
// server pagination, "Novo …" and the empty state. A module's list page is its filters, its columns and this:
//   const list = useList(paramsSchema, useFamilias);
//   <ListPage title="Famílias" path={BASE_PATH} opens="edit" list={list} columns={columns} … />
import { Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { isPermission } from '@saude/shared';
import { pode } from '../access';
import { LinkButton } from '../LinkButton';
import { useUsuario } from '../session';
import { LoadError } from '../feedback/LoadError';
import type { Genero } from '../feedback/notify';
import { DataList, type Column, type DataListProps } from './DataList';
import { ListLayout } from './ListLayout';
import {
  filtrosEmUso,
  useListParams,
  type ListParams,
  type ListSchema,
  type SearchValue,
  type SortParams,
} from './listParams';
import { SearchBox } from './SearchBox';

/** What useListParams gives: the state of a list in the URL. */
export interface ListState {
  params: ListParams & Record<string, unknown>;
  defaults: Record<string, unknown>;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSort: (sort: SortParams) => void;
  setFilters: (filters: Record<string, SearchValue>) => void;
}

type Rows<T> = UseQueryResult<{ rows: T[]; total: number; limitado?: boolean }>;

/**
 * A list page's state: the URL's params and the page of rows `useRows` (the module's list hook) fetches for them,
 * through `toFilters` where the API's filters are not the URL's.
 */
export function useList<P extends ListParams, F, T>(
  schema: ListSchema<P>,
  useRows: (filters: F) => Rows<T>,
  toFilters: (params: P) => F = (params) => params as unknown as F,
) {
  const list = useListParams(schema);
  return { ...list, query: useRows(toFilters(list.params)) };
}

type Table<T> = Pick<DataListProps<T>, 'columns' | 'emptyText' | 'idAccessor'>;

export interface ListPageProps<T> extends Table<T> {
  title: string;
  /** useList(): the URL's state and the rows. */
  list: ListState & { query: Rows<T> };
  /** The screen's route: a row opens `path/{id}/{opens}`, and "Novo …" goes to `path/new`. */
  path?: string;
  /** @default 'detalhes'; '' opens the record's own path, `path/{id}` (e.g. /filas/categorias/{id}). */
  opens?: 'detalhes' | 'edit' | 'show' | '';
  /** Where a row goes when it is not `path/{id}/{opens}` (a worklist line opens a form with its reason). */
  rowHref?: (record: T) => string;
  /** "Novo …" in the header and `vazio` (default the same) when nothing is found; for who may create at `path`. */
  novo?: { label: string; vazio?: string };
  /** Another header action instead of "Novo …". */
  action?: ReactNode;
  /** The search box, bound to the list's `field` and always shown; the other filters fold on small screens. */
  search?: { field: string; label: string; placeholder: string };
  /** The other filters; without `search`, the whole filter bar. */
  filters?: ReactNode;
  /** Between the filter bar and the table, e.g. an advanced search panel. */
  children?: ReactNode;
  /** The table's accessible name. @default title */
  ariaLabel?: string;
}

/**
 * The props a register's list page (administration, tools, categories) shares, from its record's noun and gender:
 * the title, the route (a row opens its form), "Nova equipe", the search box "Buscar equipe" (`busca`: its
 * placeholder) and "Nenhuma equipe encontrada." (issue 40: seven pages wrote them out).
 */
export function cadastroListProps(
  title: string,
  [nome, genero]: readonly [nome: string, genero: Genero],
  path: string,
  busca: string,
  { field = 'texto', opens = 'edit' }: { field?: string; opens?: ListPageProps<never>['opens'] } = {},
) {
  const f = genero === 'f';
  return {
    title,
    path,
    opens,
    emptyText: `${f ? 'Nenhuma' : 'Nenhum'} ${nome} ${f ? 'encontrada' : 'encontrado'}.`,
    novo: { label: `${f ? 'Nova' : 'Novo'} ${nome}` },
    search: { field, label: `Buscar ${nome}`, placeholder: busca },
  };
}

const BASE = ['page', 'per_page', 'sort', 'order'];

export function ListPage<T extends { id: string | number }>({
  title,
  list,
  path = '',
  opens = 'detalhes',
  novo,
  action,
  search,
  filters,
  children,
  ariaLabel = title,
  rowHref,
  ...table
}: ListPageProps<T>) {
  useDocumentTitle(title);
  const usuario = useUsuario();
  const criar = `${path.slice(1)}:create`;
  const podeCriar = novo !== undefined && isPermission(criar) && pode(usuario, criar);
  const { params, query } = list;
  const filtros = Object.keys(params).filter((k) => !BASE.includes(k) && k !== search?.field);
  return (
    <ListLayout
      title={title}
      action={action ?? (podeCriar && <NovoButton to={`${path}/new`}>{novo!.label}</NovoButton>)}
      search={
        search && (
          <SearchBox
            label={search.label}
            placeholder={search.placeholder}
            value={String(params[search.field] ?? '')}
            onSearch={(q) => list.setFilters({ [search.field]: q })}
          />
        )
      }
      filters={filters}
      activeFilters={filtrosEmUso(params, filtros, list.defaults)}
    >
      {children}
      <LoadError error={query.error} onRetry={() => void query.refetch()} />
      <DataList<T>
        {...table}
        ariaLabel={ariaLabel}
        rowHref={rowHref ?? (path ? (r) => `${path}/${r.id}${opens ? `/${opens}` : ''}` : undefined)}
        emptyAction={
          podeCriar && (
            <NovoButton to={`${path}/new`} light>
              {novo!.vazio ?? novo!.label}
            </NovoButton>
          )
        }
        records={query.data?.rows}
        total={query.data?.total}
        totalLimitado={query.data?.limitado}
        fetching={query.isFetching}
        page={params.page}
        perPage={params.per_page}
        onPageChange={list.setPage}
        onPerPageChange={list.setPerPage}
        sort={params}
        onSortChange={list.setSort}
      />
    </ListLayout>
  );
}

function NovoButton({ to, children, light }: { to: string; children: ReactNode; light?: boolean }) {
  return (
    <LinkButton to={to} variant={light ? 'light' : 'filled'} icon={light ? undefined : IconPlus}>
      {children}
    </LinkButton>
  );
}

/** A cell of what the record is: its name (bold), badges beside it, a line under it. */
export function RecordCell({
  title,
  badges,
  subtitle,
  strong = true,
}: {
  title: ReactNode;
  badges?: ReactNode;
  subtitle?: ReactNode;
  strong?: boolean;
}) {
  return (
    <Stack gap={2} align="flex-start">
      <Group gap={6} wrap="wrap">
        <Text fw={strong ? 600 : undefined} size="sm">
          {title}
        </Text>
        {badges}
      </Group>
      {subtitle && (
        <Text size="xs" c="dimmed">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The first column of most lists, what the record is: `accessor`'s value in bold (a link to the record), badges
 * beside it, a line under it.
 */
export function recordColumn<T>(
  accessor: keyof T & string,
  title: string,
  cell: { badges?: (record: T) => ReactNode; subtitle?: (record: T) => ReactNode } = {},
): Column<T> {
  return {
    accessor,
    title,
    render: (r) => (
      <RecordCell title={String(r[accessor] ?? '—')} badges={cell.badges?.(r)} subtitle={cell.subtitle?.(r)} />
    ),
  };
}
