// The municipes_notificacao screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type ScreenRoute } from '../../lib/screens';

export const municipesNotificacaoScreens: ScreenRoute[] = [
  // Compulsory notifications (issue 18): the citizens notified, with the map of the cases.
  screen('municipes_notificacao', 'municipes_notificacao:index', () =>
    import('./lista/NotificacaoListPage').then((m) => m.NotificacaoListPage),
  ),
  // One citizen's compulsory notifications (issue 18). The guard asks with resource_id = :notificacaoId where the
  // route has one (spec §6), else the citizen's :id.
  screen('municipes_notificacao/:id/detalhes', 'municipes_notificacao:show', () =>
    import('./detalhes/NotificacoesMunicipePage').then((m) => m.NotificacoesMunicipePage),
  ),
  screen('municipes_notificacao/:id/new', 'municipes_notificacao:create', () =>
    import('./notificacao/NotificacaoFormPage').then((m) => m.NotificacaoFormPage),
  ),
  // Spec §2 "{notificacaoId?}/edit": with no notification it is a new one (the page sends it to /new), so the
  // permission asked is to create (docs/decisions.md).
  screen('municipes_notificacao/:id/notificacao_compulsoria/edit', 'municipes_notificacao:create', () =>
    import('./notificacao/NotificacaoFormPage').then((m) => m.NotificacaoFormPage),
  ),
  screen('municipes_notificacao/:id/notificacao_compulsoria/:notificacaoId/edit', 'municipes_notificacao:update', () =>
    import('./notificacao/NotificacaoFormPage').then((m) => m.NotificacaoFormPage),
  ),
  screen('municipes_notificacao/:id/notificacao_compulsoria/:notificacaoId?/show', 'municipes_notificacao:show', () =>
    import('./notificacao/NotificacaoShowPage').then((m) => m.NotificacaoShowPage),
  ),
];
