// The notificacoes_globais screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import type { ScreenRoute } from '../../lib/screens';

export const notificacoesGlobaisScreens: ScreenRoute[] = [
  // Global notifications (issue 20): everyone reads theirs (the globe and this list); managers send and delete.
  {
    path: 'notificacoes_globais',
    handle: { authorize: 'notificacoes_globais:index' },
    lazy: () =>
      import('./NotificacoesGlobaisPage').then((m) => ({
        Component: m.NotificacoesGlobaisPage,
      })),
  },
  {
    path: 'notificacoes_globais/new',
    handle: { authorize: 'notificacoes_globais:create' },
    lazy: () =>
      import('./NotificacaoGlobalFormPage').then((m) => ({
        Component: m.NotificacaoGlobalFormPage,
      })),
  },
];
