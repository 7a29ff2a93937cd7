// Toasts of spec §8: 5 s, top right (set on <Notifications position="top-right" /> in the app), text never a raw status.
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { msg } from '@saude/shared';
import { ApiError } from '../http';

export const TOAST_MS = 5000;

/** '%{salvar} foi salva com sucesso', e.g. notifySaved('Família'). */
export function notifySaved(salvar: string) {
  return notifications.show({
    color: 'green',
    icon: <IconCheck size={18} aria-hidden />,
    autoClose: TOAST_MS,
    title: msg.sucesso,
    message: msg.salvaComSucesso(salvar),
  });
}

/** '%{resource} foi removido(a).' */
export function notifyRemoved(resource: string) {
  return notifications.show({
    color: 'green',
    icon: <IconCheck size={18} aria-hidden />,
    autoClose: TOAST_MS,
    title: msg.sucesso,
    message: msg.removido(resource),
  });
}

export function notifyRemoveFailed() {
  return notifications.show({
    color: 'red',
    icon: <IconX size={18} aria-hidden />,
    autoClose: TOAST_MS,
    title: msg.falhaAoRemover,
    message: msg.falhaAoRemoverTexto,
  });
}

export interface NotifyErrorOptions {
  /** What 'Recarregar' does on a 409; reloads the page by default. */
  onReload?: () => void;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * Any failure as a toast: the API's own message when it sent one, the generic text otherwise.
 * 409 (someone else saved first) offers to reload (ux.md "a stale edit offers to reload").
 */
export function notifyError(err: unknown, { onReload }: NotifyErrorOptions = {}) {
  // A request the screen cancelled is not an error for the user.
  if (isAbort(err)) return undefined;
  if (err instanceof ApiError && err.status === 409) {
    const id = notifications.show({
      color: 'yellow',
      icon: <IconAlertTriangle size={18} aria-hidden />,
      // Stays until answered: the user must choose to reload.
      autoClose: false,
      title: msg.algoDeuErrado,
      message: (
        <Stack gap={6} align="flex-start">
          <Text size="sm">{msg.edicaoDesatualizada}</Text>
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              notifications.hide(id);
              if (onReload) onReload();
              else window.location.reload();
            }}
          >
            Recarregar
          </Button>
        </Stack>
      ),
    });
    return id;
  }
  const message = err instanceof ApiError && err.message ? err.message : msg.erroGenerico;
  return notifications.show({
    color: 'red',
    icon: <IconX size={18} aria-hidden />,
    autoClose: TOAST_MS,
    title: msg.algoDeuErrado,
    message,
  });
}
