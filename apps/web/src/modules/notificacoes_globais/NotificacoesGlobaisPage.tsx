// /notificacoes_globais (spec §2, §3, issue 20): the user's global notifications, newest first, 5 per page (spec
// §9), each with its type, title, subtitle, colour mark, timestamp 'dd/MM/yyyy-HH:mm:ss' and whether it is read
// ("Marcar como lida"); one with a path opens it. Managers send a new one and delete (after confirming).
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  NOTIFICACOES_GLOBAIS_POR_PAGINA,
  ROTULOS_TIPO_NOTIFICACAO_GLOBAL,
  type NotificacaoGlobal,
} from '@saude/shared/schemas/notificacao_global';
import { formatNotificationTimestamp } from '@saude/shared/validation/dates';
import { usePode } from '../../lib/access';
import { Paginacao } from '../../lib/list/Paginacao';
import { confirmar } from '../../lib/feedback/confirmDelete';
import { notifyError, notifyRemoveFailed, notifySuccess } from '../../lib/feedback/notify';
import { useUsuario } from '../../lib/session';
import { MarcaDeCor } from './globo/MarcaDeCor';
import { BASE_PATH, useExcluirNotificacaoGlobal, useMarcarLida, useNotificacoesGlobais } from './api';

export function NotificacoesGlobaisPage() {
  useDocumentTitle('Notificações globais');
  const usuario = useUsuario();
  const podeCriar = usePode('notificacoes_globais:create');
  const podeExcluir = usePode('notificacoes_globais:destroy');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const lista = useNotificacoesGlobais(usuario?.unidade_atual?.id ?? null, page);
  const total = lista.data?.total ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          Notificações globais
        </Title>
        {podeCriar && (
          <Button component={Link} to={`${BASE_PATH}/new`} leftSection={<IconPlus size={16} aria-hidden />} mih={44}>
            Nova notificação
          </Button>
        )}
      </Group>
      {lista.isPending && <Text>Carregando notificações…</Text>}
      {lista.isError && <Text c="red.9">Não foi possível carregar as notificações.</Text>}
      {lista.isSuccess && total === 0 && <Text>Nenhuma notificação para você.</Text>}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Notificações">
        {lista.data?.rows.map((n) => (
          <Item key={n.id} n={n} podeExcluir={podeExcluir} />
        ))}
      </Stack>
      <Paginacao
        total={total}
        porPagina={NOTIFICACOES_GLOBAIS_POR_PAGINA}
        page={page}
        onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })}
      />
    </Stack>
  );
}

function Item({ n, podeExcluir }: { n: NotificacaoGlobal; podeExcluir: boolean }) {
  const ler = useMarcarLida();
  const excluir = useExcluirNotificacaoGlobal();
  const lida = n.lida_em !== null;
  const quando = formatNotificationTimestamp(n.created_at);
  const perguntar = () =>
    confirmar({
      title: 'Deseja excluir esta notificação?',
      children: <Text size="sm">A notificação deixa de aparecer para todos.</Text>,
      labels: { confirm: 'Sim, excluir', cancel: 'Não, manter' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        void excluir.mutateAsync(n.id).then(
          () => notifySuccess('Notificação excluída com sucesso!'),
          (err: unknown) => notifyRemoveFailed(err),
        ),
    });
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group gap="sm" wrap="nowrap" align="stretch">
        <MarcaDeCor cor={n.cor} altura={56} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>
              {ROTULOS_TIPO_NOTIFICACAO_GLOBAL[n.tipo]}: {n.titulo}
            </Text>
            {!lida && (
              <Badge color="red.9" variant="filled" radius="sm" style={{ textTransform: 'none' }}>
                Não lida
              </Badge>
            )}
          </Group>
          {n.subtitulo && <Text size="sm">{n.subtitulo}</Text>}
          <Group gap="md" wrap="wrap">
            <Text size="sm" c="dark.5">
              {quando}
            </Text>
            {n.redirecionar_path_url && (
              <Anchor component={Link} to={n.redirecionar_path_url} size="sm" onClick={() => !lida && ler.mutate(n.id)}>
                Abrir {n.redirecionar_path_url}
              </Anchor>
            )}
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap" align="center">
          {!lida && (
            <Button
              variant="outline"
              size="sm"
              mih={44}
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={ler.isPending}
              onClick={() => ler.mutate(n.id, { onError: (err) => notifyError(err) })}
              aria-label={`Marcar como lida: ${n.titulo}`}
            >
              Marcar como lida
            </Button>
          )}
          {podeExcluir && (
            <ActionIcon
              variant="subtle"
              color="red.9"
              size={44}
              aria-label={`Excluir notificação ${n.titulo}`}
              onClick={perguntar}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
