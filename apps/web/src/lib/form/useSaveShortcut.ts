// ux.md: Ctrl+S / Cmd+S saves, also while typing in a field.
import { useEffect, useEffectEvent } from 'react';

export function useSaveShortcut(onSubmit: () => unknown, enabled = true) {
  const submit = useEffectEvent(() => {
    void onSubmit();
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's') {
        // Otherwise the browser opens "Save page as".
        e.preventDefault();
        if (!e.repeat) submit();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
