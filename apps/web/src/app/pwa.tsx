// Issue 25: the service worker (built by vite-plugin-pwa) is registered here, loaded after the first paint so the
// first load pays nothing for it. A new release is offered, never forced: the waiting worker takes over only when the
// user asks, so no form is reloaded under the agent's hands.
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Workbox } from 'workbox-window';

export const NOVA_VERSAO = 'Nova versão disponível';
const TOAST_ID = 'nova-versao';

export function registrarServiceWorker(): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    notifications.show({
      id: TOAST_ID,
      autoClose: false,
      withCloseButton: true,
      color: 'blue',
      title: NOVA_VERSAO,
      message: (
        <Stack gap={6} align="flex-start">
          <Text size="sm">Salve o que estiver digitando antes de atualizar.</Text>
          <Button
            size="xs"
            onClick={() => {
              // Reload once the new worker controls the page, so every chunk comes from the same release.
              wb.addEventListener('controlling', () => window.location.reload());
              wb.messageSkipWaiting();
            }}
          >
            Atualizar
          </Button>
        </Stack>
      ),
    });
  });
  void wb.register().catch(() => {
    /* no service worker (private mode, http on a LAN address): the app still works online */
  });
}
