import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { msg } from '@saude/shared';
import { SELECIONAR_UNIDADE, useUsuario } from '../../lib/session';
import { TrocarSenhaForm } from './TrocarSenhaForm';

/** The built-in account page (architecture: the legacy system's account page is ours). */
export function ContaPage() {
  useDocumentTitle('Minha conta');
  const usuario = useUsuario();
  if (!usuario) return null;
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} fz="h2">
        Minha conta
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} fz="h4" mb="md">
          Dados do usuário
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" style={{ margin: 0 }}>
          <Campo rotulo="Nome" valor={usuario.nome} />
          <Campo rotulo="Login" valor={usuario.login} />
          <Campo rotulo="E-mail" valor={usuario.email ?? 'Não informado'} />
          <Campo rotulo="Perfil" valor={usuario.perfil ?? 'Sem perfil na unidade'} />
          <div>
            <Text component="dt" size="sm" c="dimmed">
              Unidade atual
            </Text>
            <Text component="dd" m={0} fw={600}>
              {usuario.unidade_atual?.nome ?? 'Nenhuma unidade selecionada'}{' '}
              <Anchor component={Link} to={SELECIONAR_UNIDADE} fw={400} size="sm">
                Trocar unidade
              </Anchor>
            </Text>
          </div>
        </SimpleGrid>
      </Paper>
      <TrocarSenha login={usuario.login} />
    </Stack>
  );
}

function Campo({ rotulo, valor }: { rotulo: string; valor: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {rotulo}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {valor}
      </Text>
    </div>
  );
}

function TrocarSenha({ login }: { login: string }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="trocar-senha">
      <Title order={2} fz="h4" mb="md" id="trocar-senha">
        Alterar senha
      </Title>
      <TrocarSenhaForm
        login={login}
        rotuloSenhaAtual="Senha atual"
        rotuloBotao="Alterar senha"
        onDone={() => {
          notifications.show({ color: 'green', title: msg.sucesso, message: 'Senha alterada com sucesso.' });
        }}
      />
    </Paper>
  );
}
