import { Alert, Badge, Button, Group } from '@mantine/core';
import { IconPlugConnected, IconTicket } from '@tabler/icons-react';
import type { SenhaSimples } from './useSenhaSimples';

/** The desk's SenhaSimples button: connect (opens the popup), connected (and disconnect), or why it failed. */
export function ConectarSenhaSimples({ senhaSimples }: { senhaSimples: SenhaSimples }) {
  const { estado, conectar, desconectar } = senhaSimples;
  if (estado.situacao === 'conectado')
    return (
      <Group gap="sm">
        <Badge color="teal.9" size="lg" leftSection={<IconPlugConnected size={14} aria-hidden />}>
          SenhaSimples conectado
        </Badge>
        <Button variant="subtle" size="compact-sm" onClick={desconectar}>
          Desconectar
        </Button>
      </Group>
    );
  return (
    <Group gap="sm" align="center">
      <Button
        leftSection={<IconTicket size={18} aria-hidden />}
        loading={estado.situacao === 'aguardando'}
        onClick={conectar}
      >
        Conectar ao SenhaSimples
      </Button>
      {estado.situacao === 'erro' && (
        <Alert color="red" variant="light" py={6} role="alert">
          {estado.mensagem}
        </Alert>
      )}
    </Group>
  );
}
