// The data table of every list page: server pagination with spec §9's texts, sorting and an empty state. Mantine's
// Pagination and a plain table, not a data-table library: that one brought a menu, checkboxes, tooltips and the popover
// engine to every list (~45 kB gzip of the 60 kB a list may add, issue 15); a list needs none of them.
import {
  Anchor,
  Box,
  Center,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Stack,
  Text,
  UnstyledButton,
  useMantineTheme,
  type MantineBreakpoint,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import classes from './DataList.module.css';
import { PER_PAGE_OPTIONS, type SortParams } from './listParams';
import { paginationControlLabels } from './Paginacao';

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
 * a missing value reads '—'. `sortable` columns sort by `sortKey` (default: the accessor) when the list can sort.
 */
export interface Column<T> {
  accessor: keyof T | (string & {});
  title?: ReactNode;
  render?: (record: T, index: number) => ReactNode;
  from?: MantineBreakpoint;
  textAlign?: 'left' | 'center' | 'right';
  width?: CSSProperties['width'];
  noWrap?: boolean;
  sortable?: boolean;
  sortKey?: string;
}

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
  idAccessor?: keyof T | (string & {});
  /** Accessible name of the table, e.g. 'Famílias'. */
  ariaLabel?: string;
}

/** Which breakpoints the screen reaches: a column `from` a breakpoint is not rendered below it. */
function useBreakpoints(): Record<MantineBreakpoint, boolean> {
  const { breakpoints } = useMantineTheme();
  const opts = { getInitialValueInEffect: false } as const;
  return {
    xs: useMediaQuery(`(min-width: ${breakpoints.xs})`, false, opts),
    sm: useMediaQuery(`(min-width: ${breakpoints.sm})`, false, opts),
    md: useMediaQuery(`(min-width: ${breakpoints.md})`, false, opts),
    lg: useMediaQuery(`(min-width: ${breakpoints.lg})`, false, opts),
    xl: useMediaQuery(`(min-width: ${breakpoints.xl})`, false, opts),
  };
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
  const perPageId = useId();
  const reached = useBreakpoints();
  const rows = records ?? [];
  const empty = rows.length === 0 && !fetching;
  const shown = columns.filter((c) => !c.from || reached[c.from]);
  const totalRecords = total ?? 0;
  const pages = Math.max(1, Math.ceil(totalRecords / perPage));
  const from = totalRecords === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(totalRecords, (page - 1) * perPage + rows.length);
  const text = totalLimitado ? paginationTextLimitado : paginationText;

  const header = (col: Column<T>) => {
    const title = col.title ?? String(col.accessor);
    if (!col.sortable || !onSortChange) return title;
    const key = col.sortKey ?? String(col.accessor);
    const state = sort?.sort === key ? (sort.order ?? 'asc') : null;
    return (
      <SortHeader
        title={title}
        state={state}
        onClick={() => onSortChange({ sort: key, order: state === 'asc' ? 'desc' : 'asc' })}
      />
    );
  };
  const cellStyle = (col: Column<T>): CSSProperties => ({
    textAlign: col.textAlign,
    width: col.width,
    whiteSpace: col.noWrap ? 'nowrap' : undefined,
  });

  return (
    <Stack gap={0} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
      <Box pos="relative" mih={rows.length === 0 ? 200 : undefined} style={{ overflowX: 'auto' }}>
        <table
          aria-label={ariaLabel}
          aria-busy={fetching}
          className={rowHref ? `${classes.table} ${classes.clickable}` : classes.table}
        >
          <thead>
            <tr>
              {shown.map((col) => (
                <th key={String(col.accessor)} style={cellStyle(col)}>
                  {header(col)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((record, n) => (
              <tr
                key={String((record as Record<string, unknown>)[String(idAccessor)] ?? n)}
                onClick={
                  rowHref
                    ? (event) => {
                        // The link already went there.
                        if (!(event.target as Element).closest('a')) void navigate(rowHref(record));
                      }
                    : undefined
                }
              >
                {shown.map((col, i) => (
                  <td key={String(col.accessor)} style={cellStyle(col)}>
                    {i === 0 && rowHref ? (
                      <RowLink to={rowHref(record)}>{cellOf(col, record, n)}</RowLink>
                    ) : (
                      cellOf(col, record, n)
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {/* Only when nothing was found, so its button is not focusable and its text not read out while rows show
            (issue 12). */}
        {empty && (
          <Center pos="absolute" inset={0} top={40}>
            <Stack align="center" gap="xs">
              <Text c="dimmed">{emptyText}</Text>
              {emptyAction && <Box>{emptyAction}</Box>}
            </Stack>
          </Center>
        )}
        {fetching && (
          <Center pos="absolute" inset={0} bg="rgba(255, 255, 255, 0.6)">
            <Loader role="status" aria-label="Carregando…" />
          </Center>
        )}
      </Box>
      <Group
        justify="space-between"
        gap="sm"
        px="sm"
        py="xs"
        wrap="wrap"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text size="sm">{totalRecords > 0 ? text({ from, to, totalRecords }) : ''}</Text>
        <Group gap="sm" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <Text component="label" htmlFor={perPageId} size="sm">
              {RECORDS_PER_PAGE_LABEL}
            </Text>
            <NativeSelect
              id={perPageId}
              size="xs"
              data={PER_PAGE_OPTIONS.map(String)}
              value={String(perPage)}
              onChange={(e) => onPerPageChange(Number(e.currentTarget.value))}
            />
          </Group>
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            withEdges={false}
            getControlProps={(control) => ({ 'aria-label': paginationControlLabels[control] })}
          />
        </Group>
      </Group>
    </Stack>
  );
}

/** What a column shows for a record: its render, or the value ('—' when missing). */
function cellOf<T>(col: Column<T>, record: T, index: number): ReactNode {
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
