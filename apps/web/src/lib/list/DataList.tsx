// The data table of every list page: server pagination with spec §9's texts, sorting and an empty state.
import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import 'mantine-datatable/styles.css';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { PER_PAGE_OPTIONS, type SortParams } from './listParams';

/** Spec §9: 'Exibindo X a Y de Z registros'. */
export const paginationText = ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
  `Exibindo ${from} a ${to} de ${totalRecords} registros`;
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

export interface DataListProps<T> {
  columns: DataTableColumn<T>[];
  /** The rows of the current page (http.list().rows). */
  records: T[] | undefined;
  /** X-Total-Count (http.list().total). */
  total: number | undefined;
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
  onRowClick?: (record: T) => void;
  idAccessor?: keyof T | string;
  /** Accessible name of the table, e.g. 'Famílias'. */
  ariaLabel?: string;
}

export function DataList<T>({
  columns,
  records,
  total,
  fetching,
  page,
  perPage,
  onPageChange,
  onPerPageChange,
  sort,
  onSortChange,
  emptyText,
  emptyAction,
  onRowClick,
  idAccessor = 'id',
  ariaLabel,
}: DataListProps<T>) {
  const rows = records ?? [];
  // Our own sort headers: the library's carry English screen-reader labels ("Not sorted").
  const shownColumns = columns.map((col) => {
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
      highlightOnHover={Boolean(onRowClick)}
      verticalSpacing="sm"
      minHeight={rows.length === 0 ? 200 : undefined}
      columns={shownColumns}
      records={rows}
      idAccessor={idAccessor as string}
      fetching={fetching}
      loadingText="Carregando…"
      // The table hides the empty state while fetching, so "nothing found" never flashes during a load.
      emptyState={
        <Stack align="center" gap="xs" style={{ pointerEvents: 'auto' }}>
          <Text c="dimmed">{emptyText}</Text>
          {emptyAction && <Box>{emptyAction}</Box>}
        </Stack>
      }
      totalRecords={total ?? 0}
      page={page}
      recordsPerPage={perPage}
      onPageChange={onPageChange}
      recordsPerPageOptions={[...PER_PAGE_OPTIONS]}
      onRecordsPerPageChange={onPerPageChange}
      recordsPerPageLabel={RECORDS_PER_PAGE_LABEL}
      paginationText={paginationText}
      getPaginationControlProps={(control) => ({ 'aria-label': paginationControlLabels[control] })}
      onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
    />
  );
}
