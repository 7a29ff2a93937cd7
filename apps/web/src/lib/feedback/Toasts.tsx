// The toast container alone, loaded after the first paint: the store that shows toasts (lib/feedback/notify) is a
// separate small module, so a screen that may toast does not fetch the container and its transitions (issue 15).
import { Notifications as MantineNotifications, type NotificationsProps } from '@mantine/notifications';

/**
 * Top right (ux.md), over the top bar's right end rather than the page: a save's toast no longer hides the record
 * header's actions under it (issue 39). Inside a named region, so no toast sits outside every landmark (axe region).
 */
export function Notifications(props: NotificationsProps) {
  return (
    <section aria-label="Notificações do sistema">
      {/* Its place over the bar: global.css (only the top-right container; the others stay empty and out of the way). */}
      <MantineNotifications {...props} withinPortal={false} />
    </section>
  );
}
