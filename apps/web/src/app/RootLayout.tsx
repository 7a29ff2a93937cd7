import { Center, Loader } from '@mantine/core';
import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { RouteInfoContext, type RouteInfo } from '../lib/routeInfo';

// Spec §9: the bar shows only when a navigation takes longer than 200 ms, so quick moves do not flicker.
const THROTTLE_MS = 200;
// Spec §9: the bar's duration is 5 s. Mantine's bar steps 0 → 100 in 40 intervals after its first: 40 × 125 ms = 5 s.
export const PROGRESS_STEP_MS = 125;

function useNavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    let started = false;
    const timer = window.setTimeout(() => {
      started = true;
      nprogress.start();
    }, THROTTLE_MS);
    return () => {
      window.clearTimeout(timer);
      if (started) nprogress.complete();
    };
  }, [busy]);
}

export function RootLayout({ routeInfo }: { routeInfo: RouteInfo }) {
  useNavigationProgress();
  // Loaded after the first render: no option list is open before it, and the first load stays in its budget.
  useEffect(() => {
    let parar: (() => void) | undefined;
    let ativo = true;
    void import('../lib/form/opcoesDesabilitadas').then(
      (m) => {
        if (ativo) parar = m.marcarOpcoesDesabilitadas();
      },
      () => undefined, // a deploy in between: the next page load brings it
    );
    return () => {
      ativo = false;
      parar?.();
    };
  }, []);
  return (
    <RouteInfoContext.Provider value={routeInfo}>
      {/* Inside a named region, not in a portal at the end of <body>, so it is never outside every landmark (axe
          region, issue 39); the bar is position: fixed, so where it sits in the tree changes nothing on screen. */}
      <section aria-label="Carregamento da página">
        <NavigationProgress
          color="yellow.4"
          size={3}
          stepInterval={PROGRESS_STEP_MS}
          withinPortal={false}
          aria-label="Carregando página"
        />
      </section>
      <Outlet />
    </RouteInfoContext.Provider>
  );
}

export function AppLoading() {
  return (
    <Center mih="100dvh">
      <Loader role="status" aria-label="Carregando" />
    </Center>
  );
}
