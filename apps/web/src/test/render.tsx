// Renders a component as the app would: Mantine (test env: no transitions or portals), dates in pt-BR,
// modals, notifications, TanStack Query and a data router (useBlocker needs one).
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import 'dayjs/locale/pt-br';
import { Notifications } from '../lib/feedback/Toasts';
import { authKeys } from '../lib/session';
import { usuarioDoFake } from './fakeApi';

// jsdom has no Element.scrollTo; Mantine's combobox calls it to keep the selected option in view.
Element.prototype.scrollTo ??= () => {};

export interface ProvidersOptions {
  /** Initial URL. @default '/' */
  route?: string;
  /** Route pattern the UI is mounted at, e.g. '/familias/:id/edit'. @default '*' */
  path?: string;
  /** Other routes, e.g. where a link or navigate() leads. */
  routes?: RouteObject[];
  queryClient?: QueryClient;
}

/** A client per test; the fake API's user is already loaded, as the app's route loader guarantees for a page. */
export function createTestQueryClient() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const usuario = usuarioDoFake();
  if (usuario) client.setQueryData(authKeys.me, usuario);
  return client;
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider env="test" theme={{ respectReducedMotion: true }}>
      <DatesProvider settings={{ locale: 'pt-br' }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            {/* The app's own toast container (app/toastsSobDemanda draws it once its code is there). */}
            <Notifications position="top-right" autoClose={5000} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    routes = [],
    queryClient = createTestQueryClient(),
    ...options
  }: ProvidersOptions & Omit<RenderOptions, 'wrapper'> = {},
) {
  // Toasts live in a module-level store: start each test without the previous test's (limit 5, the rest queue).
  notifications.clean();
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [route] });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
    options,
  );
  return { ...result, router, user, queryClient };
}

/** Renders a route tree (children and outlets included) at `url`, as the app's router would. */
export function renderRoutes(routes: RouteObject[], url: string, queryClient = createTestQueryClient()) {
  notifications.clean();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, user, queryClient };
}
