import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import type { PainelChaveGerada } from '@saude/shared/schemas/painel';
import { msg } from '@saude/shared/messages';
import { useState } from 'react';
import { notifyError } from '../../../lib/feedback/notify';
import { gerarChavePainel } from './api';

/**
 * The parametrization page's card for the calling panel (issue 17): generates a new key for the current unit's panel
 * (after a confirmation: the TV with the old key stops at once) and shows the panel's address once, to copy to the
 * TV. Needs the permission filas/parametrizacoes:update; the page decides whether to show it.
 */
export function PainelChaveCard() {
  const [gerada, setGerada] = useState<PainelChaveGerada | null>(null);
  const [gerando, setGerando] = useState(false);

  const gerar = async () => {
    setGerando(true);
    try {
      setGerada(await gerarChavePainel());
    } catch (err) {
      notifyError(err);
    } finally {
      setGerando(false);
    }
  };
  const confirmar = () =>
    modals.openConfirmModal({
      title: 'Gerar nova chave do painel',
      children: <Text size="sm">{msg.painelChaveConfirmar}</Text>,
      labels: { confirm: 'Sim, gerar nova chave', cancel: 'Não, manter a atual' },
      confirmProps: { color: 'red' },
      onConfirm: () => void gerar(),
    });

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Painel de chamadas
        </Title>
        <Text size="sm">
          A TV da sala de espera abre o painel com o endereço que contém a chave da unidade. Gere uma chave nova ao
          instalar uma TV ou se o endereço tiver sido divulgado.
        </Text>
        {gerada && (
          <Alert color="green" variant="light" title={msg.painelChaveGerada}>
            <Stack gap="xs">
              <Text size="sm">Copie o endereço agora: ele não será mostrado novamente.</Text>
              <Group gap="xs" wrap="nowrap" align="end">
                <TextInput
                  label="Endereço do painel"
                  value={gerada.url}
                  readOnly
                  style={{ flex: 1 }}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <CopyButton value={gerada.url}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copiado' : 'Copiar endereço'} withArrow>
                      <ActionIcon
                        size="lg"
                        variant="filled"
                        color={copied ? 'teal' : 'saude'}
                        onClick={copy}
                        aria-label={copied ? 'Endereço copiado' : 'Copiar endereço do painel'}
                      >
                        {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Anchor href={gerada.url} target="_blank" rel="noopener" size="sm">
                Abrir o painel numa nova aba
              </Anchor>
            </Stack>
          </Alert>
        )}
        <Group>
          <Button leftSection={<IconKey size={18} aria-hidden />} loading={gerando} onClick={confirmar}>
            Gerar nova chave do painel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
