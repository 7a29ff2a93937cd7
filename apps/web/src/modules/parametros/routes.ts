// The parametros screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type ScreenRoute } from '../../lib/screens';

export const parametrosScreens: ScreenRoute[] = [
  // Unit flags (issue 21): managers only.
  screen('parametros/unidades_saude', 'parametros/unidades_saude:update', () =>
    import('./UnidadesParametrosPage').then((m) => m.UnidadesParametrosPage),
  ),
];
