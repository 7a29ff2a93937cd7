// The acceptance of the newest terms of use (issue 21): the API answers nothing else until it is accepted, so the
// guard sends the user here right after signing in (after a one-time password is changed), remembering where they
// were going; 'Sair' signs out instead.
import { Alert, Button, Center, Checkbox, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { msg } from '@saude/shared/messages';
import { notifyError } from '../../lib/feedback/notify';
import { dataPorExtenso } from '../../lib/dataPorExtenso';
import { LOGIN, RETORNO, safeRetorno, useLogout } from '../../lib/session';
import { useAceitarTermo, useTermoPendente } from './api';
import { TextoTermo } from './TextoTermo';

export function TermoAceitePage() {
  useDocumentTitle('Termos de uso - Saúde Municipal');
  const termo = useTermoPendente();
  const aceitar = useAceitarTermo();
  const logout = useLogout();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [li, setLi] = useState(false);
  const [faltaMarcar, setFaltaMarcar] = useState(false);

  const enviar = () => {
    if (!termo.data) return;
    if (!li) {
      setFaltaMarcar(true);
      return;
    }
    aceitar.mutate(termo.data.id, {
      onSuccess: () => void navigate(safeRetorno(params.get(RETORNO)) ?? '/', { replace: true }),
      onError: (err) => notifyError(err),
    });
  };

  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={760}>
        <Stack gap="md">
          <div>
            <Title order={1} fz="h3">
              {termo.data?.titulo ?? 'Termos de uso'}
            </Title>
            {termo.data && (
              <Text size="sm" c="dark.5">
                {/* Spec §9's long date: the date a document was published, as on paper (issue 39). */}
                Versão {termo.data.versao}
                {termo.data.publicado_em && `, publicada em ${dataPorExtenso(termo.data.publicado_em)}`}.{' '}
                {msg.termoPendente}
              </Text>
            )}
          </div>
          {termo.isPending && <Text aria-busy="true">Carregando os termos de uso…</Text>}
          {termo.isError && <Alert color="red.9">Não foi possível carregar os termos de uso.</Alert>}
          {termo.data && (
            <ScrollArea.Autosize
              mah="55dvh"
              type="auto"
              offsetScrollbars
              tabIndex={0}
              aria-label="Texto dos termos de uso"
            >
              <TextoTermo html={termo.data.texto} />
            </ScrollArea.Autosize>
          )}
          <Checkbox
            label="Li e aceito os termos de uso"
            checked={li}
            onChange={(e) => {
              setLi(e.currentTarget.checked);
              setFaltaMarcar(false);
            }}
            error={faltaMarcar ? msg.termoAceiteObrigatorio : undefined}
            disabled={!termo.data}
          />
          <Group justify="space-between">
            <Button
              variant="subtle"
              mih={44}
              onClick={() => void logout().then(() => navigate(LOGIN, { replace: true }))}
            >
              Sair
            </Button>
            <Button mih={44} onClick={enviar} loading={aceitar.isPending} disabled={!termo.data}>
              Aceitar
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
