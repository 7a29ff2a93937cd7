// Options of the primary-care lists' filters and header pickers (GET /api/v1/atencao_primaria/opcoes_filtro).
import type { OpcoesFiltro } from '@saude/shared/schemas/opcoes_filtro';
import { readOnce } from '../../../lib/resource';

/** Units, teams (with their micro-areas) and professionals the user may filter by (and pick a team from). */
export const useOpcoesFiltro = readOnce<OpcoesFiltro>(
  ['atencao_primaria', 'opcoes_filtro'],
  '/api/v1/atencao_primaria/opcoes_filtro',
  5 * 60_000,
);
