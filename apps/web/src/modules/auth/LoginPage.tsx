import { Alert, Button, Divider, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoginInput } from '@saude/shared';
import { msg } from '@saude/shared/messages';
import { ApiError } from '../../lib/http';
import { useParametrizacao } from '../../lib/parametrizacao';
import { RETORNO, safeRetorno, ssoAuthorizeUrl, useLogin } from '../../lib/session';

export function LoginPage() {
  useDocumentTitle('Entrar - Saúde Municipal');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const { parametrizacao } = useParametrizacao();
  // Two fields need no form library: only "required" is checked here, keeping zod and react-hook-form out of the
  // first load; the API validates with loginInputSchema and its 422 messages land on the same fields.
  const [values, setValues] = useState<LoginInput>({ login: '', senha: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginInput, string>>>({});
  const set = (field: keyof LoginInput) => (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = {
      login: values.login.trim() === '' ? msg.obrigatorio : undefined,
      senha: values.senha === '' ? msg.obrigatorio : undefined,
    };
    setErrors(missing);
    if (missing.login || missing.senha) return;
    try {
      await login.mutateAsync(values);
      // Spec §4: back to where the user was going; the unit guard sends a user without a unit to choose one.
      await navigate(safeRetorno(params.get(RETORNO)) ?? '/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        setErrors({ login: err.errors.login?.[0], senha: err.errors.senha?.[0] });
      setValues((v) => ({ ...v, senha: '' }));
    }
  };

  const apiError = login.error instanceof ApiError ? login.error : login.error ? null : undefined;
  // A single sign-on that could not start comes back here with its reason (issue 23).
  const ssoErro = params.get('sso_erro');
  const ssoText =
    ssoErro === 'indisponivel'
      ? msg.ssoIndisponivel
      : ssoErro === 'nao_configurado'
        ? msg.ssoNaoConfigurado
        : undefined;
  const errorText = apiError ? apiError.message : apiError === null ? msg.erroGenerico : ssoText;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Entrar">
      <Stack gap="md">
        {errorText && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorText}
          </Alert>
        )}
        <TextInput
          label="Login"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          withAsterisk
          error={errors.login}
          name="login"
          value={values.login}
          onChange={set('login')}
        />
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          withAsterisk
          error={errors.senha}
          name="senha"
          value={values.senha}
          onChange={set('senha')}
        />
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          Entrar
        </Button>
        {parametrizacao?.sso_habilitado && (
          <>
            <Divider label="ou" labelPosition="center" />
            {/* A navigation, not a fetch: our API sends the browser on to the provider (never the code's exchange). */}
            <Button component="a" href={ssoAuthorizeUrl(params.get(RETORNO))} variant="default" fullWidth size="md">
              Entrar com {parametrizacao.sso_nome}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
