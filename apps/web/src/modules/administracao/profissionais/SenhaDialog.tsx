// The one-time password, shown ONCE (issue 22): after a professional is created and after a reset. The manager copies
// it or writes it down and hands it over; the first sign-in with it asks for a new password. Closing loses it: the API
// keeps only its hash.
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';

export const SENHA_DIALOG_TITULO = 'Senha provisória';

export function SenhaConteudo({ login, senha, onClose }: { login: string; senha: string; onClose: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Entregue ao profissional o login e a senha abaixo. No primeiro acesso o sistema pede que ele crie uma senha
        própria.
      </Text>
      <Stack gap={4}>
        <Text size="sm">
          Login: <strong>{login}</strong>
        </Text>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">Senha:</Text>
          <Code fz="lg" data-testid="senha-provisoria" aria-label="Senha provisória">
            {senha}
          </Code>
          <CopyButton value={senha} timeout={3000}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant={copied ? 'filled' : 'default'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? 'Copiada' : 'Copiar senha'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        Esta senha não será mostrada novamente. Se ela se perder, gere outra com &quot;Redefinir senha&quot;.
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Já anotei a senha
        </Button>
      </Group>
    </Stack>
  );
}

/** Opens the dialog (Mantine's modals: it stays open while the page navigates to the saved record). */
export function mostrarSenha(login: string, senha: string) {
  const id = modals.open({
    title: SENHA_DIALOG_TITULO,
    centered: true,
    closeOnClickOutside: false,
    children: <SenhaConteudo login={login} senha={senha} onClose={() => modals.close(id)} />,
  });
}
