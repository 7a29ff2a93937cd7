// Page buttons with pt-BR names for a list that is not a DataList (cards, a short table): hidden when one page holds
// everything. DataList uses the same names.
import { Group, Pagination, type PaginationProps } from '@mantine/core';

export const paginationControlLabels: Record<'first' | 'last' | 'previous' | 'next', string> = {
  first: 'Primeira página',
  previous: 'Página anterior',
  next: 'Próxima página',
  last: 'Última página',
};

export function Paginacao({
  total,
  porPagina,
  page,
  onChange,
  size = 'sm',
}: {
  /** How many rows there are in all. */
  total: number;
  porPagina: number;
  page: number;
  onChange: (page: number) => void;
  size?: PaginationProps['size'];
}) {
  const paginas = Math.max(1, Math.ceil(total / porPagina));
  if (total <= porPagina) return null;
  return (
    <Group justify="flex-end">
      <Pagination
        size={size}
        total={paginas}
        value={Math.min(page, paginas)}
        onChange={onChange}
        withEdges={false}
        getControlProps={(control) => ({ 'aria-label': paginationControlLabels[control] })}
      />
    </Group>
  );
}
