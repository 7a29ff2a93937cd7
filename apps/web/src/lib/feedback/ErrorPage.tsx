import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { msgBase as msg } from '@saude/shared/mensagens_base';

const messages = { 403: msg.status403, 404: msg.status404, 500: msg.status500 } as const;
export type ErrorStatus = keyof typeof messages;

/** Spec §2/§8: the message for the status code, and a way back home. */
export function ErrorPage({ status }: { status: ErrorStatus }) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center" data-testid={`erro-${status}`}>
        <Text fz={64} fw={700} c="cyan.8" lh={1} aria-hidden>
          {status}
        </Text>
        <Title order={1} fz="h3">
          {messages[status]}
        </Title>
        <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />} size="md">
          Voltar ao início
        </Button>
      </Stack>
    </Center>
  );
}

export const NotFoundPage = () => <ErrorPage status={404} />;
