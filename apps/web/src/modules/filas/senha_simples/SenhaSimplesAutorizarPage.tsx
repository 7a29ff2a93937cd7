import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import type { Usuario } from '@saude/shared';
import {
  SENHA_SIMPLES_SOURCE,
  type AuthApplication,
  type SenhaSimplesMessage,
  type SenhaSimplesToken,
} from '@saude/shared/schemas/senha_simples';
import { useEffect, useState } from 'react';
import { useLoaderData, useSearchParams } from 'react-router';
import { ApiError, http } from '../../../lib/http';
import { mensagemDoErro } from './useSenhaSimples';

// The SenhaSimples popup (issue 17, spec §4, 600×700): checks that the callback is registered, asks the signed-in
// professional to authorise, and posts { source, token } — or { source, error } — to the registered origin only.

const origemDe = (uri: string): string | null => {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
};

/** Posts to the opener at `origem` (never '*') and closes the window. */
function responder(origem: string | null, mensagem: SenhaSimplesMessage) {
  if (origem && window.opener) (window.opener as Window).postMessage(mensagem, origem);
  window.close();
}

const statusDe = (err: unknown) => (err instanceof ApiError && err.status > 0 ? err.status : 500);

export function SenhaSimplesAutorizarPage() {
  const usuario = useLoaderData() as Usuario;
  const [params] = useSearchParams();
  const uri = params.get('uri') ?? '';
  const [aplicacao, setAplicacao] = useState<AuthApplication | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const semOpener = !window.opener;

  useEffect(() => {
    document.title = 'Autorizar SenhaSimples';
    if (semOpener) return;
    const falhar = (status: number) => {
      setErro(mensagemDoErro(status));
      responder(origemDe(uri), { source: SENHA_SIMPLES_SOURCE, error: status });
    };
    if (!usuario.unidade_atual) {
      falhar(404);
      return;
    }
    http
      .get<AuthApplication>('/api/v1/ferramentas/auth_applications', { uri })
      .then(setAplicacao)
      .catch((err: unknown) => falhar(statusDe(err)));
  }, [uri, semOpener, usuario.unidade_atual]);

  const autorizar = async () => {
    if (!aplicacao) return;
    setEnviando(true);
    const origem = origemDe(aplicacao.uri);
    try {
      const { token } = await http.post<SenhaSimplesToken>('/api/v1/filas/senha_simples/token', { uri: aplicacao.uri });
      responder(origem, { source: SENHA_SIMPLES_SOURCE, token });
    } catch (err) {
      setEnviando(false);
      setErro(mensagemDoErro(statusDe(err)));
      responder(origem, { source: SENHA_SIMPLES_SOURCE, error: statusDe(err) });
    }
  };
  const recusar = () =>
    responder(aplicacao ? origemDe(aplicacao.uri) : null, { source: SENHA_SIMPLES_SOURCE, error: 401 });

  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={520}>
        <Stack gap="md">
          <Group gap="sm">
            <IconTicket size={32} aria-hidden color="var(--mantine-color-saude-7)" />
            <Title order={1} fz="h3">
              SenhaSimples
            </Title>
          </Group>
          {semOpener ? (
            <Alert color="yellow">
              Esta janela é aberta pela tela de chamada de senhas. Feche-a e use o botão de lá.
            </Alert>
          ) : erro ? (
            <Alert color="red" role="alert">
              {erro}
            </Alert>
          ) : !aplicacao ? (
            <Loader role="status" aria-label="Verificando a aplicação" />
          ) : (
            <>
              <Text fz="lg">
                Autorizar o acesso do {aplicacao.nome} às senhas da unidade{' '}
                <strong>{usuario.unidade_atual?.nome}</strong>?
              </Text>
              <Text size="sm" c="dimmed">
                {usuario.nome} · o acesso vale somente para as filas e senhas, por até 12 horas.
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={recusar} disabled={enviando}>
                  Cancelar
                </Button>
                <Button onClick={() => void autorizar()} loading={enviando}>
                  Autorizar
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
