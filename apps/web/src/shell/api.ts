import { queryOptions } from '@tanstack/react-query';
import type { MenuItem } from '@saude/shared';
import { http } from '../lib/http';

// The menu depends on the current unit (the API answers [] without one), so the unit is part of the key.
export const menusQuery = (unidadeId: string | null) =>
  queryOptions({
    queryKey: ['menus', unidadeId],
    queryFn: ({ signal }) => http.get<MenuItem[]>('/api/menus', undefined, signal),
    enabled: unidadeId !== null,
    staleTime: 5 * 60_000,
  });
