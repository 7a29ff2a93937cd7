// Issue 25: what the device holds for the agent — each queued record with its state, the refresh of the working set
// ("atualizado há N min"), the sign-in the queue waits for after a 401, and the storage quota.
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { msg } from '@saude/shared';
import type { VisitaDomiciliarInput } from '@saude/shared/schemas/visita_domiciliar';
import { dataBr, horaBr } from '../../../../lib/format';
import { useOnline } from '../../../../lib/network';
import { LinkButton } from '../../../../lib/LinkButton';
import { LOGIN, withRetorno } from '../../../../lib/session';
import { desfechoNome } from '../comum';
import { atualizarConjunto, useAtualizadoEm } from './conjunto';
import type { ItemFila } from './db';
import { dispensar, enviarFila, ESTADO_ROTULO, useFila, usePrecisaEntrar } from './fila';
import { useSincronizacao } from './useSincronizacao';

const COR: Record<ItemFila['estado'], string> = {
  aguardando: 'yellow',
  enviando: 'blue',
  enviado: 'green',
  recusado: 'red',
};
/** Sent records shown at most (the newest); the others are counted. */
const ENVIADOS_VISIVEIS = 10;
/** A refresh older than this is redone when a visit screen opens online. */
const ATUALIZAR_APOS_MS = 15 * 60_000;
/** Warn when the browser's storage is this full (navigator.storage.estimate). */
const QUOTA_ALERTA = 0.8;

export function EstadoBadge({ estado }: { estado: ItemFila['estado'] }) {
  return (
    <Badge color={COR[estado]} variant={estado === 'recusado' ? 'filled' : 'light'}>
      {ESTADO_ROTULO[estado]}
    </Badge>
  );
}

