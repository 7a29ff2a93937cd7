// List page layout (ux.md): title and "Novo …" on one line, the filter bar, then the table.
import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListPageProps {
  title: string;
  /** The "Novo …" button. */
  action?: ReactNode;
  /** Filter bar: SearchBox first. */
  filters?: ReactNode;
  children: ReactNode;
}

export function ListPage({ title, action, filters, children }: ListPageProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{title}</Title>
        {action}
      </Group>
      {filters && (
        <Group align="flex-end" gap="sm" wrap="wrap" role="search">
          {filters}
        </Group>
      )}
      {children}
    </Stack>
  );
}
