// Save is always visible on long forms: a footer that sticks to the bottom of the viewport (ux.md).
import { Box, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FormActionsProps {
  onCancel?: () => void;
  /** Shows the spinner on Salvar and blocks a second click. */
  submitting?: boolean;
  disabled?: boolean;
  submitLabel?: string;
  cancelLabel?: string;
  /** Extra buttons, shown on the left (e.g. Remover). */
  children?: ReactNode;
}

export function FormActions({
  onCancel,
  submitting,
  disabled,
  submitLabel = 'Salvar',
  cancelLabel = 'Cancelar',
  children,
}: FormActionsProps) {
  return (
    <Box
      pos="sticky"
      bottom={0}
      py="sm"
      mt="md"
      style={{
        zIndex: 10,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">{children}</Group>
        <Group gap="sm" justify="flex-end">
          {onCancel && (
            <Button variant="default" size="md" mih={44} onClick={onCancel} disabled={submitting}>
              {cancelLabel}
            </Button>
          )}
          <Button type="submit" size="md" mih={44} loading={submitting} disabled={disabled}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
