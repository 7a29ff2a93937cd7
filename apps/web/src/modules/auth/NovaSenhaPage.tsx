import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import { msg } from '@saude/shared/messages';
import { LOGIN } from '../../app/guards';
import { queryClient } from '../../app/queryClient';
import { RETORNO, safeRetorno } from '../../app/returnPath';
import { tokenStore } from '../../lib/http';
import { meQuery, useLogout, useUsuario } from './api';
import { TrocarSenhaForm } from './TrocarSenhaForm';

/** Only a session whose password is a one-time one stays here; anyone else goes on (or signs in). */
export async function novaSenhaLoader() {
  if (!tokenStore.get()) throw redirect(LOGIN);
  try {
    const usuario = await queryClient.ensureQueryData(meQuery);
    if (!usuario.senha_provisoria) throw redirect('/');
  } catch (err) {
    if (err instanceof Response) throw err;
    tokenStore.clear();
    throw redirect(LOGIN);
  }
  return null;
}

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
