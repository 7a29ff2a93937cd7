// Spec §8 delete confirmation: 'Remover %{model}?', irreversible, 'Sim, remover' in red / 'Não, manter'.
import { ActionIcon, Button, Text } from '@mantine/core';
import type { OpenConfirmModal } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { msg } from '@saude/shared';
import { notifyRemoved, notifyRemoveFailed, notifySuccess } from './notify';

// The modal's code comes with the shell's ModalsProvider, right after the first screen: fetched on the click (already
// there by then), so a list with a delete icon does not carry it (issue 15).
const modals = () => import('@mantine/modals').then((m) => m.modals);

/** Opens a confirmation (ModalsProvider draws it), loading the modal code on the first use. */
export function confirmar(options: OpenConfirmModal): void {
  void modals().then((m) => m.openConfirmModal(options));
}

/** Wording of a removal the spec words otherwise ('Deseja excluir esse aviso?'). */
export interface RemoveTexts {
  title: string;
  body: ReactNode;
  confirm: string;
  /** The toast once removed. */
  removed: string;
}

export interface ConfirmDeleteOptions {
  /** What is removed, e.g. 'família'. */
  model: string;
  onConfirm: () => unknown;
  onCancel?: () => void;
  texts?: Omit<RemoveTexts, 'removed'>;
}

/** Opens the confirmation. Needs ModalsProvider. */
export function confirmDelete({ model, onConfirm, onCancel, texts }: ConfirmDeleteOptions): void {
  confirmar({
    title: texts?.title ?? msg.removerModel(model),
    children: <Text size="sm">{texts?.body ?? msg.acaoIrreversivel}</Text>,
    labels: { confirm: texts?.confirm ?? msg.simRemover, cancel: msg.naoManter },
    // Red 9: white on the theme's red 6 is under WCAG AA.
    confirmProps: { color: 'red.9' },
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
  /** The question, its buttons and the toast where the spec words them otherwise. */
  texts?: RemoveTexts;
}

/** The whole removal: asks, removes, says so, or says why not (spec §8 'Falha ao remover'). */
export function confirmRemove({ model, removed, remove, onRemoved, texts }: ConfirmRemoveOptions) {
  confirmDelete({
    model,
    texts,
    onConfirm: async () => {
      try {
        await remove();
        if (texts) notifySuccess(texts.removed);
        else notifyRemoved(removed);
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

/** The row's red bin of a list: the same removal as RemoveButton; the list stays (its query refreshes). */
export function RemoveIcon({
  label,
  model,
  removed = model,
  onRemoved = () => undefined,
  ...options
}: Omit<ConfirmRemoveOptions, 'onRemoved' | 'removed'> & { label: string; removed?: string; onRemoved?: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="red.9"
      size={44}
      aria-label={label}
      onClick={() => confirmRemove({ ...options, model, removed, onRemoved })}
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
}
