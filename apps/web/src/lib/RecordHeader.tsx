// The card on top of a record page (ux.md detail header): which record this is as the page's title, badges beside it,
// lines under it, and the page's actions on the right (under it on a phone).
import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function RecordHeader({
  title,
  badges,
  actions,
  children,
}: {
  title: ReactNode;
  badges?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {badges}
          </Group>
          {children}
        </Stack>
        {actions}
      </Group>
    </Card>
  );
}
