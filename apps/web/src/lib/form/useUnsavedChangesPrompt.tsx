// Spec §4: leaving a page with unsaved edits asks whether to discard or stay.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export const DESCARTAR_TITULO = 'Descartar alterações?';

const dentroDe = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * Blocks in-app navigation (needs a data router) and the browser's reload/close while `isDirty`.
 * Call `allowNavigation()` right before navigating away after a successful save.
 * `scope`: a path whose sub-paths are the same form (tabs that are child routes, e.g. /municipes/{id}/edit), so
 * moving between them keeps the edits without asking.
 */
export function useUnsavedChangesPrompt(isDirty: boolean, scope?: string) {
  const bypass = useRef(false);
  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
      }: {
        currentLocation: { pathname: string };
        nextLocation: { pathname: string };
      }) =>
        isDirty &&
        !bypass.current &&
        // Changing only the query (tabs, filters) stays on the same form.
        (scope ? !dentroDe(nextLocation.pathname, scope) : currentLocation.pathname !== nextLocation.pathname),
      [isDirty, scope],
    ),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let settled = false;
    const id = modals.openConfirmModal({
      title: DESCARTAR_TITULO,
      children: <Text size="sm">As alterações que não foram salvas serão perdidas.</Text>,
      labels: { confirm: 'Descartar', cancel: 'Continuar editando' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        settled = true;
        blocker.proceed();
      },
      onCancel: () => {
        settled = true;
        blocker.reset();
      },
      // Escape, the close button or the overlay mean "stay".
      onClose: () => {
        if (!settled) {
          settled = true;
          blocker.reset();
        }
      },
    });
    return () => {
      settled = true;
      modals.close(id);
    };
  }, [blocker]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return {
    allowNavigation: useCallback(() => {
      bypass.current = true;
    }, []),
  };
}
