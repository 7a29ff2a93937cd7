// List page layout (ux.md): title and "Novo …" on one line, the filter bar, then the table. On small screens (tablet
// and phone) the search box stays and the other filters fold under "Filtros" (ux.md), open when any is in use.
// ListPage (ListPage.tsx) is this layout bound to a list's URL state and query.
import { Badge, Button, Collapse, Group, Stack, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';

export interface ListLayoutProps {
  title: string;
  /** The "Novo …" button. */
  action?: ReactNode;
  /** The search box, always shown. */
  search?: ReactNode;
  /** The other filters (with `search`: folded under "Filtros" on small screens); without `search`, the whole bar. */
  filters?: ReactNode;
  /** How many of `filters` are in use: shown on the "Filtros" button, and the fold starts open when any is. */
  activeFilters?: number;
  children: ReactNode;
}

export function ListLayout({ title, action, search, filters, activeFilters = 0, children }: ListLayoutProps) {
  const theme = useMantineTheme();
  const pequena = useMediaQuery(`(max-width: ${theme.breakpoints.md})`, false, { getInitialValueInEffect: false });
  const [aberto, setAberto] = useState(activeFilters > 0);
  const id = useId();
  const dobra = search !== undefined && filters !== undefined && pequena;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {action}
      </Group>
      {(search || filters) && (
        <Stack gap="sm" role="search">
          <Group align="flex-end" gap="sm" wrap="wrap">
            {search}
            {dobra && (
              <Button
                variant={aberto ? 'light' : 'default'}
                mih={44}
                leftSection={<IconFilter size={18} aria-hidden />}
                aria-expanded={aberto}
                aria-controls={id}
                onClick={() => setAberto((v) => !v)}
                rightSection={
                  activeFilters > 0 ? (
                    <Badge size="sm" circle aria-label={`${activeFilters} em uso`}>
                      {activeFilters}
                    </Badge>
                  ) : undefined
                }
              >
                Filtros
              </Button>
            )}
            {!dobra && filters}
          </Group>
          {dobra && (
            <Collapse expanded={aberto} id={id}>
              <Group align="flex-end" gap="sm" wrap="wrap">
                {filters}
              </Group>
            </Collapse>
          )}
        </Stack>
      )}
      {children}
    </Stack>
  );
}
