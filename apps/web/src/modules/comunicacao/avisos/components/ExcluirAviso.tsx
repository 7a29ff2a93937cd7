// Deleting a notice (spec §8, issue 19): 'Deseja excluir esse aviso?' → 'Aviso excluído com sucesso!'. A soft delete
// (situacao excluido): the notice leaves the lists and the pop-ups, its confirmations stay for the record.
import { ActionIcon, Button, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { msg } from '@saude/shared';
import { notifyRemoveFailed, notifySuccess } from '../../../../lib/feedback/notify';
import { useDeleteAviso } from '../api';

// The modal's code comes with the shell's ModalsProvider, right after the first screen: fetched on the click (already
// there by then), not with the list, whose budget it would take half of (issue 15).
const modals = () => import('@mantine/modals').then((m) => m.modals);

/** Asks, deletes, says so (or why not); `onDeleted` after the toast. */
export function useExcluirAviso() {
  const remover = useDeleteAviso();
  return (id: string, onDeleted?: () => void) =>
    void modals().then((m) =>
      m.openConfirmModal({
        title: msg.avisoConfirmarExclusao,
        children: <Text size="sm">O aviso deixa de aparecer para os destinatários.</Text>,
        labels: { confirm: 'Sim, excluir', cancel: 'Não, manter' },
        confirmProps: { color: 'red.9' },
        onConfirm: () => {
          void remover.mutateAsync(id).then(
            () => {
              notifySuccess(msg.avisoExcluido);
              onDeleted?.();
            },
            (err: unknown) => notifyRemoveFailed(err),
          );
        },
      }),
    );
}

/** The red "Excluir aviso" of the show and edit pages; leaves for `goTo` once deleted. */
export function ExcluirAvisoButton({ id, goTo, onRemoved }: { id: string; goTo: string; onRemoved?: () => void }) {
  const excluir = useExcluirAviso();
  const navigate = useNavigate();
  return (
    <Button
      // Red 9: the theme's red 8 outline is under WCAG AA on white.
      color="red.9"
      variant="outline"
      mih={44}
      leftSection={<IconTrash size={16} aria-hidden />}
      onClick={() =>
        excluir(id, () => {
          onRemoved?.();
          void navigate(goTo, { replace: true });
        })
      }
    >
      Excluir aviso
    </Button>
  );
}

/** The row's delete icon of the list. */
export function ExcluirAvisoIcon({ id, titulo }: { id: string; titulo: string }) {
  const excluir = useExcluirAviso();
  return (
    <ActionIcon
      variant="subtle"
      color="red.9"
      size={44}
      aria-label={`Excluir aviso ${titulo}`}
      onClick={() => excluir(id)}
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
}
