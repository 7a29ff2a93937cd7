// The termos_uso screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import type { BareRoute, ScreenRoute } from '../../lib/screens';

export const termosUsoScreens: ScreenRoute[] = [
  // Terms of use (issue 21): everyone reads the versions; managers write, publish and see who accepted.
  {
    path: 'termos_uso',
    handle: { authorize: 'termos_uso:index' },
    lazy: () => import('./TermosUsoListPage').then((m) => ({ Component: m.TermosUsoListPage })),
  },
  {
    path: 'termos_uso/new',
    handle: { authorize: 'termos_uso:create' },
    lazy: () => import('./TermoUsoFormPage').then((m) => ({ Component: m.TermoUsoFormPage })),
  },
  {
    path: 'termos_uso/:id/edit',
    handle: { authorize: 'termos_uso:show' },
    lazy: () => import('./TermoUsoFormPage').then((m) => ({ Component: m.TermoUsoFormPage })),
  },
];

export const termosUsoBareRoutes: BareRoute[] = [
  {
    // The terms of use waiting for acceptance (issue 21): without the shell, whose calls the API would refuse.
    path: '/termos_uso/aceite',
    gate: 'termoAceite',
    lazy: () => import('./TermoAceitePage').then((m) => ({ Component: m.TermoAceitePage })),
  },
];
