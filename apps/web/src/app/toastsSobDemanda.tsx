// The toast container (Mantine's, with its transitions: 12 kB) is not in the first load (issue 41): the store that shows
// toasts (lib/feedback/notify) is a small module of its own, and the container is fetched with the first toast or by the
// shell's warm-up once the home is idle (shell/ShellLayout.tsx), so a toast shown offline ('Sem conexão: a visita foi
// guardada…') still has it.
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { carregarToasts } from '../lib/feedback/carregarToasts';

const Notifications = lazy(() => carregarToasts().then((m) => ({ default: m.Notifications })));

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
