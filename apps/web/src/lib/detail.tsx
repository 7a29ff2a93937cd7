// Detail pages (ux.md): the record read-only, in titled sections of label/value pairs.
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormSection } from './form/FormSection';

/** A section of answers: three columns on a desk, two on a tablet, one on a phone. */
export function DetailSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <FormSection title={title} action={action} readOnly>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {children}
      </SimpleGrid>
    </FormSection>
  );
}

export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The way back from a record page (to its list, or where the record was opened from). */
export function BackButton({ to, children = 'Voltar', end }: { to: string; children?: ReactNode; end?: boolean }) {
  return (
    <Group justify={end ? 'flex-end' : 'flex-start'}>
      <Button component={Link} to={to} variant="default" mih={44} leftSection={<IconArrowLeft size={18} aria-hidden />}>
        {children}
      </Button>
    </Group>
  );
}
