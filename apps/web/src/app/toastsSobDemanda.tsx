// The toast container (Mantine's, with its transitions: 12 kB) is fetched when the first toast is shown, not on the
// first load (issue 41): the store that shows toasts (lib/feedback/notify) is a small module of its own. Offline, the
// service worker's precache has the container.
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(() => import('./Toasts').then((m) => ({ default: m.Notifications })));

export function ToastsSobDemanda() {
  const { notifications, queue } = useNotifications();
  const [pedido, setPedido] = useState(false);
  // Once mounted it stays: its own effects hide the toasts as they expire.
  if (!pedido && notifications.length + queue.length > 0) setPedido(true);
  if (!pedido) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={5000} />
    </Suspense>
  );
}
