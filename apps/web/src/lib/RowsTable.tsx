// A table of a record's rows inside a page (assignments, fingerprints, families…), made once (issue 40): scrolled
// sideways on a narrow screen, named for screen readers, its header row, and an unnamed-on-screen "Ações" column when
// its rows have buttons.
import { Table, VisuallyHidden, type TableProps, type TableThProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column's header: its text, or its text with the header cell's props (e.g. `visibleFrom: 'sm'`, `ta: 'right'`). */
export type RowsColumn = string | ({ label: string } & Omit<TableThProps, 'children'>);

export function RowsTable({
  label,
  minWidth,
  columns,
  acoes = false,
  children,
  ...table
}: {
  /** The table's accessible name, e.g. 'Lotações do profissional'. */
  label: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  columns: RowsColumn[];
  /** A last column of row buttons, its header read only by screen readers. */
  acoes?: boolean;
  /** The rows (Table.Tr). */
  children: ReactNode;
} & Omit<TableProps, 'children'>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table aria-label={label} {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => {
              const { label: texto, ...th } = typeof c === 'string' ? { label: c } : c;
              return (
                <Table.Th key={texto} {...th}>
                  {texto}
                </Table.Th>
              );
            })}
            {acoes && (
              <Table.Th>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
