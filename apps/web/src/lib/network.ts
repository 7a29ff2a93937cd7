// What the browser knows about the connection.
import { useSyncExternalStore } from 'react';

// Spec §9: page prefetch is off on 2g or when the user asked to save data.
type NetworkInformation = { saveData?: boolean; effectiveType?: string };

export function prefetchAllowed(nav: Navigator = navigator): boolean {
  const conn = (nav as Navigator & { connection?: NetworkInformation }).connection;
  if (!conn) return true;
  return !conn.saveData && conn.effectiveType !== '2g' && conn.effectiveType !== 'slow-2g';
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * navigator.onLine, kept current. Right from the first render (Mantine's useNetwork starts at "online" and corrects
 * itself in an effect, too late for a decision such as "reload or not").
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
