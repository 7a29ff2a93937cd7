// The ferramentas screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import type { ScreenRoute } from '../../lib/screens';

export const ferramentasScreens: ScreenRoute[] = [
  // Campaign themes (issue 21): the list and the form (new, edit); the banner and the bar read tema_atual.
  {
    path: 'ferramentas/temas',
    handle: { authorize: 'ferramentas/temas:index' },
    lazy: () => import('./temas/TemaListPage').then((m) => ({ Component: m.TemaListPage })),
  },
  {
    path: 'ferramentas/temas/new',
    handle: { authorize: 'ferramentas/temas:create' },
    lazy: () => import('./temas/TemaFormPage').then((m) => ({ Component: m.TemaFormPage })),
  },
  {
    path: 'ferramentas/temas/:id/edit',
    handle: { authorize: 'ferramentas/temas:update' },
    lazy: () => import('./temas/TemaFormPage').then((m) => ({ Component: m.TemaFormPage })),
  },
  // Authorized applications (issue 39): the callbacks allowed a SenhaSimples token; list and form (new, edit).
  {
    path: 'ferramentas/auth_applications',
    handle: { authorize: 'ferramentas/auth_applications:index' },
    lazy: () =>
      import('./auth_applications/AuthApplicationListPage').then((m) => ({
        Component: m.AuthApplicationListPage,
      })),
  },
  {
    path: 'ferramentas/auth_applications/new',
    handle: { authorize: 'ferramentas/auth_applications:create' },
    lazy: () =>
      import('./auth_applications/AuthApplicationFormPage').then((m) => ({
        Component: m.AuthApplicationFormPage,
      })),
  },
  {
    path: 'ferramentas/auth_applications/:id/edit',
    handle: { authorize: 'ferramentas/auth_applications:update' },
    lazy: () =>
      import('./auth_applications/AuthApplicationFormPage').then((m) => ({
        Component: m.AuthApplicationFormPage,
      })),
  },
  // System parameters (issue 21): managers only.
  {
    path: 'ferramentas/parametrizacao',
    handle: { authorize: 'ferramentas/parametrizacao:show' },
    lazy: () =>
      import('./parametrizacao/ParametrizacaoPage').then((m) => ({
        Component: m.ParametrizacaoPage,
      })),
  },
];
