// Data hooks of the care visits (issue 16): the reception's and the retroactive ones are the same record under two
// routes, each with its own permission; `tipo` picks which.
import { useQuery } from '@tanstack/react-query';
import type {
  Atendimento,
  AtendimentoContexto,
  AtendimentoFilters,
  AtendimentoInput,
  AtendimentoListItem,
  AtendimentoUpdate,
  CancelarAtendimentoInput,
} from '@saude/shared/schemas/atendimento';
import { http } from '../../../lib/http';
import { resource } from '../../../lib/resource';

export type TipoAtendimento = 'atendimentos' | 'atendimentos_retroativos';

export const BASE_PATH = '/urgencia_emergencia/atendimentos';
export const BASE_PATH_RETROATIVO = '/urgencia_emergencia/atendimentos_retroativos';
export const caminhoDe = (tipo: TipoAtendimento) => (tipo === 'atendimentos' ? BASE_PATH : BASE_PATH_RETROATIVO);
/** Back here after creating a citizen in the registry (MunicipeFormPage appends ?municipe_id=<new id>). */
export const chegadaNovoMunicipe = (tipo: TipoAtendimento) => `${caminhoDe(tipo)}/chegada`;

const recursos = {
  atendimentos: resource<Atendimento, AtendimentoListItem, AtendimentoFilters, AtendimentoInput | AtendimentoUpdate>(
    BASE_PATH,
  ),
  atendimentos_retroativos: resource<
    Atendimento,
    AtendimentoListItem,
    AtendimentoFilters,
    AtendimentoInput | AtendimentoUpdate
  >(BASE_PATH_RETROATIVO),
};

/** The kind's list, record and save hooks (lib/resource.ts). */
export const recursoDe = (tipo: TipoAtendimento) => recursos[tipo];

/** How the detail and the edit page load their visit (lib/recordPage.tsx). */
export const carregarAtendimento = (tipo: TipoAtendimento) => ({
  load: recursos[tipo].useOne,
  backTo: caminhoDe(tipo),
  label: 'Carregando atendimento',
});

/** The form's context: the user's CBOs, the defaults, the unit's professionals and the patient asked for. */
export const useContextoAtendimento = (
  tipo: TipoAtendimento,
  q: { municipe_id?: string; paciente_sem_identificacao_id?: string } = {},
) =>
  useQuery({
    queryKey: [tipo, 'contexto', q],
    queryFn: ({ signal }) => http.get<AtendimentoContexto>(`${recursos[tipo].base}/contexto`, q, signal),
    staleTime: 60_000,
    retry: false,
  });

/** A step of the visit (chamar, cancelar): the page reads the answer at once; lists refetch. */
function usePasso<B>(tipo: TipoAtendimento, passo: 'chamar' | 'cancelar' | 'iniciar' | 'concluir') {
  const r = recursos[tipo];
  return r.useAction(({ id, body }: { id: string; body?: B }) =>
    http.post<Atendimento>(`${r.base}/${id}/${passo}`, body),
  );
}

export const useChamarAtendimento = (tipo: TipoAtendimento) => usePasso<undefined>(tipo, 'chamar');
export const useCancelarAtendimento = (tipo: TipoAtendimento) => usePasso<CancelarAtendimentoInput>(tipo, 'cancelar');
/** The care starts (em_atendimento) and ends (concluido): issue 39. */
export const useIniciarAtendimento = (tipo: TipoAtendimento) => usePasso<undefined>(tipo, 'iniciar');
export const useConcluirAtendimento = (tipo: TipoAtendimento) => usePasso<undefined>(tipo, 'concluir');

/**
 * The unit's seconds between two calls of the same patient (spec §7 GET /ferramentas/parametrizacao/tempo_chamadas).
 * Unknown when the read fails: the button then counts nothing and a call too soon shows the API's refusal.
 */
export const useTempoChamadas = () =>
  useQuery({
    queryKey: ['parametrizacao', 'tempo_chamadas'],
    queryFn: ({ signal }) =>
      http.get<{ tempo_unidade_atual: number }>('/api/ferramentas/parametrizacao/tempo_chamadas', undefined, signal),
    select: (r) => r.tempo_unidade_atual,
    staleTime: 5 * 60_000,
    retry: false,
  });
