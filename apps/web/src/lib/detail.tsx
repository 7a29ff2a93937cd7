// Detail pages (ux.md): the record read-only, in titled sections of label/value pairs.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
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
