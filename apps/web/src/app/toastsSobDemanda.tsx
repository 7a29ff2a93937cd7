// The toast container (Mantine's, with its transitions: 12 kB) is not in the first load (issue 41): the store that shows
// toasts (lib/feedback/notify) is a small module of its own, and the container is fetched with the first toast or by the
// shell's warm-up once the home is idle (shell/ShellLayout.tsx), so a toast shown offline ('Sem conexão: a visita foi
// guardada…') still has it. Drawn once its code is there, without Suspense: a suspended reveal waits on a timer, which
// a page whose clock is held (the desks' e2e) never fires.
import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { useEffect, useState, type ComponentType } from 'react';
import { carregarToasts } from '../lib/feedback/carregarToasts';

export function ToastsSobDemanda() {
  const { notifications, queue } = useNotifications();
  const pendentes = notifications.length + queue.length;
  const [Container, setContainer] = useState<ComponentType<NotificationsProps> | null>(null);
  // A failed fetch (offline before the warm-up) is tried again with the next toast or when the network is back, so
  // the toasts waiting in the store are not lost for the rest of the session.
  const [tentativa, setTentativa] = useState(0);
  useEffect(() => {
    if (pendentes === 0 || Container) return;
    let vivo = true;
    const denovo = () => setTentativa((n) => n + 1);
    carregarToasts()
      .then((m) => vivo && setContainer(() => m.Notifications))
      .catch(() => vivo && window.addEventListener('online', denovo, { once: true }));
    return () => {
      vivo = false;
      window.removeEventListener('online', denovo);
    };
  }, [pendentes, Container, tentativa]);
  // Once drawn it stays: its own effects hide the toasts as they expire.
  return Container ? <Container position="top-right" autoClose={5000} /> : null;
}
