// The auth screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import type { BareRoute, ScreenRoute } from '../../lib/screens';

export const authScreens: ScreenRoute[] = [
  {
    path: 'selecionar_unidade_saude',
    handle: { requiresUnit: false },
    lazy: () => import('./SelecionarUnidadePage').then((m) => ({ Component: m.SelecionarUnidadePage })),
  },
  {
    path: 'conta',
    handle: { requiresUnit: false },
    lazy: () => import('./ContaPage').then((m) => ({ Component: m.ContaPage })),
  },
];

/** Sign-in and the identity provider's return: in the sign-in panel, before any session exists. */
export const authBareRoutes: BareRoute[] = [
  {
    path: '/login',
    // Layouts are lazy too: the sign-in page never downloads the shell, and the shell never the login form.
    lazy: () => import('./LoginLayout').then((m) => ({ Component: m.LoginLayout })),
    children: [
      {
        index: true,
        gate: 'login',
        lazy: () => import('./LoginPage').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'nova_senha',
        gate: 'novaSenha',
        lazy: () => import('./NovaSenhaPage').then((m) => ({ Component: m.NovaSenhaPage })),
      },
    ],
  },
  {
    // The identity provider's return (spec §2, issue 23): in the sign-in panel, before any session exists.
    path: '/saude2_oauth',
    lazy: () => import('./LoginLayout').then((m) => ({ Component: m.LoginLayout })),
    children: [
      {
        index: true,
        lazy: () => import('./SsoRetornoPage').then((m) => ({ Component: m.SsoRetornoPage })),
      },
    ],
  },
];
