// The notificacoes_globais screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type ScreenRoute } from '../../lib/screens';

export const notificacoesGlobaisScreens: ScreenRoute[] = [
  // Global notifications (issue 20): everyone reads theirs (the globe and this list); managers send and delete.
  screen('notificacoes_globais', 'notificacoes_globais:index', () =>
    import('./NotificacoesGlobaisPage').then((m) => m.NotificacoesGlobaisPage),
  ),
  screen('notificacoes_globais/new', 'notificacoes_globais:create', () =>
    import('./NotificacaoGlobalFormPage').then((m) => m.NotificacaoGlobalFormPage),
  ),
];
