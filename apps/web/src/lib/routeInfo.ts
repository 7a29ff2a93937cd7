import { createContext, useContext } from 'react';
import { matchPath } from 'react-router';

export type RouteInfo = {
  /** Patterns of the screens this build has, e.g. '/conta', '/municipes/:id/edit'. */
  knownPaths: readonly string[];
  /** Loads the lazy chunks of the screen at `path` ahead of a click (respects the data-saving policy). */
  prefetch: (path: string) => void;
};

export const RouteInfoContext = createContext<RouteInfo>({ knownPaths: [], prefetch: () => {} });
export const useRouteInfo = () => useContext(RouteInfoContext);

/** Strips origin, query and hash, so menu URLs compare with route patterns. */
export function appPath(url: string): string {
  const noOrigin = url.replace(/^[a-z]+:\/\/[^/]+/i, '');
  const path = noOrigin.split(/[?#]/)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

export function isKnownPath(knownPaths: readonly string[], url: string): boolean {
  const path = appPath(url);
  return knownPaths.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null);
}
