// A page's h1 with its badges beside it and the page's actions on the right (wrapping under it on a phone): the
// heading row five record pages wrote by hand (issue 40).
import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeading({ title, badges, actions }: { title: ReactNode; badges?: ReactNode; actions?: ReactNode }) {
  return (
    <Group gap="sm" wrap="wrap" justify="space-between">
      <Group gap="sm">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {badges}
      </Group>
      {actions}
    </Group>
  );
}
