import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate, useSearchParams } from 'react-router';
import { msg } from '@saude/shared/messages';
import { LOGIN, RETORNO, safeRetorno, useLogout, useUsuario } from '../../lib/session';
import { TrocarSenhaForm } from './TrocarSenhaForm';

/**
 * First sign-in with a one-time password (issue 14): the API answers nothing else until it is changed, so the user
 * comes here straight from the sign-in page, and then goes where they were going.
 */
export function NovaSenhaPage() {
  useDocumentTitle('Defina uma nova senha - Saúde Municipal');
  const usuario = useUsuario();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const logout = useLogout();
  if (!usuario) return null;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h4">
          Defina uma nova senha
        </Title>
        <Text size="sm" mt={4}>
          {msg.senhaProvisoria} Digite a senha provisória que você recebeu e escolha uma senha só sua.
        </Text>
      </div>
      <TrocarSenhaForm
        login={usuario.login}
        rotuloSenhaAtual="Senha provisória"
        rotuloBotao="Salvar nova senha"
        onDone={() => navigate(safeRetorno(params.get(RETORNO)) ?? '/', { replace: true })}
      />
      <Button
        variant="subtle"
        onClick={() => void logout().then(() => navigate(LOGIN, { replace: true }))}
        style={{ alignSelf: 'flex-start' }}
      >
        Sair
      </Button>
    </Stack>
  );
}
