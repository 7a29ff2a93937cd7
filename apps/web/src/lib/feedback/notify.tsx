// Toasts of spec §8: 5 s, top right (set on <Notifications position="top-right" /> in the app), text never a raw status.
// What a failure offers depends on its code (packages/shared/src/errors.ts), never on its text.
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { msg } from '@saude/shared';
import { ApiError } from '../http';
import { minusculaInicial } from '../format';

export const TOAST_MS = 5000;
export const EDICAO_DESATUALIZADA_TITULO = 'Registro alterado por outra pessoa';

/** The grammatical gender of the model: spec §8 fixes '%{salvar} foi salva', so a masculine one is named as a "ficha". */
export type Genero = 'f' | 'm';

const ok = (message: ReactNode) =>
  notifications.show({
    color: 'green',
    icon: <IconCheck size={18} aria-hidden />,
    autoClose: TOAST_MS,
    title: msg.sucesso,
    message,
  });

const falha = (title: string, message: ReactNode) =>
  notifications.show({ color: 'red', icon: <IconX size={18} aria-hidden />, autoClose: TOAST_MS, title, message });

/** A refusal the screen itself decides (nothing was asked of the server), with its reason. */
export const notifyRefused = (title: string, message: ReactNode) => falha(title, message);

/** Spec §8 word for word: 'Família foi salva com sucesso', 'Ficha de munícipe foi salva com sucesso' (issue 39). */
export function notifySaved(model: string, genero: Genero = 'f') {
  return ok(msg.salvaComSucesso(genero === 'f' ? model : `Ficha de ${minusculaInicial(model)}`));
}

/** A success that is not a save ('Família vinculada ao domicílio.'). */
export const notifySuccess = (message: string) => ok(message);

/** '%{resource} foi removido(a).' */
export const notifyRemoved = (resource: string) => ok(msg.removido(resource));

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** The server's own reason for refusing (a 4xx with a message), not a failure of the network or of the server. */
const motivoDoServidor = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : null;

/** Spec §8 'Falha ao remover': the server's reason when it gave one, the catalogue's text otherwise. */
export function notifyRemoveFailed(err?: unknown) {
  if (isAbort(err)) return undefined;
  return falha(msg.falhaAoRemover, motivoDoServidor(err) ?? msg.falhaAoRemoverTexto);
}

export interface NotifyErrorOptions {
  /** What 'Recarregar' does on a stale edit; reloads the page by default. */
  onReload?: () => void;
  /** Labels of the fields someone else changed, when the screen could tell (ux.md "shows what changed"). */
  changed?: string[];
}

/**
 * Any failure as a toast: the API's own message when it sent one, the generic text otherwise. Only a stale edit
 * (`edicao_desatualizada`) offers to reload and says what changed; every other conflict is the server's message.
 */
export function notifyError(err: unknown, { onReload, changed = [] }: NotifyErrorOptions = {}) {
  // A request the screen cancelled is not an error for the user.
  if (isAbort(err)) return undefined;
  if (err instanceof ApiError && err.code === 'edicao_desatualizada') {
    const id = notifications.show({
      color: 'yellow',
      icon: <IconAlertTriangle size={18} aria-hidden />,
      // Stays until answered: the user must choose to reload.
      autoClose: false,
      title: EDICAO_DESATUALIZADA_TITULO,
      message: (
        <Stack gap={6} align="flex-start">
          <Text size="sm">{err.message || msg.edicaoDesatualizada}</Text>
          {changed.length > 0 && <Text size="sm">Alterado: {changed.join(', ')}.</Text>}
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
  return falha(msg.algoDeuErrado, err instanceof ApiError && err.message ? err.message : msg.erroGenerico);
}
