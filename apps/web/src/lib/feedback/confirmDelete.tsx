// Spec §8 delete confirmation: 'Remover %{model}?', irreversible, 'Sim, remover' in red / 'Não, manter'.
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { msg } from '@saude/shared';
import { notifyRemoved, notifyRemoveFailed } from './notify';

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

export interface ConfirmRemoveOptions {
  /** As the question names it: 'Remover domicílio?'. */
  model: string;
  /** As the toast names it: 'Cadastro domiciliar foi removido(a).' */
  removed: string;
  remove: () => Promise<unknown>;
  /** After the toast, e.g. back to the list. */
  onRemoved: () => void;
}

/** The whole removal: asks, removes, says so, or says why not (spec §8 'Falha ao remover'). */
export function confirmRemove({ model, removed, remove, onRemoved }: ConfirmRemoveOptions) {
  return confirmDelete({
    model,
    onConfirm: async () => {
      try {
        await remove();
        notifyRemoved(removed);
        onRemoved();
      } catch (err) {
        notifyRemoveFailed(err);
      }
    },
  });
}

/**
 * The red "Remover …" of a record page: asks, removes, says how it went (confirmRemove; the toast names the `model`,
 * capitalised, unless `removed` says otherwise), then leaves the record for `goTo` (its list), after `onRemoved` (e.g.
 * a form's allowNavigation).
 */
export function RemoveButton({
  children,
  goTo,
  onRemoved,
  model,
  removed = model.charAt(0).toUpperCase() + model.slice(1),
  ...options
}: Omit<ConfirmRemoveOptions, 'onRemoved' | 'removed'> & {
  removed?: string;
  goTo: string;
  onRemoved?: () => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const leave = () => {
    onRemoved?.();
    void navigate(goTo, { replace: true });
  };
  return (
    <Button
      // Red 9: the theme's red 8 outline is 4.4:1 on white, under WCAG AA (axe flagged it on a detail page).
      color="red.9"
      variant="outline"
      mih={44}
      leftSection={<IconTrash size={16} aria-hidden />}
      onClick={() => confirmRemove({ ...options, model, removed, onRemoved: leave })}
    >
      {children}
    </Button>
  );
}
