// The comunicacao screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import type { ScreenRoute } from '../../lib/screens';

export const comunicacaoScreens: ScreenRoute[] = [
  // Staff notices (issue 19): managers write; everyone reads the notices aimed at them.
  {
    path: 'comunicacao/avisos',
    handle: { authorize: 'comunicacao/avisos:index' },
    lazy: () => import('./avisos/AvisoListPage').then((m) => ({ Component: m.AvisoListPage })),
  },
  {
    path: 'comunicacao/avisos/new',
    handle: { authorize: 'comunicacao/avisos:create' },
    lazy: () => import('./avisos/AvisoFormPage').then((m) => ({ Component: m.AvisoFormPage })),
  },
  {
    path: 'comunicacao/avisos/:id/edit',
    handle: { authorize: 'comunicacao/avisos:update' },
    lazy: () => import('./avisos/AvisoFormPage').then((m) => ({ Component: m.AvisoFormPage })),
  },
  {
    path: 'comunicacao/avisos/:id/show',
    handle: { authorize: 'comunicacao/avisos:show' },
    lazy: () => import('./avisos/AvisoShowPage').then((m) => ({ Component: m.AvisoShowPage })),
  },
];
