// The municipes_notificacao screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import type { ScreenRoute } from '../../lib/screens';

export const municipesNotificacaoScreens: ScreenRoute[] = [
  // Compulsory notifications (issue 18): the citizens notified, with the map of the cases.
  {
    path: 'municipes_notificacao',
    handle: { authorize: 'municipes_notificacao:index' },
    lazy: () =>
      import('./lista/NotificacaoListPage').then((m) => ({
        Component: m.NotificacaoListPage,
      })),
  },
  // One citizen's compulsory notifications (issue 18). The guard asks with resource_id = :notificacaoId where the
  // route has one (spec §6), else the citizen's :id.
  {
    path: 'municipes_notificacao/:id/detalhes',
    handle: { authorize: 'municipes_notificacao:show' },
    lazy: () =>
      import('./detalhes/NotificacoesMunicipePage').then((m) => ({
        Component: m.NotificacoesMunicipePage,
      })),
  },
  {
    path: 'municipes_notificacao/:id/new',
    handle: { authorize: 'municipes_notificacao:create' },
    lazy: () =>
      import('./notificacao/NotificacaoFormPage').then((m) => ({
        Component: m.NotificacaoFormPage,
      })),
  },
  // Spec §2 "{notificacaoId?}/edit": with no notification it is a new one (the page sends it to /new), so the
  // permission asked is to create (docs/decisions.md).
  {
    path: 'municipes_notificacao/:id/notificacao_compulsoria/edit',
    handle: { authorize: 'municipes_notificacao:create' },
    lazy: () =>
      import('./notificacao/NotificacaoFormPage').then((m) => ({
        Component: m.NotificacaoFormPage,
      })),
  },
  {
    path: 'municipes_notificacao/:id/notificacao_compulsoria/:notificacaoId/edit',
    handle: { authorize: 'municipes_notificacao:update' },
    lazy: () =>
      import('./notificacao/NotificacaoFormPage').then((m) => ({
        Component: m.NotificacaoFormPage,
      })),
  },
  {
    path: 'municipes_notificacao/:id/notificacao_compulsoria/:notificacaoId?/show',
    handle: { authorize: 'municipes_notificacao:show' },
    lazy: () =>
      import('./notificacao/NotificacaoShowPage').then((m) => ({
        Component: m.NotificacaoShowPage,
      })),
  },
];
