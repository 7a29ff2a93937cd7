// Data hooks of the patients without identification (issue 16), from the kit's resource (lib/resource.ts).
import type {
  PacienteSemIdentificacao,
  PacienteSemIdentificacaoFilters,
  PacienteSemIdentificacaoInput,
  PacienteSemIdentificacaoListItem,
  PacienteSemIdentificacaoUpdate,
} from '@saude/shared/schemas/paciente_sem_identificacao';
import { http } from '../../../lib/http';
import { readOnce, resource } from '../../../lib/resource';

export const BASE_PATH = '/urgencia_emergencia/paciente_sem_identificacoes';

// Identifying moves the patient's care visits to a citizen: the visit lists and the citizen's data change too.
const pacientes = resource<
  PacienteSemIdentificacao,
  PacienteSemIdentificacaoListItem,
  PacienteSemIdentificacaoFilters,
  PacienteSemIdentificacaoInput | PacienteSemIdentificacaoUpdate
>(BASE_PATH, { related: [['atendimentos'], ['atendimentos_retroativos'], ['municipes']] }).as('Paciente', 'Pacientes');

export const { getPaciente, usePacientes, usePaciente, useSavePaciente, useDeletePaciente } = pacientes;

/** The next 'Desconhecido(a) n' of the unit, for a new patient whose name nobody knows. */
export const usePseudonimo = readOnce<{ nome: string }>(
  [...pacientes.keys.all, 'pseudonimo'],
  `${pacientes.base}/pseudonimo`,
  0,
);

/** POST /{id}/identificar or /{id}/desfazer_identificacao: the record as it is afterwards goes into the cache. */
const usePasso = <B>(id: string, passo: 'identificar' | 'desfazer_identificacao') =>
  pacientes.useAction((body: B) => http.post<PacienteSemIdentificacao>(`${pacientes.base}/${id}/${passo}`, body));

export const useIdentificar = (id: string) => usePasso<{ municipe_id: string }>(id, 'identificar');
export const useDesfazerIdentificacao = (id: string) => usePasso<Record<string, never>>(id, 'desfazer_identificacao');
