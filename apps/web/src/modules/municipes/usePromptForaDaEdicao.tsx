// Spec §4 "leaving a page with unsaved edits asks" for the citizen edit page, whose tabs are child routes: moving
// between tabs keeps the one form (and its edits), so only leaving /municipes/{id}/edit asks. The form kit's
// useUnsavedChangesPrompt asks on any change of path, which would ask on every tab change here.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { DESCARTAR_TITULO } from '../../lib/form';

const dentroDe = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** Call the returned `allowNavigation()` right before leaving on purpose (after removing the citizen). */
export function usePromptForaDaEdicao(isDirty: boolean, editPath: string) {
  const bypass = useRef(false);
  const blocker = useBlocker(
    useCallback(
      ({ nextLocation }: { nextLocation: { pathname: string } }) =>
        isDirty && !bypass.current && !dentroDe(nextLocation.pathname, editPath),
      [isDirty, editPath],
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
