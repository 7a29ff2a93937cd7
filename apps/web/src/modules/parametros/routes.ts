// The parametros screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import type { ScreenRoute } from '../../lib/screens';

export const parametrosScreens: ScreenRoute[] = [
  // Unit flags (issue 21): managers only.
  {
    path: 'parametros/unidades_saude',
    handle: { authorize: 'parametros/unidades_saude:update' },
    lazy: () => import('./UnidadesParametrosPage').then((m) => ({ Component: m.UnidadesParametrosPage })),
  },
];
