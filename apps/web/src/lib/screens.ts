// The route entries modules declare (issue 40: each module area lists its own screens in its routes.ts;
// app/router.tsx composes them and runs the guards the entries name).
import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { Permission } from '@saude/shared';

export type RouteHandle = {
  /** `resource:action` asked of POST /api/ferramentas/permissoes before the page opens. */
  authorize?: Permission;
  /** Default true: a user with no current unit is sent to choose one first (spec §4). */
  requiresUnit?: boolean;
};

/** A screen inside the default layout (top bar, menu, content). Paths are relative to '/'. */
export type ScreenRoute = {
  path?: string;
  index?: true;
  handle?: RouteHandle;
  lazy: LazyRouteFunction<RouteObject>;
  children?: ScreenRoute[];
};

/** A screen at `path` asking `authorize`; `load` imports its chunk and names the page (a named member, as before). */
export const screen = (path: string, authorize: Permission, load: () => Promise<ComponentType>): ScreenRoute => ({
  path,
  handle: { authorize },
  lazy: () => load().then((Component) => ({ Component })),
});

/** The guard the router runs before a route outside the shell (see app/guards.ts). */
export type Gate = 'login' | 'novaSenha' | 'termoAceite' | 'usuario';

/** A route outside the shell (sign-in, the TV panel, a popup): no menu, its own layout. */
export type BareRoute = {
  path?: string;
  index?: true;
  gate?: Gate;
  lazy: LazyRouteFunction<RouteObject>;
  children?: BareRoute[];
};
