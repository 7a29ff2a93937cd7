// The bell's dropdown (issue 20, spec §1): the 5 newest unread items — type icon, priority colour and name,
// protocol, 'dd/MM/yyyy-HH:mm:ss' — "Marcar todas como lidas" and "Ver todas". Opening an item marks it read and goes
// to the request's edit page. A chunk of its own, loaded on the bell's first use.
import { Button, Group, Popover, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import { useNavigate } from 'react-router';
import type { OuvidoriaNotificacao } from '@saude/shared/schemas/ouvidoria';
import type { FirstUse } from './firstUse';
import { dataHoraSino, IconeTipo, sinoQuery, useMarcarLida } from '../modules/ouvidoria';

export default function SinoPainel({
  use,
  trigger,
}: {
  use: FirstUse;
  trigger: (ref: Ref<HTMLButtonElement>, plain?: object) => ReactElement;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  const celular = useMediaQuery('(max-width: 36em)');
  useEffect(() => {
    if (use.focused) ref.current?.focus();
    if (use.opened) setOpened(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { data } = useQuery(sinoQuery());
  const marcar = useMarcarLida();
  const navigate = useNavigate();
  const rows = data?.rows ?? [];
  const abrir = (n: OuvidoriaNotificacao) => {
    setOpened(false);
    marcar.mutate(n.id);
    void navigate(`/ouvidoria/solicitacoes/${n.solicitacao_id}/edit`);
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withArrow={!celular}
      trapFocus
      returnFocus
      shadow="md"
    >
      <Popover.Target>
        {trigger(ref, { onClick: () => setOpened((o) => !o), 'aria-haspopup': 'dialog', 'aria-expanded': opened })}
      </Popover.Target>
      <Popover.Dropdown
        p={0}
        aria-label="Notificações da ouvidoria"
        role="dialog"
        // At least 450 px on a tablet or desk; the whole width on a phone.
        style={{ width: celular ? '100vw' : 460, maxWidth: '100vw' }}
      >
        <Stack gap={0} h="21rem">
          <Group
            justify="space-between"
            px="md"
            py="xs"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text fw={700} size="sm" component="h2" m={0}>
              Ouvidoria — não lidas ({data?.total ?? 0})
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={rows.length === 0}
              loading={marcar.isPending && marcar.variables === undefined}
              onClick={() => marcar.mutate(undefined)}
            >
              Marcar todas como lidas
            </Button>
          </Group>
          <ScrollArea style={{ flex: 1 }}>
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed" p="md">
                Nenhuma notificação não lida.
              </Text>
            ) : (
              <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {rows.map((n) => (
                  <li key={n.id}>
                    <UnstyledButton
                      onClick={() => abrir(n)}
                      w="100%"
                      px="md"
                      py="xs"
                      mih={44}
                      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                      // Named by what it shows (axe label-content-name-mismatch, issue 39): the priority's word is said.
                    >
                      <Group gap="sm" wrap="nowrap">
                        <IconeTipo icone={n.tipo_solicitacao.icone} size={22} />
                        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                          <Group gap={6} wrap="nowrap">
                            <Text size="sm" fw={600}>
                              {n.tipo_solicitacao.nome}
                              <VisuallyHidden>, prioridade</VisuallyHidden>
                            </Text>
                            <span
                              style={{
                                background: n.prioridade.cor,
                                color: 'white',
                                borderRadius: 4,
                                padding: '0 6px',
                                fontSize: 12,
                                fontWeight: 600,
                              }}
                            >
                              {n.prioridade.nome}
                            </span>
                          </Group>
                          <Text size="xs">
                            Protocolo {n.protocolo} · {dataHoraSino(n.created_at)}
                          </Text>
                        </Stack>
                      </Group>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            )}
          </ScrollArea>
          <Group justify="center" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                setOpened(false);
                void navigate('/ouvidoria');
              }}
            >
              Ver todas
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
