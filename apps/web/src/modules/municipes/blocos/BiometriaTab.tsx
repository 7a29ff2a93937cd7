// Tab `biometria` of /municipes/{id}/edit (spec §2): exists only when the system parameter habilita_biometria is on;
// the reader is reached through the local agent the API names (widgets.biometria_agente_url); with no reader
// answering it says 'Falha na comunicação' (spec §8).
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconFingerprint } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { msg } from '@saude/shared/messages';
import { ErrorPage, LoadingRecord } from '../../../lib/feedback';
import { parametrizacaoQuery } from '../../../lib/parametrizacao';
import { useMunicipeTab } from '../context';
import { capturarDigital, LeitorIndisponivelError } from './leitorBiometrico';

export function BiometriaTab() {
  const parametrizacao = useQuery(parametrizacaoQuery);
  if (parametrizacao.isPending) return <LoadingRecord label="Carregando" />;
  // The tab is hidden when biometrics is off; a typed URL finds no such page.
  if (!parametrizacao.data?.habilita_biometria) return <ErrorPage status={404} />;
  return <Captura agenteUrl={parametrizacao.data.widgets.biometria_agente_url} />;
}

function Captura({ agenteUrl }: { agenteUrl: string | null }) {
  const { municipe } = useMunicipeTab();
  const captura = useMutation({ mutationFn: () => capturarDigital(agenteUrl) });
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby="biometria-titulo"
      maw={720}
    >
      <Stack gap="md" align="flex-start">
        <Title order={3} fz="h4" id="biometria-titulo">
          Biometria
        </Title>
        <Text size="sm">
          Peça a {municipe.nome_social || municipe.nome} que apoie o dedo no leitor biométrico e clique em “Capturar
          digital”.
        </Text>
        <Button
          size="md"
          mih={44}
          leftSection={<IconFingerprint size={20} aria-hidden />}
          loading={captura.isPending}
          onClick={() => captura.mutate()}
        >
          Capturar digital
        </Button>
        <div role="status" aria-live="polite" style={{ width: '100%' }}>
          {captura.isError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={msg.falhaComunicacao}>
              {captura.error instanceof LeitorIndisponivelError
                ? 'Nenhum leitor biométrico foi detectado neste computador. Verifique se o leitor está conectado e tente novamente.'
                : msg.erroGenerico}
            </Alert>
          )}
          {captura.isSuccess && (
            <Alert color="green" variant="light" icon={<IconCheck aria-hidden />} title="Digital capturada">
              Qualidade da leitura: {captura.data.qualidade}%.
            </Alert>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
