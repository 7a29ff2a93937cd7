// Options of the primary-care lists' filters and header pickers (GET /api/v1/atencao_primaria/opcoes_filtro).
import { useQuery } from '@tanstack/react-query';
import type { OpcoesFiltro } from '@saude/shared/schemas/opcoes_filtro';
import { http } from '../../../lib/http';

/** Units, teams (with their micro-areas) and professionals the user may filter by (and pick a team from). */
export const useOpcoesFiltro = () =>
  useQuery({
    queryKey: ['atencao_primaria', 'opcoes_filtro'],
    queryFn: ({ signal }) => http.get<OpcoesFiltro>('/api/v1/atencao_primaria/opcoes_filtro', undefined, signal),
    staleTime: 5 * 60_000,
  });
