// The termos_uso screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type BareRoute, type ScreenRoute } from '../../lib/screens';

export const termosUsoScreens: ScreenRoute[] = [
  // Terms of use (issue 21): everyone reads the versions; managers write, publish and see who accepted.
  screen('termos_uso', 'termos_uso:index', () => import('./TermosUsoListPage').then((m) => m.TermosUsoListPage)),
  screen('termos_uso/new', 'termos_uso:create', () => import('./TermoUsoFormPage').then((m) => m.TermoUsoFormPage)),
  screen('termos_uso/:id/edit', 'termos_uso:show', () => import('./TermoUsoFormPage').then((m) => m.TermoUsoFormPage)),
];

export const termosUsoBareRoutes: BareRoute[] = [
  {
    // The terms of use waiting for acceptance (issue 21): without the shell, whose calls the API would refuse.
    path: '/termos_uso/aceite',
    gate: 'termoAceite',
    lazy: () => import('./TermoAceitePage').then((m) => ({ Component: m.TermoAceitePage })),
  },
];
