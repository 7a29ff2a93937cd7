// On the surviving citizen's record (issue 45): the merges it received that can still be undone, each with its undo,
// so whoever opens the record sees the merge without knowing the duplicates screen. A merge past its period, undone,
// or whose survivor was edited since is final and shows nothing here (docs/decisions.md).
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowMerge } from '@tabler/icons-react';
import { usePode } from '../../../lib/access';
import { dataBr } from '../../../lib/format';
import { useUnificacoesRecebidas } from './api';
import { useDesfazerUnificacaoConfirmado } from './desfazer';

export function UnificacoesRecebidas({
  municipeId,
  onDesfeita,
}: {
  municipeId: string;
  /** After an undo: the record reloads (its form holds the merged values). */
  onDesfeita: () => unknown;
}) {
  // The list answers with :index, the undo needs :destroy: the notice is for who can act on it.
  const podeVer = usePode('municipes/unificacoes:index');
  const podeDesfazer = usePode('municipes/unificacoes:destroy');
  const recebidas = useUnificacoesRecebidas(municipeId, podeVer && podeDesfazer);
  const { pedir, desfazendo } = useDesfazerUnificacaoConfirmado(onDesfeita);
  const lista = recebidas.data?.rows ?? [];
  if (!podeVer || !podeDesfazer || lista.length === 0) return null;
  return (
    <Stack gap="xs">
      {lista.map((u) => (
        <Alert
          key={u.id}
          color="blue"
          variant="light"
          role="status"
          icon={<IconArrowMerge aria-hidden />}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          title="Cadastro unificado"
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 22rem', overflowWrap: 'anywhere' }}>
              Este cadastro recebeu os dados de <strong>{u.absorvido_nome}</strong> em {dataBr(u.unificado_em)}. A
              unificação pode ser desfeita até {dataBr(u.desfazer_ate)}.
            </Text>
            <Button
              // Filled: the red outline on the notice's light blue is under AA contrast (axe).
              color="red.9"
              variant="filled"
              mih={44}
              loading={desfazendo}
              aria-label={`Desfazer unificação de ${u.absorvido_nome}`}
              onClick={() => pedir(u)}
            >
              Desfazer unificação
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
