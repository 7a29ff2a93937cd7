import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isKnownPath, useRouteInfo } from '../lib/routeInfo';
import { useUsuario } from '../lib/session';
import { menusQuery } from './api';
import { buildNav } from './menuTree';

/** The menu of the current unit, trimmed to the screens this build has. Shared by the side menu and home. */
export function useNav() {
  const unidadeId = useUsuario()?.unidade_atual?.id ?? null;
  const query = useQuery(menusQuery(unidadeId));
  const { knownPaths } = useRouteInfo();
  const nav = useMemo(
    () => buildNav(query.data ?? [], (url) => isKnownPath(knownPaths, url)),
    [query.data, knownPaths],
  );
  return { nav, isLoading: query.isLoading, error: query.error };
}
