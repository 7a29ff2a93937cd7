// The globe's dropdown, in a chunk of its own (firstUse.tsx): the newest notifications, each with its type, title,
// subtitle, date ('dd/MM/yyyy-HH:mm:ss') and colour mark (the type is also in words: never colour alone). Opening
// one marks it read and goes to its path (or to the list when it has none); "Ver todas" opens the list.
import { Group, Menu, Stack, Text } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactElement, Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  NOTIFICACOES_GLOBAIS_POR_PAGINA,
  ROTULOS_TIPO_NOTIFICACAO_GLOBAL,
} from '@saude/shared/notificacao_global_constantes';
import type { NotificacaoGlobal } from '@saude/shared/schemas/notificacao_global';
import { formatNotificationTimestamp } from '@saude/shared/validation/dates';
import { http } from '../../lib/http';
import type { FirstUse } from '../firstUse';
import { FirstUseMenu } from '../FirstUseMenu';
import {
  MarcaDeCor,
  marcarLida,
  NOTIFICACOES_GLOBAIS_API,
  notificacoesGlobaisKeys,
} from '../../modules/notificacoes_globais';

export const LISTA = '/notificacoes_globais';

export default function GloboMenu({
  unidadeId,
  versao,
  use,
  trigger,
}: {
  unidadeId: string | null;
  versao: string;
  use: FirstUse;
  trigger: (ref: Ref<HTMLButtonElement>) => ReactElement;
}) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const recentes = useQuery({
    queryKey: [...notificacoesGlobaisKeys.recentes(unidadeId), versao],
    queryFn: ({ signal }) =>
      http.get<NotificacaoGlobal[]>(NOTIFICACOES_GLOBAIS_API, { per_page: NOTIFICACOES_GLOBAIS_POR_PAGINA }, signal),
    placeholderData: keepPreviousData,
  });
  const abrir = async (n: NotificacaoGlobal) => {
    // Reading is best effort: a failure must not keep the user from where the notification leads.
    if (n.lida_em === null) await marcarLida(n.id).catch(() => undefined);
    void qc.invalidateQueries({ queryKey: notificacoesGlobaisKeys.all });
    await navigate(n.redirecionar_path_url ?? LISTA);
  };
  const itens = recentes.data ?? [];
  return (
    <FirstUseMenu
      use={use}
      target={trigger}
      label="Notificações globais"
      position="bottom-end"
      // Spec §9: 21rem tall, at least 450 px wide (a phone's whole width when it has less).
      width="min(460px, 100vw)"
      styles={{ dropdown: { height: '21rem', overflowY: 'auto' } }}
    >
      {recentes.isPending && <Menu.Item disabled>Carregando notificações…</Menu.Item>}
      {recentes.isError && <Menu.Item disabled>Não foi possível carregar as notificações.</Menu.Item>}
      {recentes.isSuccess && itens.length === 0 && <Menu.Item disabled>Nenhuma notificação.</Menu.Item>}
      {itens.map((n) => (
        <Menu.Item key={n.id} onClick={() => void abrir(n)} mih={44} py={6}>
          <Group gap="xs" wrap="nowrap" align="stretch">
            <MarcaDeCor cor={n.cor} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={n.lida_em ? 500 : 700} lineClamp={2}>
                {ROTULOS_TIPO_NOTIFICACAO_GLOBAL[n.tipo]}: {n.titulo}
                {n.lida_em === null && (
                  <Text span size="xs" c="red.9" fw={700}>
                    {' '}
                    · não lida
                  </Text>
                )}
              </Text>
              {n.subtitulo && (
                <Text size="xs" c="dark.5" lineClamp={2}>
                  {n.subtitulo}
                </Text>
              )}
              <Text size="xs" c="dark.5">
                {formatNotificationTimestamp(n.created_at)}
              </Text>
            </Stack>
          </Group>
        </Menu.Item>
      ))}
      <Menu.Divider role="separator" />
      <Menu.Item component={Link} to={LISTA} leftSection={<IconList size={18} aria-hidden />} mih={44}>
        Ver todas
      </Menu.Item>
    </FirstUseMenu>
  );
}
