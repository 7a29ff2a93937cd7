import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './app/global.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
// Date-picker and data-table code and styles load with the screens that use them (first-load budget).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { parametrizacaoQuery } from './lib/parametrizacao';
import { queryClient } from './app/queryClient';
import { createAppRouter } from './app/router';
import { installSessionExpiry } from './app/sessionExpiry';
import { ToastsSobDemanda } from './app/toastsSobDemanda';
import { cssVariablesResolver, theme } from './app/theme';

// Spec §7: parameters are fetched at start; the login page and the top bar read them from the cache.
void queryClient.prefetchQuery(parametrizacaoQuery);

const router = createAppRouter();
installSessionExpiry(router);

// Issue 25: the offline shell. Only in the production build (the dev server's modules are not precached), after load.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./app/pwa').then((m) => m.registrarServiceWorker()), {
    once: true,
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ToastsSobDemanda />
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>
  </StrictMode>,
);
