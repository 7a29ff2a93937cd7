// Data hooks of the tickets (issue 17): the door's issuing and the desk's calling. Every request of these screens goes
// through `senhasApi`, so a header they need later (the ticket-service token of the popup) is added in one place.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChamarProximaInput,
  EncaminharSenhaInput,
  SenhaContexto,
  SenhaFilters,
  SenhaListItem,
} from '@saude/shared/schemas/senha';
import { http, type Query } from '../../../lib/http';

export const PATH_EMITIR = '/filas/senhas';
export const PATH_CHAMAR = '/filas/chamadas';
const BASE = '/api/v1/filas/senhas';

export type Passo = 'chamar' | 'rechamar' | 'iniciar' | 'concluir' | 'encaminhar' | 'ausente';

/** The screens' calls to /api/v1/filas/senhas. */
export const senhasApi = {
  contexto: (signal?: AbortSignal) => http.get<SenhaContexto>(`${BASE}/contexto`, undefined, signal),
  list: (f: Partial<SenhaFilters>, signal?: AbortSignal) => http.list<SenhaListItem>(BASE, f as Query, signal),
  emitir: (categoria_id: string) => http.post<SenhaListItem>(BASE, { categoria_id }),
  chamarProxima: (body: ChamarProximaInput) => http.post<SenhaListItem>(`${BASE}/chamar_proxima`, body),
  passo: (
    s: Pick<SenhaListItem, 'id' | 'lock_version'>,
    passo: Passo,
    body: Partial<EncaminharSenhaInput> & { local_id?: string } = {},
  ) => http.post<SenhaListItem>(`${BASE}/${s.id}/${passo}`, { ...body, lock_version: s.lock_version }),
};

const keys = { all: ['senhas'] as const, contexto: ['senhas', 'contexto'] as const };

/** The unit's categories, queues with their locations, and tempo_chamadas. */
export const useContextoSenhas = () =>
  useQuery({ queryKey: keys.contexto, queryFn: ({ signal }) => senhasApi.contexto(signal), staleTime: 60_000 });

/** Today's tickets; `refetchInterval` keeps a desk's waiting list fresh. */
export const useSenhas = (f: Partial<SenhaFilters>, o: { enabled?: boolean; refetchInterval?: number } = {}) =>
  useQuery({
    queryKey: [...keys.all, 'list', f],
    queryFn: ({ signal }) => senhasApi.list(f, signal),
    placeholderData: keepPreviousData,
    enabled: o.enabled ?? true,
    refetchInterval: o.refetchInterval,
  });

/** Any write: the lists refetch after it. */
function useEscrita<V>(fn: (v: V) => Promise<SenhaListItem>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => void qc.invalidateQueries({ queryKey: [...keys.all, 'list'] }),
  });
}

export const useEmitirSenha = () => useEscrita((categoria_id: string) => senhasApi.emitir(categoria_id));
export const useChamarProxima = () => useEscrita((b: ChamarProximaInput) => senhasApi.chamarProxima(b));
export const usePassoSenha = () =>
  useEscrita(
    (v: {
      senha: Pick<SenhaListItem, 'id' | 'lock_version'>;
      passo: Passo;
      body?: { local_id?: string; fila_id?: string };
    }) => senhasApi.passo(v.senha, v.passo, v.body),
  );
