import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { trocarSenhaInputSchema, type TrocarSenhaInput } from '@saude/shared';
import { notifyError, notifySuccess } from '../../lib/feedback/notify';
import { ApiError } from '../../lib/http';
import { SELECIONAR_UNIDADE, useTrocarSenha, useUsuario } from '../../lib/session';

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
      <TrocarSenhaForm />
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

const campos = ['senha_atual', 'nova_senha', 'confirmacao'] as const;

function TrocarSenhaForm() {
  const trocar = useTrocarSenha();
  const form = useForm<TrocarSenhaInput>({
    resolver: zodResolver(trocarSenhaInputSchema),
    defaultValues: { senha_atual: '', nova_senha: '', confirmacao: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await trocar.mutateAsync(values);
      form.reset();
      notifySuccess('Senha alterada com sucesso.');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && Object.keys(err.errors).length > 0) {
        for (const campo of campos) {
          const m = err.errors[campo]?.[0];
          if (m) form.setError(campo, { message: m });
        }
      } else if (!(err instanceof ApiError && err.status === 401)) {
        notifyError(err);
      }
    }
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="trocar-senha">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Title order={2} fz="h4" mb="md" id="trocar-senha">
          Alterar senha
        </Title>
        <Stack gap="md" maw={420}>
          <PasswordInput
            label="Senha atual"
            autoComplete="current-password"
            withAsterisk
            error={errors.senha_atual?.message}
            {...form.register('senha_atual')}
          />
          <PasswordInput
            label="Nova senha"
            description="Use pelo menos 8 caracteres."
            autoComplete="new-password"
            withAsterisk
            error={errors.nova_senha?.message}
            {...form.register('nova_senha')}
          />
          <PasswordInput
            label="Confirmação da nova senha"
            autoComplete="new-password"
            withAsterisk
            error={errors.confirmacao?.message}
            {...form.register('confirmacao')}
          />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Alterar senha
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
