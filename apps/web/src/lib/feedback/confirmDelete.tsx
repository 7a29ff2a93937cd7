// Spec §8 delete confirmation: 'Remover %{model}?', irreversible, 'Sim, remover' in red / 'Não, manter'.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { msg } from '@saude/shared';

export interface ConfirmDeleteOptions {
  /** What is removed, e.g. 'família'. */
  model: string;
  onConfirm: () => unknown;
  onCancel?: () => void;
}

/** Opens the confirmation; returns the modal id. Needs ModalsProvider. */
export function confirmDelete({ model, onConfirm, onCancel }: ConfirmDeleteOptions): string {
  return modals.openConfirmModal({
    title: msg.removerModel(model),
    children: <Text size="sm">{msg.acaoIrreversivel}</Text>,
    labels: { confirm: msg.simRemover, cancel: msg.naoManter },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      void onConfirm();
    },
    onCancel,
  });
}
