// Data hooks of the professionals and their assignments (issue 22): the list, one professional, save and deactivate
// from the kit's resource; the assignment form's options; save and end an assignment; the password reset.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Lotacao,
  LotacaoInput,
  LotacaoOpcoes,
  LotacaoUpdate,
  Profissional,
  ProfissionalFilters,
  ProfissionalInput,
  ProfissionalListItem,
  ProfissionalUpdate,
  SenhaRedefinida,
} from '@saude/shared/schemas/administracao_profissionais';
import { http } from '../../../lib/http';
import { readOnce, resource } from '../../../lib/resource';

export const BASE_PATH = '/administracao/profissionais';
const LOTACOES = '/api/v1/administracao/lotacoes';

export const profissionais = resource<
  Profissional,
  ProfissionalListItem,
  ProfissionalFilters,
  ProfissionalInput | ProfissionalUpdate
>(BASE_PATH).as('Profissional', 'Profissionais');

export const { getProfissional, useProfissionais, useProfissional, useSaveProfissional } = profissionais;

/** Units (with their teams) and profiles: kept for the session, they seldom change. */
export const useLotacaoOpcoes = readOnce<LotacaoOpcoes>(['profissionais', 'opcoes'], `${LOTACOES}/opcoes`, 10 * 60_000);

/** An assignment saved or ended: the professional's record (its list of assignments) and the list read again. */
function useRefresh(profissionalId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: profissionais.keys.detail(profissionalId) });
    void qc.invalidateQueries({ queryKey: [...profissionais.keys.all, 'list'] });
  };
}

export function useSaveLotacao(profissionalId: string, id?: string) {
  const refresh = useRefresh(profissionalId);
  return useMutation({
    mutationFn: (body: LotacaoInput | LotacaoUpdate) =>
      id ? http.put<Lotacao>(`${LOTACOES}/${id}`, body) : http.post<Lotacao>(LOTACOES, body),
    onSuccess: refresh,
  });
}

export function useEncerrarLotacao(profissionalId: string) {
  const refresh = useRefresh(profissionalId);
  return useMutation({
    mutationFn: (id: string) => http.post<Lotacao>(`${LOTACOES}/${id}/encerrar`, {}),
    onSuccess: refresh,
  });
}

export function useRedefinirSenha(profissionalId: string) {
  const refresh = useRefresh(profissionalId);
  return useMutation({
    mutationFn: () => http.post<SenhaRedefinida>(`/api/v1${BASE_PATH}/${profissionalId}/redefinir_senha`, {}),
    onSuccess: refresh,
  });
}
