// A record's related rows as a plain table (a professional's assignments, a household's families, a citizen's
// fingerprints): named for screen readers, scrolled sideways under `minWidth`, one header cell and one cell per column.
// The columns are data, as a form's field rows are: the table's markup is written once, here.
import { Table, VisuallyHidden, type TableProps, type TableTdProps } from '@mantine/core';
import type { Key, ReactNode } from 'react';

export interface RowsColumn<T> {
  /** The header; none for the row's buttons (screen readers hear 'Ações'). */
  title?: ReactNode;
  cell: (row: T) => ReactNode;
  /** Left out when false (e.g. the buttons without the permission). */
  when?: boolean;
  /** From which width the column shows (header and cells). */
  visibleFrom?: TableTdProps['visibleFrom'];
  /** The cells' style. */
  style?: TableTdProps['style'];
}

export function RowsTable<T>({
  label,
  rows,
  columns,
  rowKey,
  rowProps,
  minWidth,
  ...table
}: Omit<TableProps, 'children'> & {
  label: string;
  rows: readonly T[];
  columns: RowsColumn<T>[];
  rowKey: (row: T) => Key;
  /** Extra attributes of a row (a test id). */
  rowProps?: Record<string, string>;
  minWidth: number;
}) {
  const shown = columns.filter((c) => c.when !== false);
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...table} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((c, i) => (
              <Table.Th key={i} visibleFrom={c.visibleFrom}>
                {c.title ?? <VisuallyHidden>Ações</VisuallyHidden>}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={rowKey(r)} {...rowProps}>
              {shown.map((c, i) => (
                <Table.Td key={i} visibleFrom={c.visibleFrom} style={c.style}>
                  {c.cell(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
