import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SsoCallbackInput } from '@saude/shared';
import { msg } from '@saude/shared/messages';
import { ApiError } from '../../lib/http';
import { LOGIN, safeRetorno, useSsoLogin } from '../../lib/session';

const PARAMS = ['code', 'iss', 'session_state', 'error', 'error_description'] as const;

/**
 * /saude2_oauth (spec §2): where the identity provider sends the browser back (issue 23). The page only passes the
 * answer on to our API, which exchanges the code; then the session starts as after a password, and the guards lead
 * to the unit choice or the terms of use as usual.
 */
export function SsoRetornoPage() {
  useDocumentTitle('Entrando - Saúde Municipal');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sso = useSsoLogin();
  // A code is good once: React's development double effect, or a re-render, must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const input: Omit<SsoCallbackInput, 'dispositivo'> = { state: params.get('state') ?? '' };
    for (const key of PARAMS) {
      const v = params.get(key);
      if (v !== null) input[key] = v;
    }
    // The code leaves the address bar and the history at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    sso.mutate(input, {
      onSuccess: ({ retorno }) => void navigate(safeRetorno(retorno) ?? '/', { replace: true }),
    });
  }, [params, sso, navigate]);

  if (sso.isError) {
    const text = sso.error instanceof ApiError ? sso.error.message : msg.erroGenerico;
    return (
      <Stack gap="md">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          title="Não foi possível entrar"
        >
          {text}
        </Alert>
        <Text ta="center">
          <Anchor component={Link} to={LOGIN} replace>
            Voltar para a entrada
          </Anchor>
        </Text>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="sm" py="lg" role="status">
      <Loader aria-hidden />
      <Text>Entrando com o provedor de identidade…</Text>
    </Stack>
  );
}
