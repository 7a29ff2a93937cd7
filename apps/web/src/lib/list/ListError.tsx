// The error a list shows when its page could not be loaded: the API's message (or the generic one) and a retry.
import { Alert, Button, Group, Text } from '@mantine/core';
import { msg } from '@saude/shared';
import { ApiError } from '../http';

export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={msg.algoDeuErrado}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{error instanceof ApiError ? error.message : msg.erroGenerico}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Group>
    </Alert>
  );
}
