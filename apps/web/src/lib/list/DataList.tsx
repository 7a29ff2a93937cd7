// The data table of every list page: server pagination with spec §9's texts, sorting and an empty state.
import { Anchor, Box, Group, Stack, Text, UnstyledButton, type MantineTheme } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import 'mantine-datatable/styles.css';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PER_PAGE_OPTIONS, type SortParams } from './listParams';

/** Spec §9: 'Exibindo X a Y de Z registros'. */
export const paginationText = ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
  `Exibindo ${from} a ${to} de ${totalRecords} registros`;
/** The same when the server stopped counting at `totalRecords` (issue 15): 'de mais de 10.000 registros'. */
export const paginationTextLimitado = ({
  from,
  to,
  totalRecords,
}: {
  from: number;
  to: number;
  totalRecords: number;
}) => `Exibindo ${from} a ${to} de mais de ${totalRecords.toLocaleString('pt-BR')} registros`;
export const RECORDS_PER_PAGE_LABEL = 'linhas por página';

const paginationControlLabels: Record<'first' | 'last' | 'previous' | 'next', string> = {
  first: 'Primeira página',
  previous: 'Página anterior',
  next: 'Próxima página',
  last: 'Última página',
};

function SortHeader({
  title,
  state,
  onClick,
}: {
  title: ReactNode;
  state: 'asc' | 'desc' | null;
  onClick: () => void;
}) {
  const Icon = state === 'asc' ? IconSortAscending : state === 'desc' ? IconSortDescending : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={onClick}
      style={{ fontWeight: 'inherit', minHeight: 32 }}
      aria-label={
        typeof title === 'string' && state
          ? `${title}, ordem ${state === 'asc' ? 'crescente' : 'decrescente'}`
          : undefined
      }
    >
      <Group gap={4} wrap="nowrap">
        <span>{title}</span>
        <Icon size={14} aria-hidden style={{ opacity: state ? 1 : 0.4 }} />
      </Group>
    </UnstyledButton>
  );
}

/**
 * A column: `from` shows it only from that breakpoint up (ux.md: lists may use the width on a desk); without `render`
 * a missing value reads '—'.
 */
export type Column<T> = DataTableColumn<T> & { from?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' };

export interface DataListProps<T> {
  columns: Column<T>[];
  /** The rows of the current page (http.list().rows). */
  records: T[] | undefined;
  /** X-Total-Count (http.list().total). */
  total: number | undefined;
  /** The total is a lower bound (http.list().limitado): the text says "mais de". */
  totalLimitado?: boolean;
  /** True while a page loads: the table keeps the old rows under a loader (keepPreviousData). */
  fetching?: boolean;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  /** Current sort from the URL; give onSortChange to make columns with `sortable: true` clickable. */
  sort?: SortParams;
  onSortChange?: (sort: SortParams) => void;
  /** e.g. 'Nenhuma família encontrada.' */
  emptyText: string;
  /** e.g. <Button component={Link} to="new">Cadastrar família</Button> */
  emptyAction?: ReactNode;
  /** Where a row leads: its first cell is a link (Tab reaches it, Enter opens it) and a click anywhere on it opens. */
  rowHref?: (record: T) => string;
  idAccessor?: keyof T | string;
  /** Accessible name of the table, e.g. 'Famílias'. */
  ariaLabel?: string;
}

export function DataList<T>({
  columns,
  records,
  total,
  totalLimitado = false,
  fetching,
  page,
  perPage,
  onPageChange,
  onPerPageChange,
  sort,
  onSortChange,
  emptyText,
  emptyAction,
  rowHref,
  idAccessor = 'id',
  ariaLabel,
}: DataListProps<T>) {
  const navigate = useNavigate();
  const rows = records ?? [];
  const empty = rows.length === 0 && !fetching;
  // Our own sort headers: the library's carry English screen-reader labels ("Not sorted").
  const shownColumns = columns.map(({ from, ...original }, i) => {
    const visibleMediaQuery = from
      ? (t: MantineTheme) => `(min-width: ${t.breakpoints[from]})`
      : original.visibleMediaQuery;
    const col: DataTableColumn<T> = {
      ...original,
      visibleMediaQuery,
      render:
        i === 0 && rowHref
          ? (r, n) => <RowLink to={rowHref(r)}>{cellOf(original, r, n)}</RowLink>
          : (r, n) => cellOf(original, r, n),
    };
    if (!col.sortable || !onSortChange) return { ...col, sortable: false };
    const key = col.sortKey ?? String(col.accessor);
    const state = sort?.sort === key ? (sort.order ?? 'asc') : null;
    return {
      ...col,
      sortable: false,
      title: (
        <SortHeader
          title={col.title ?? String(col.accessor)}
          state={state}
          onClick={() => onSortChange({ sort: key, order: state === 'asc' ? 'desc' : 'asc' })}
        />
      ),
    };
  });
  return (
    <DataTable<T>
      aria-label={ariaLabel}
      withTableBorder
      borderRadius="sm"
      highlightOnHover={Boolean(rowHref)}
      verticalSpacing="sm"
      minHeight={rows.length === 0 ? 200 : undefined}
      columns={shownColumns}
      records={rows}
      idAccessor={idAccessor as string}
      fetching={fetching}
      loadingText="Carregando…"
      // Only when nothing was found: the table keeps its empty state in the page (hidden by style) while rows show,
      // where its button would take the focus and its text be read out (issue 12).
      emptyState={
        empty ? (
          <Stack align="center" gap="xs" style={{ pointerEvents: 'auto' }}>
            <Text c="dimmed">{emptyText}</Text>
            {emptyAction && <Box>{emptyAction}</Box>}
          </Stack>
        ) : (
          <></>
        )
      }
      totalRecords={total ?? 0}
      page={page}
      recordsPerPage={perPage}
      onPageChange={onPageChange}
      recordsPerPageOptions={[...PER_PAGE_OPTIONS]}
      onRecordsPerPageChange={onPerPageChange}
      recordsPerPageLabel={RECORDS_PER_PAGE_LABEL}
      paginationText={totalLimitado ? paginationTextLimitado : paginationText}
      getPaginationControlProps={(control) => ({ 'aria-label': paginationControlLabels[control] })}
      onRowClick={
        rowHref
          ? ({ record, event }) => {
              // The link already went there.
              if (!(event.target as Element).closest('a')) void navigate(rowHref(record));
            }
          : undefined
      }
    />
  );
}

/** What a column shows for a record: its render, or the value ('—' when missing). */
function cellOf<T>(col: DataTableColumn<T>, record: T, index: number): ReactNode {
  if (col.render) return col.render(record, index);
  const value = (record as Record<string, unknown>)[String(col.accessor)];
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} c="inherit" underline="hover" display="block">
      {children}
    </Anchor>
  );
}
