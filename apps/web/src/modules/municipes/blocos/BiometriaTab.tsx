// Tab `biometria` of /municipes/{id}/edit (spec §2): exists only when the system parameter habilita_biometria is on;
// the reader is reached through the local agent the API names (widgets.biometria_agente_url); with no reader
// answering it says 'Falha na comunicação' (spec §8). A capture is stored for the chosen finger (issue 39): the tab
// lists the registered fingers, replaces one after a confirmation and removes one with the spec's confirmation.
import { Alert, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCheck, IconDeviceFloppy, IconFingerprint, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { msg } from '@saude/shared/messages';
import { dedos, nomeDoDedo, type Biometria } from '@saude/shared/schemas/municipe_biometria';
import { usePode } from '../../../lib/access';
import { confirmRemove, ErrorPage, LoadError, LoadingRecord, notifyError, notifySaved } from '../../../lib/feedback';
import { dataHoraBr, minusculaInicial } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { parametrizacaoQuery } from '../../../lib/parametrizacao';
import { useMunicipeTab } from '../context';
import { RowsTable } from '../../../lib/RowsTable';
import { useBiometrias, useGravarBiometria, useRemoverBiometria } from './api';
import { capturarDigital, LeitorIndisponivelError } from './leitorBiometrico';

export function BiometriaTab() {
  const parametrizacao = useQuery(parametrizacaoQuery);
  const podeVer = usePode('municipes/biometrias:show');
  if (parametrizacao.isPending) return <LoadingRecord label="Carregando" />;
  // The tab is hidden when biometrics is off; a typed URL finds no such page.
  if (!parametrizacao.data?.habilita_biometria) return <ErrorPage status={404} />;
  if (!podeVer) return <ErrorPage status={403} />;
  return <Biometrias agenteUrl={parametrizacao.data.widgets.biometria_agente_url} />;
}

/** An alert's title in the text colour: the light variant's green and red titles fail AA contrast (axe). */
const TITULO_LEGIVEL = { title: { color: 'var(--mantine-color-text)' } };

function Falha({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" styles={TITULO_LEGIVEL} icon={<IconAlertTriangle aria-hidden />} title={titulo}>
      {children}
    </Alert>
  );
}

/** The finger asked first: the right index, as e-SUS and most identification systems do, then the others. */
const DEDO_PADRAO = 2;
const opcoesDedo = dedos.map((d) => ({ value: String(d.id), label: d.nome }));

function Biometrias({ agenteUrl }: { agenteUrl: string | null }) {
  const { municipe } = useMunicipeTab();
  const lista = useBiometrias(municipe.id);
  const podeGravar = usePode('municipes/biometrias:update');
  const podeRemover = usePode('municipes/biometrias:destroy');
  const [dedo, setDedo] = useState(DEDO_PADRAO);
  const captura = useMutation({ mutationFn: () => capturarDigital(agenteUrl) });
  const gravar = useGravarBiometria(municipe.id);
  const remover = useRemoverBiometria(municipe.id);
  const nome = municipe.nome_social || municipe.nome;

  if (lista.isPending) return <LoadingRecord label="Carregando digitais" />;
  if (lista.isError) {
    // 404: the citizen is outside the user's care (cuidado.ts), as the health blocks are.
    if (lista.error instanceof ApiError && lista.error.status === 404)
      return (
        <Alert color="gray" variant="light" title="Digitais indisponíveis" maw={720}>
          As digitais deste munícipe ficam disponíveis para a equipe que cuida dele e para a gestão.
        </Alert>
      );
    return <LoadError error={lista.error} onRetry={() => void lista.refetch()} />;
  }
  const cadastradas = lista.data.itens;
  const jaCadastrada = cadastradas.find((b) => b.dedo === dedo);

  const escolher = (v: string | null) => {
    setDedo(Number(v ?? DEDO_PADRAO));
    captura.reset();
    gravar.reset();
  };

  const salvar = () => {
    if (!captura.data) return;
    const body = { dedo, template_base64: captura.data.template, qualidade: captura.data.qualidade };
    const enviar = () =>
      gravar.mutate(body, {
        onSuccess: () => {
          captura.reset();
          notifySaved('Digital');
        },
        onError: (err) => {
          if (!(err instanceof ApiError && err.status === 422)) notifyError(err);
        },
      });
    if (!jaCadastrada) return enviar();
    modals.openConfirmModal({
      title: `Substituir a digital do ${minusculaInicial(nomeDoDedo(dedo))}?`,
      children: (
        <Text size="sm">
          A digital gravada em {dataHoraBr(jaCadastrada.capturada_em)} será trocada pela nova captura.
        </Text>
      ),
      labels: { confirm: 'Sim, substituir', cancel: msg.naoManter },
      onConfirm: enviar,
    });
  };

  const removerDedo = (b: Biometria) =>
    confirmRemove({
      model: `a digital do ${minusculaInicial(nomeDoDedo(b.dedo))}`,
      removed: `Digital do ${minusculaInicial(nomeDoDedo(b.dedo))}`,
      remove: () => remover.mutateAsync(b.dedo),
      onRemoved: () => undefined,
    });

  const erros422 = gravar.error instanceof ApiError && gravar.error.status === 422 ? gravar.error : null;

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby="biometria-titulo"
      maw={720}
    >
      <Stack gap="md">
        <Title order={2} fz="h4" id="biometria-titulo">
          Biometria
        </Title>
        {municipe.data_obito ? (
          <Text size="sm">Munícipe falecido(a): as digitais gravadas podem ser consultadas e removidas.</Text>
        ) : (
          podeGravar && (
            <>
              <Text size="sm">
                Escolha o dedo, peça a {nome} que o apoie no leitor biométrico e clique em “Capturar digital”.
              </Text>
              <Group align="flex-end" gap="sm">
                <Select
                  label="Dedo"
                  data={opcoesDedo.map((o) =>
                    cadastradas.some((b) => String(b.dedo) === o.value)
                      ? { ...o, label: `${o.label} (cadastrada)` }
                      : o,
                  )}
                  value={String(dedo)}
                  onChange={escolher}
                  allowDeselect={false}
                  // Room for the longest name with "(cadastrada)" at 16 px.
                  w={{ base: '100%', xs: 320 }}
                  size="md"
                />
                <Button
                  size="md"
                  mih={44}
                  leftSection={<IconFingerprint size={20} aria-hidden />}
                  loading={captura.isPending}
                  onClick={() => {
                    gravar.reset();
                    captura.mutate();
                  }}
                >
                  Capturar digital
                </Button>
              </Group>
            </>
          )
        )}
        <div role="status" aria-live="polite" style={{ width: '100%' }}>
          {captura.isError && (
            <Falha titulo={msg.falhaComunicacao}>
              {captura.error instanceof LeitorIndisponivelError
                ? 'Nenhum leitor biométrico foi detectado neste computador. Verifique se o leitor está conectado e tente novamente.'
                : msg.erroGenerico}
            </Falha>
          )}
          {captura.isSuccess && (
            <Alert
              color="green"
              variant="light"
              styles={TITULO_LEGIVEL}
              icon={<IconCheck aria-hidden />}
              title="Digital capturada"
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {nomeDoDedo(dedo)} — qualidade da leitura: {captura.data.qualidade}%. Grave para guardar no cadastro
                  ou capture de novo.
                </Text>
                <Button
                  mih={44}
                  leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                  loading={gravar.isPending}
                  onClick={salvar}
                >
                  Gravar digital
                </Button>
              </Stack>
            </Alert>
          )}
          {erros422 && <Falha titulo={erros422.message}>{Object.values(erros422.errors).flat().join(' ')}</Falha>}
        </div>
        <Title order={3} fz="h5">
          Digitais cadastradas
        </Title>
        {cadastradas.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma digital cadastrada.
          </Text>
        ) : (
          <RowsTable
            minWidth={0}
            label="Digitais cadastradas"
            verticalSpacing="xs"
            columns={['Dedo', 'Capturada em', 'Qualidade', { label: 'Por', visibleFrom: 'sm' }]}
            acoes={podeRemover}
          >
            {cadastradas.map((b) => (
              <Table.Tr key={b.dedo}>
                <Table.Td>{nomeDoDedo(b.dedo)}</Table.Td>
                <Table.Td>{dataHoraBr(b.capturada_em)}</Table.Td>
                <Table.Td>{b.qualidade}%</Table.Td>
                <Table.Td visibleFrom="sm">{b.capturada_por_nome ?? '—'}</Table.Td>
                {podeRemover && (
                  <Table.Td>
                    <Button
                      // Red 9 outline, as RemoveButton: the subtle red fails AA contrast (axe).
                      variant="outline"
                      color="red.9"
                      mih={44}
                      leftSection={<IconTrash size={16} aria-hidden />}
                      aria-label={`Remover a digital do ${minusculaInicial(nomeDoDedo(b.dedo))}`}
                      onClick={() => removerDedo(b)}
                    >
                      Remover
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </RowsTable>
        )}
      </Stack>
    </Paper>
  );
}
