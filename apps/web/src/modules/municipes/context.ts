// What the citizen edit page hands to each of its tabs (spec §2 child tabs of /municipes/{id}/edit).
import type { Municipe, PermissaoCadastro } from '@saude/shared/schemas/municipe';
import { useOutletContext } from 'react-router';

export type MunicipeTabContext = {
  /** The citizen as last loaded; tabs never refetch it themselves (style guide: pages fetch, children get props). */
  municipe: Municipe;
  /** GET /api/municipes/{id}/permissao_cadastro: what the user may do with each block. */
  permissoes: PermissaoCadastro;
};

export const useMunicipeTab = () => useOutletContext<MunicipeTabContext>();