/** One record made on the device, as a card of the history (or of the device's list). */
export function ItemFilaCard({ item }: { item: ItemFila }) {
  const corpo = item.corpo as Partial<VisitaDomiciliarInput>;
  const quando =
    item.tipo === 'visita' && corpo.data_visita ? corpo.data_visita : new Date(item.criado_em).toISOString();
  const titulo =
    item.tipo === 'cancelamento'
      ? `Cancelamento de visita · ${item.descricao}`
      : `${item.descricao}${corpo.desfecho_id ? ` · ${desfechoNome(Number(corpo.desfecho_id))}` : ''}`;
  return (
    <Card component="li" withBorder radius="md" p="md" aria-label={`${titulo}: ${ESTADO_ROTULO[item.estado]}`}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 240px' }}>
          <Text fw={600}>
            {dataBr(quando)} às {horaBr(quando)}
          </Text>
          <Text size="sm">{titulo}</Text>
          {item.estado === 'recusado' && item.motivo && (
            <Text size="sm" c="red.8">
              Motivo: {item.motivo}
            </Text>
          )}
          {item.estado === 'aguardando' && item.tentativas > 0 && (
            <Text size="xs" c="dimmed">
              {item.tentativas} tentativa(s) sem resposta do servidor
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <EstadoBadge estado={item.estado} />
          {(item.estado === 'recusado' || item.estado === 'enviado') && (
            <Button size="xs" variant="subtle" mih={36} onClick={() => void dispensar(item.chave)}>
              Dispensar
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

function tempoDesde(t: number, agora: number): string {
  const min = Math.floor((agora - t) / 60_000);
  if (min < 1) return 'agora há pouco';
  if (min < 60) return `há ${min} min`;
  const h = Math.floor(min / 60);
  return h < 24 ? `há ${h} h` : `em ${dataBr(new Date(t).toISOString())}`;
}

function useAgora(intervalo = 30_000): number {
  const [agora, setAgora] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setAgora(Date.now()), intervalo);
    return () => clearInterval(id);
  }, [intervalo]);
  return agora;
}

/** Asks the browser to keep this site's storage (not evicted under pressure) and says when the quota is near. */
function useArmazenamento(): boolean {
  const [quaseCheio, setQuaseCheio] = useState(false);
  useEffect(() => {
    const storage = navigator.storage as StorageManager | undefined;
    if (!storage) return;
    void storage
      .persisted?.()
      .then((p) => (p ? undefined : storage.persist?.()))
      .catch(() => undefined);
    void storage
      .estimate?.()
      .then(({ usage, quota }) => setQuaseCheio(!!quota && (usage ?? 0) / quota >= QUOTA_ALERTA))
      .catch(() => undefined);
  }, []);
  return quaseCheio;
}

/** The panel on top of the family list: the device's queue and working set. */
export function FilaPainel() {
  const login = useSincronizacao();
  const online = useOnline();
  const itens = useFila(login);
  const precisaEntrar = usePrecisaEntrar();
  const quaseCheio = useArmazenamento();
  const agora = useAgora();
  const [versao, setVersao] = useState(0);
  const [atualizando, setAtualizando] = useState(false);
  const [falhaAtualizar, setFalhaAtualizar] = useState(false);
  const atualizadoEm = useAtualizadoEm(login, versao);

  const atualizar = () => {
    if (!login) return;
    setAtualizando(true);
    setFalhaAtualizar(false);
    atualizarConjunto(login)
      .catch(() => setFalhaAtualizar(true))
      .finally(() => {
        setAtualizando(false);
        setVersao((v) => v + 1);
      });
  };
  // Refreshed by itself when stale and the network is there.
  const velho = atualizadoEm === null || (atualizadoEm !== undefined && agora - atualizadoEm > ATUALIZAR_APOS_MS);
  useEffect(() => {
    if (online && velho && login) atualizar();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per stale state, not per render
  }, [online, velho, login]);

  const pendentes = itens?.filter((i) => i.estado === 'aguardando' || i.estado === 'enviando').length ?? 0;
  // Everything still to do or to read first; of the sent ones only the newest (a day's round is long).
  const enviados = itens?.filter((i) => i.estado === 'enviado') ?? [];
  const visiveis = [...(itens?.filter((i) => i.estado !== 'enviado') ?? []), ...enviados.slice(0, ENVIADOS_VISIVEIS)];
  const ocultos = enviados.length - Math.min(enviados.length, ENVIADOS_VISIVEIS);
  return (
    <Card withBorder radius="md" p="sm" component="section" aria-labelledby="aparelho-titulo">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={0}>
            <Title order={2} size="h5" id="aparelho-titulo">
              Neste aparelho {online ? '' : '· sem internet'}
            </Title>
            <Text size="sm" c="dimmed" role="status">
              {atualizando
                ? 'Atualizando famílias para uso sem internet…'
                : atualizadoEm
                  ? `Famílias atualizadas ${tempoDesde(atualizadoEm, agora)}`
                  : 'Famílias ainda não guardadas para uso sem internet'}
              {pendentes > 0 ? ` · ${pendentes} aguardando envio` : ''}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              variant="light"
              mih={44}
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={atualizar}
              disabled={!online || atualizando}
            >
              Atualizar famílias
            </Button>
            <Button
              mih={44}
              leftSection={<IconCloudUpload size={18} aria-hidden />}
              onClick={() => login && void enviarFila(login)}
              disabled={!online || pendentes === 0}
            >
              Enviar agora
            </Button>
          </Group>
        </Group>
        {falhaAtualizar && (
          <Text size="sm" c="red.8">
            Não foi possível atualizar as famílias agora. As guardadas continuam disponíveis.
          </Text>
        )}
        {precisaEntrar && (
          <Alert color="red" variant="light" role="alert" title="Entre novamente">
            <Stack gap={6} align="flex-start">
              <Text size="sm">{msg.filaEntrarDeNovo}</Text>
              <LinkButton to={withRetorno(LOGIN, window.location.pathname)} size="sm">
                Entrar
              </LinkButton>
            </Stack>
          </Alert>
        )}
        {quaseCheio && (
          <Alert color="yellow" variant="light" role="alert" title="Armazenamento quase cheio">
            {msg.armazenamentoQuaseCheio}
          </Alert>
        )}
        {visiveis.length > 0 && (
          <Stack
            gap="xs"
            component="ul"
            aria-label="Registros deste aparelho"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {visiveis.map((i) => (
              <ItemFilaCard key={i.chave} item={i} />
            ))}
          </Stack>
        )}
        {ocultos > 0 && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              E mais {ocultos} enviado(s) nas últimas 24 horas.
            </Text>
            <Button
              size="xs"
              variant="subtle"
              mih={36}
              onClick={() => void Promise.all(enviados.map((i) => dispensar(i.chave)))}
            >
              Dispensar enviados
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
