// A screen (or a list) whose data could not be loaded: the API's message, or the generic one, and a retry (ux.md).
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { msg } from '@saude/shared';
import { ApiError } from '../http';
import { useLoadErrorNotice } from './useLoadErrorNotice';

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={msg.algoDeuErrado}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{error instanceof ApiError && error.message ? error.message : msg.erroGenerico}</Text>
        <Button variant="light" mih={44} onClick={onRetry}>
          Tentar novamente
        </Button>
      </Group>
    </Alert>
  );
}

/** Where a record will be (ux.md: a skeleton, not a spinner). */
export function LoadingRecord({ label }: { label: string }) {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={label}>
      <Skeleton h={88} radius="md" />
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}

/**
 * A record screen's load: the skeleton while it loads, then the page. A record the server will not give (absent,
 * outside the user's scope, a malformed id) says why once (404: 'Cadastro não encontrado') and the screen goes back to
 * its list; a failure of the network or of the server offers to try again where the record would be.
 */
export function RecordLoader<T>({
  query,
  backTo,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  backTo: string;
  label: string;
  children: (record: T) => ReactNode;
}) {
  const recusado = query.isError && !(query.error instanceof ApiError && query.error.code === 'erro_interno');
  useLoadErrorNotice(recusado ? query.error : null);
  if (recusado) return <Navigate to={backTo} replace />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <LoadingRecord label={label} />;
  return children(query.data);
}
