import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { msg, senhaMinima, trocarSenhaInputSchema, type TrocarSenhaInput } from '@saude/shared';
import { ApiError } from '../../lib/http';
import { useTrocarSenha } from '../../lib/session';

const campos = ['senha_atual', 'nova_senha', 'confirmacao'] as const;
const DICA_NOVA_SENHA = `Pelo menos ${senhaMinima} caracteres; uma frase serve. Senhas muito comuns e o seu login não são aceitos.`;

type Props = {
  /** The login, for password managers (a hidden username field beside a new password). */
  login: string;
  rotuloSenhaAtual: string;
  rotuloBotao: string;
  onDone: () => void | Promise<void>;
};

/** Current password, new password and confirmation; the API's rules (common passwords, the login) land on the fields. */
export function TrocarSenhaForm({ login, rotuloSenhaAtual, rotuloBotao, onDone }: Props) {
  const trocar = useTrocarSenha();
  const [falha, setFalha] = useState<string | null>(null);
  const form = useForm<TrocarSenhaInput>({
    resolver: zodResolver(trocarSenhaInputSchema),
    defaultValues: { senha_atual: '', nova_senha: '', confirmacao: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const senhas: Array<[(typeof campos)[number], string, string, string?]> = [
    ['senha_atual', rotuloSenhaAtual, 'current-password'],
    ['nova_senha', 'Nova senha', 'new-password', DICA_NOVA_SENHA],
    ['confirmacao', 'Confirmação da nova senha', 'new-password'],
  ];
  const onSubmit = form.handleSubmit(async (values) => {
    setFalha(null);
    try {
      await trocar.mutateAsync(values);
      form.reset();
      await onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && Object.keys(err.errors).length > 0) {
        for (const campo of campos) {
          const m = err.errors[campo]?.join('; ');
          if (m) form.setError(campo, { message: m });
        }
      } else if (!(err instanceof ApiError && err.status === 401)) {
        // 429 says how long to wait; anything else is the generic text.
        setFalha(err instanceof ApiError ? err.message : msg.erroGenerico);
      }
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md" maw={420}>
        {falha && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {falha}
          </Alert>
        )}
        <input type="text" name="username" autoComplete="username" value={login} readOnly hidden />
        {senhas.map(([campo, label, autoComplete, description]) => (
          <PasswordInput
            key={campo}
            label={label}
            description={description}
            autoComplete={autoComplete}
            withAsterisk
            error={errors[campo]?.message}
            {...form.register(campo)}
          />
        ))}
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {rotuloBotao}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
