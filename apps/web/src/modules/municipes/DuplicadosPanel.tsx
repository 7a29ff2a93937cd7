// Issue 5: before creating, the API answers 409 with the likely duplicates; the form lists them with a link to open
// each, and the user confirms to create anyway.
import { Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { msg } from '@saude/shared/messages';
import type { MunicipeDuplicado } from '@saude/shared/schemas/municipe';
import { isoToBr } from '../../lib/form';
import { RowsTable } from '../../lib/RowsTable';

export const DUPLICADOS_TITULO = 'Possíveis munícipes já cadastrados';

export interface DuplicadosPanelProps {
  /** null: closed. */
  duplicados: MunicipeDuplicado[] | null;
  /** Re-sends the form with confirmar_duplicados: true. */
  onConfirmar: () => void;
  onCancelar: () => void;
  confirmando?: boolean;
}

export function DuplicadosPanel({ duplicados, onConfirmar, onCancelar, confirmando }: DuplicadosPanelProps) {
  return (
    // A dialog, not a note under the long form: the user must answer before anything is created.
    <Modal
      opened={duplicados !== null}
      onClose={onCancelar}
      title={DUPLICADOS_TITULO}
      size="xl"
      closeOnClickOutside={!confirmando}
    >
      <Stack gap="sm">
        <Text size="sm">{msg.possiveisDuplicados}</Text>
        {/* A table keeps the comparison column by column; on a phone it scrolls inside itself. */}
        <RowsTable
          minWidth={640}
          label={DUPLICADOS_TITULO}
          striped
          withTableBorder
          verticalSpacing="xs"
          columns={['Nome', 'Data de nascimento', 'Nome da mãe', 'CPF', 'CNS', 'Unidade de referência']}
        >
          {(duplicados ?? []).map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                {/* A new tab keeps the half-filled form here. */}
                <Anchor component={Link} to={`/municipes/${d.id}/edit`} target="_blank" rel="noopener">
                  {d.nome} <IconExternalLink size={14} aria-label="abre em nova aba" />
                </Anchor>
                {d.nome_social && (
                  <Text size="xs" c="dimmed">
                    Nome social: {d.nome_social}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{isoToBr(d.data_nascimento)}</Table.Td>
              <Table.Td>{d.nome_mae ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{d.cpf_numero ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{d.codigo_cns ?? '—'}</Table.Td>
              <Table.Td>{d.unidade_referencia_nome ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </RowsTable>
        <Group gap="sm">
          <Button mih={44} onClick={onConfirmar} loading={confirmando}>
            Cadastrar mesmo assim
          </Button>
          <Button variant="default" mih={44} onClick={onCancelar} disabled={confirmando}>
            Revisar dados
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
