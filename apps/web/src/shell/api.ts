import { queryOptions } from '@tanstack/react-query';
import type { MenuItem } from '@saude/shared';
import { http } from '../lib/http';
import { lembrarMenu, menuOffline, semRede } from '../lib/sessaoOffline';

// The menu depends on the current unit (the API answers [] without one), so the unit is part of the key.
export const menusQuery = (unidadeId: string | null) =>
  queryOptions({
    queryKey: ['menus', unidadeId],
    queryFn: async ({ signal }) => {
      try {
        const menus = await http.get<MenuItem[]>('/api/menus', undefined, signal);
        lembrarMenu(unidadeId, menus);
        return menus;
      } catch (err) {
        // Offline (issue 39): the menu this session last saw in this unit, rather than a menu that never opens.
        const guardado = semRede(err) ? menuOffline(unidadeId) : null;
        if (guardado) return guardado;
        throw err;
      }
    },
    // Offline the request fails at once and the kept menu answers: never a query paused until the network returns.
    networkMode: 'always',
    enabled: unidadeId !== null,
    staleTime: 5 * 60_000,
  });
