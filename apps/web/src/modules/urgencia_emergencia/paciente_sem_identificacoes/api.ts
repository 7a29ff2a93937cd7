// Data hooks of the patients without identification (issue 16), from the kit's resource (lib/resource.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PacienteSemIdentificacao,
  PacienteSemIdentificacaoFilters,
  PacienteSemIdentificacaoInput,
  PacienteSemIdentificacaoListItem,
  PacienteSemIdentificacaoUpdate,
} from '@saude/shared/schemas/paciente_sem_identificacao';
import { http } from '../../../lib/http';
import { resource } from '../../../lib/resource';

export const BASE_PATH = '/urgencia_emergencia/paciente_sem_identificacoes';

// Identifying moves the patient's care visits to a citizen: the visit lists and the citizen's data change too.
const pacientes = resource<
  PacienteSemIdentificacao,
  PacienteSemIdentificacaoListItem,
  PacienteSemIdentificacaoFilters,
  PacienteSemIdentificacaoInput | PacienteSemIdentificacaoUpdate
>(BASE_PATH, { related: [['atendimentos'], ['atendimentos_retroativos'], ['municipes']] });

export const getPaciente = pacientes.get;
export const usePacientes = pacientes.useList;
export const usePaciente = pacientes.useOne;
export const useSavePaciente = pacientes.useSave;
export const useDeletePaciente = pacientes.useRemove;

/** The next 'Desconhecido(a) n' of the unit, for a new patient whose name nobody knows. */
export const usePseudonimo = (enabled: boolean) =>
  useQuery({
    queryKey: [...pacientes.keys.all, 'pseudonimo'],
    queryFn: ({ signal }) => http.get<{ nome: string }>(`${pacientes.base}/pseudonimo`, undefined, signal),
    enabled,
    staleTime: 0,
  });

/** POST /{id}/identificar or /{id}/desfazer_identificacao: the record as it is afterwards goes into the cache. */
function usePasso<B>(id: string, passo: 'identificar' | 'desfazer_identificacao') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => http.post<PacienteSemIdentificacao>(`${pacientes.base}/${id}/${passo}`, body),
    onSuccess: (saved) => {
      qc.setQueryData(pacientes.keys.detail(saved.id), saved);
      for (const queryKey of [
        [...pacientes.keys.all, 'list'],
        ['atendimentos'],
        ['atendimentos_retroativos'],
        ['municipes'],
      ])
        void qc.invalidateQueries({ queryKey });
    },
  });
}

export const useIdentificar = (id: string) => usePasso<{ municipe_id: string }>(id, 'identificar');
export const useDesfazerIdentificacao = (id: string) => usePasso<Record<string, never>>(id, 'desfazer_identificacao');
