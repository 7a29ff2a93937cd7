import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Outlet } from 'react-router';
import { msg } from '@saude/shared/messages';
import { useParametrizacao } from '../../lib/parametrizacao';

/** Login layout of spec §2/§9: one centred 400 px panel with the municipal crest. */
export function LoginLayout() {
  const { clienteNome, brasao, parametrizacao } = useParametrizacao();
  return (
    <Center
      component="main"
      mih="100dvh"
      p="md"
      style={{ background: 'linear-gradient(180deg, #009cb0 0, #009cb0 240px, var(--mantine-color-gray-0) 240px)' }}
    >
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={400}>
        <Stack align="center" gap={6} mb="lg">
          <img
            src={brasao}
            alt={clienteNome ? `Brasão de ${clienteNome}` : 'Brasão do município'}
            height={96}
            style={{ height: 96, width: 'auto' }}
          />
          <Title order={1} fz="h3" ta="center">
            {clienteNome || '\u00a0'}
          </Title>
        </Stack>
        {parametrizacao?.demonstracao && (
          // A note, not an alert: it is there from the start, and the form's own errors keep role="alert".
          <Alert
            role="note"
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            mb="md"
            styles={{ message: { color: 'var(--mantine-color-dark-9)', fontWeight: 600 } }}
          >
            {msg.demonstracao}
          </Alert>
        )}
        <Outlet />
        {parametrizacao && (
          <Text c="dimmed" size="xs" ta="center" mt="lg">
            Versão {parametrizacao.versao}
          </Text>
        )}
      </Paper>
    </Center>
  );
}
