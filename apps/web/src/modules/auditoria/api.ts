// Data hooks of the access history (issue 14): the trail's pages and its CSV export.
import type { AuditoriaFilters, RegistroAcesso } from '@saude/shared/schemas/auditoria';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type Query } from '../../lib/http';

export const BASE_PATH = '/auditoria';
const API = `/api/v1${BASE_PATH}`;

export const useAcessos = (f: Partial<AuditoriaFilters>) =>
  useQuery({
    queryKey: ['auditoria', 'list', f],
    queryFn: ({ signal }) => http.list<RegistroAcesso>(API, f as Query, signal),
    placeholderData: keepPreviousData,
  });

/** The same filters as the screen, the whole trail as a file (the API refuses more than it can put in one). */
export const exportarAcessos = (f: Partial<AuditoriaFilters>) =>
  http.file(`${API}/csv`, { ...f, page: undefined, per_page: undefined } as Query, 'text/csv');
