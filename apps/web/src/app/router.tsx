// THE route table (architecture: "one route table, with authorize metadata"), composed of the modules' own lists
// (modules/<area>/routes.ts, issue 40). Each screen is a lazy chunk; guards come from `handle` (see guards.ts).
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from '../lib/feedback/ErrorPage';
import type { RouteInfo } from '../lib/routeInfo';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { guardLoader, loginLoader, novaSenhaLoader, requireUsuario, termoAceiteLoader } from './guards';
import { prefetchAllowed } from '../lib/network';
import { AppLoading, RootLayout } from './RootLayout';
import type { BareRoute, Gate, ScreenRoute } from '../lib/screens';
import { authScreens, authBareRoutes } from '../modules/auth/routes';
import { municipesScreens } from '../modules/municipes/routes';
import { filasScreens, filasBareRoutes } from '../modules/filas/routes';
import { atencaoPrimariaScreens } from '../modules/atencao_primaria/routes';
import { urgenciaEmergenciaScreens } from '../modules/urgencia_emergencia/routes';
import { ferramentasScreens } from '../modules/ferramentas/routes';
import { administracaoScreens } from '../modules/administracao/routes';
import { comunicacaoScreens } from '../modules/comunicacao/routes';
import { ouvidoriaScreens } from '../modules/ouvidoria/routes';
import { parametrosScreens } from '../modules/parametros/routes';
import { notificacoesGlobaisScreens } from '../modules/notificacoes_globais/routes';
import { municipesNotificacaoScreens } from '../modules/municipes_notificacao/routes';
import { termosUsoScreens, termosUsoBareRoutes } from '../modules/termos_uso/routes';
import { auditoriaScreens } from '../modules/auditoria/routes';

export type { ScreenRoute };

/** Screens inside the default layout (top bar, menu, content), each module's own list (issue 40). */
export const screens: ScreenRoute[] = [
  { index: true, lazy: () => import('../shell/HomePage').then((m) => ({ Component: m.HomePage })) },
  ...authScreens,
  ...municipesScreens,
  ...filasScreens,
  ...atencaoPrimariaScreens,
  ...urgenciaEmergenciaScreens,
  ...ferramentasScreens,
  ...administracaoScreens,
  ...comunicacaoScreens,
  ...ouvidoriaScreens,
  ...parametrosScreens,
  ...notificacoesGlobaisScreens,
  ...municipesNotificacaoScreens,
  ...termosUsoScreens,
  ...auditoriaScreens,
];

/** Routes outside the shell: sign-in, terms acceptance, the TV panel, the SenhaSimples popup. */
const bareRoutes: BareRoute[] = [...authBareRoutes, ...termosUsoBareRoutes, ...filasBareRoutes];

const gates: Record<Gate, NonNullable<RouteObject['loader']>> = {
  login: loginLoader,
  novaSenha: novaSenhaLoader,
  termoAceite: termoAceiteLoader,
  usuario: ({ request }) => requireUsuario(request),
};

function toBareRouteObject(r: BareRoute): RouteObject {
  const base = { lazy: r.lazy, ...(r.gate && { loader: gates[r.gate] }) };
  return r.index ? { ...base, index: true } : { ...base, path: r.path, children: r.children?.map(toBareRouteObject) };
}

const joinPath = (parent: string, child: ScreenRoute) =>
  child.index ? parent || '/' : `${parent}/${child.path ?? ''}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');

/** Every screen pattern this build has; the menu hides entries whose screens do not exist yet. */
export function knownPathsOf(list: ScreenRoute[], parent = ''): string[] {
  return list.flatMap((s) => [
    joinPath(parent, s),
    ...knownPathsOf(s.children ?? [], s.index ? parent : joinPath(parent, s)),
  ]);
}
export const knownPaths: readonly string[] = [...new Set(knownPathsOf(screens))];

function toRouteObject(s: ScreenRoute): RouteObject {
  const base = { handle: s.handle, loader: guardLoader(s.handle), lazy: s.lazy };
  return s.index ? { ...base, index: true } : { ...base, path: s.path, children: s.children?.map(toRouteObject) };
}

export function routeInfoOf(list: ScreenRoute[]): RouteInfo {
  const tree = [{ path: '/', children: list }] as unknown as RouteObject[];
  return {
    knownPaths: [...new Set(knownPathsOf(list))],
    prefetch: (path) => {
      if (!prefetchAllowed()) return;
      for (const m of matchRoutes(tree, path) ?? []) {
        const lazy = (m.route as Partial<ScreenRoute>).lazy;
        // Dynamic imports are cached by the browser: a later navigation reuses the loaded chunk.
        if (typeof lazy === 'function') void lazy().catch(() => undefined);
      }
    },
  };
}

export function buildRoutes(list: ScreenRoute[] = screens): RouteObject[] {
  const info = routeInfoOf(list);
  return [
    {
      element: <RootLayout routeInfo={info} />,
      errorElement: <RouteErrorBoundary />,
      // Shown while the first page's guards and chunk load (slow 3G): never a blank screen.
      hydrateFallbackElement: <AppLoading />,
      children: [
        ...bareRoutes.map(toBareRouteObject),
        {
          path: '/',
          lazy: () => import('../shell/ShellLayout').then((m) => ({ Component: m.ShellLayout })),
          loader: ({ request }) => requireUsuario(request),
          // Errors of a screen render inside the shell, so the menu stays usable.
          children: [
            {
              errorElement: <RouteErrorBoundary />,
              children: [
                ...list.map(toRouteObject),
                {
                  path: '*',
                  handle: { requiresUnit: false },
                  loader: guardLoader({ requiresUnit: false }),
                  element: <NotFoundPage />,
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRoutes());
