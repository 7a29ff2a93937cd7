// Data hooks of "Quem acessou" a citizen (issue 46): the trail's pages for one person, and their CSV export.
import type { AcessoMunicipe, AcessosMunicipeFilters } from '@saude/shared/schemas/municipe_acessos';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type Query } from '../../../lib/http';

const url = (id: string) => `/api/v1/municipes/${id}/acessos`;

export const useAcessosMunicipe = (id: string, f: AcessosMunicipeFilters) =>
  useQuery({
    queryKey: ['municipes', 'acessos', id, f],
    queryFn: ({ signal }) => http.list<AcessoMunicipe>(url(id), f as Query, signal),
    placeholderData: keepPreviousData,
    // Each read is an audited access: no refetch on focus, only when the manager asks.
    refetchOnWindowFocus: false,
  });

/** The same filters, every row of the period as a file: CSV for spreadsheets, PDF to hand to the citizen. */
export const exportarAcessosMunicipe = (id: string, f: AcessosMunicipeFilters, formato: 'csv' | 'pdf') =>
  http.file(
    `${url(id)}/${formato}`,
    { ...f, page: undefined, per_page: undefined } as Query,
    formato === 'csv' ? 'text/csv' : 'application/pdf',
  );
