// Data hooks of the tickets (issue 17): the door's issuing and the desk's calling. Every request of these screens goes
// through one client (`SenhasApiContext`): the session's at the door, the SenhaSimples token's at the desk.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type {
  ChamarProximaInput,
  EncaminharSenhaInput,
  SenhaContexto,
  SenhaFilters,
  SenhaListItem,
} from '@saude/shared/schemas/senha';
import { http, type Http, type Query } from '../../../lib/http';

export const PATH_EMITIR = '/filas/senhas';
export const PATH_CHAMAR = '/filas/chamadas';
const BASE = '/api/v1/filas/senhas';

export type Passo = 'chamar' | 'rechamar' | 'iniciar' | 'concluir' | 'encaminhar' | 'ausente';

/** The screens' calls to /api/v1/filas/senhas, through one client (the session's, or the desk's SenhaSimples token). */
export const senhasApiDe = (c: Http) => ({
  contexto: (signal?: AbortSignal) => c.get<SenhaContexto>(`${BASE}/contexto`, undefined, signal),
  list: (f: Partial<SenhaFilters>, signal?: AbortSignal) => c.list<SenhaListItem>(BASE, f as Query, signal),
  /** `id` is chosen once per press: a retry of the same press answers the ticket already issued. */
  emitir: (categoria_id: string, id: string) => c.post<SenhaListItem>(BASE, { categoria_id, id }),
  chamarProxima: (body: ChamarProximaInput) => c.post<SenhaListItem>(`${BASE}/chamar_proxima`, body),
  passo: (
    s: Pick<SenhaListItem, 'id' | 'lock_version'>,
    passo: Passo,
    body: Partial<EncaminharSenhaInput> & { local_id?: string } = {},
  ) => c.post<SenhaListItem>(`${BASE}/${s.id}/${passo}`, { ...body, lock_version: s.lock_version }),
});
type SenhasApi = ReturnType<typeof senhasApiDe>;

/** The client the hooks below use: the session's by default; the desk provides its SenhaSimples token's. */
export const SenhasApiContext = createContext<SenhasApi>(senhasApiDe(http));
const useSenhasApi = () => useContext(SenhasApiContext);

const keys = { all: ['senhas'] as const, contexto: ['senhas', 'contexto'] as const };

/** The unit's categories, queues with their locations, and tempo_chamadas. */
export const useContextoSenhas = () => {
  const api = useSenhasApi();
  return useQuery({ queryKey: keys.contexto, queryFn: ({ signal }) => api.contexto(signal), staleTime: 60_000 });
};

/** Today's tickets; `refetchInterval` keeps a desk's waiting list fresh. */
export const useSenhas = (f: Partial<SenhaFilters>, o: { enabled?: boolean; refetchInterval?: number } = {}) => {
  const api = useSenhasApi();
  return useQuery({
    queryKey: [...keys.all, 'list', f],
    queryFn: ({ signal }) => api.list(f, signal),
    placeholderData: keepPreviousData,
    enabled: o.enabled ?? true,
    refetchInterval: o.refetchInterval,
  });
};

/** Any write: the lists refetch after it. */
function useEscrita<V>(fn: (api: SenhasApi, v: V) => Promise<SenhaListItem>) {
  const qc = useQueryClient();
  const api = useSenhasApi();
  return useMutation({
    mutationFn: (v: V) => fn(api, v),
    onSettled: () => void qc.invalidateQueries({ queryKey: [...keys.all, 'list'] }),
  });
}

export const useEmitirSenha = () =>
  useEscrita((api, v: { categoria_id: string; id: string }) => api.emitir(v.categoria_id, v.id));
export const useChamarProxima = () => useEscrita((api, b: ChamarProximaInput) => api.chamarProxima(b));
export const usePassoSenha = () =>
  useEscrita(
    (
      api,
      v: {
        senha: Pick<SenhaListItem, 'id' | 'lock_version'>;
        passo: Passo;
        body?: { local_id?: string; fila_id?: string };
      },
    ) => api.passo(v.senha, v.passo, v.body),
  );

/**
 * The ticket this desk is serving, read once when the desk has none on screen (after a reload): its last call at
 * this location still open (called or in attendance). Null when there is none.
 */
export const useSenhasAbertasNoLocal = (localId: string | null, enabled: boolean) => {
  const api = useSenhasApi();
  const { data } = useQuery({
    queryKey: [...keys.all, 'aberta', localId],
    queryFn: async ({ signal }) => {
      const [chamadas, atendidas] = await Promise.all(
        (['chamada', 'em_atendimento'] as const).map((situacao) =>
          api.list({ local_id: localId!, situacao, per_page: 5 }, signal),
        ),
      );
      const abertas = [...(chamadas?.rows ?? []), ...(atendidas?.rows ?? [])];
      abertas.sort((a, b) => (b.chamada_em ?? '').localeCompare(a.chamada_em ?? ''));
      return abertas[0] ?? null;
    },
    enabled: enabled && !!localId,
    staleTime: Infinity,
  });
  return data ?? null;
};
