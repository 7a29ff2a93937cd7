// Data hooks of the home visits (issue 8): one query-key factory, pages fetch, children get props (style.md §9).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Familia } from '@saude/shared/schemas/familia';
import type { QuemVisitar, QuemVisitarFilters, QuemVisitarImovel } from '@saude/shared/schemas/quem_visitar';
import type { Municipe } from '@saude/shared/schemas/municipe';
import type {
  CancelarVisitaInput,
  FamiliaParaVisita,
  FamiliasParaVisitaFilters,
  FamiliaVisitaDetalhe,
  VisitaContexto,
  VisitaDomiciliar,
  VisitaDomiciliarFilters,
  VisitaDomiciliarInput,
} from '@saude/shared/schemas/visita_domiciliar';
import { http } from '../../../lib/http';
import { useUsuario } from '../../../lib/session';
import { familiasDoAparelho, lerComCopia } from './offline/copias';

// Issue 25: each read keeps its answer on the device (offline/copias.ts) and falls back to it with no network.
const useDono = () => useUsuario()?.login;
/**
 * Offline the request fails at once and the device's copy answers (issue 39): React Query's default would pause the
 * query until the network is back, a grey skeleton for as long as the agent is out of coverage.
 */
const COM_COPIA = { networkMode: 'always' } as const;

export const BASE_PATH = '/atencao_primaria/visitas_domiciliares';
type ContextoFiltros = { familia_id?: string; municipe_id?: string; domicilio_id?: string };
const base = `/api/v1${BASE_PATH}`;

export const visitaKeys = {
  all: ['visitas_domiciliares'] as const,
  familias: (f: Partial<FamiliasParaVisitaFilters>) => [...visitaKeys.all, 'familias', f] as const,
  familia: (id: string) => [...visitaKeys.all, 'familia', id] as const,
  historico: (f: Partial<VisitaDomiciliarFilters>) => [...visitaKeys.all, 'historico', f] as const,
  contexto: (f: ContextoFiltros) => [...visitaKeys.all, 'contexto', f] as const,
  quemVisitar: (f: Partial<QuemVisitarFilters>) => [...visitaKeys.all, 'quem_visitar', f] as const,
  quemVisitarImoveis: (f: Partial<QuemVisitarFilters>) => [...visitaKeys.all, 'quem_visitar_imoveis', f] as const,
  /** Spec §7 GET /atencao_primaria/familias/{familiaId}: the family's own record, read for `mudou`. */
  situacaoFamilia: (id: string) => [...visitaKeys.all, 'situacao_familia', id] as const,
};

export const useFamiliasParaVisita = (f: Partial<FamiliasParaVisitaFilters>) => {
  const dono = useDono();
  return useQuery({
    ...COM_COPIA,
    queryKey: visitaKeys.familias(f),
    queryFn: ({ signal }) =>
      lerComCopia(
        dono,
        `${base}/familias`,
        f,
        () => http.list<FamiliaParaVisita>(`${base}/familias`, f, signal),
        () => (dono ? familiasDoAparelho(dono, f) : Promise.resolve(undefined)),
      ),
    placeholderData: keepPreviousData,
  });
};

export const useFamiliaVisita = (id: string | undefined) => {
  const dono = useDono();
  return useQuery({
    ...COM_COPIA,
    queryKey: visitaKeys.familia(id ?? ''),
    queryFn: ({ signal }) =>
      lerComCopia(dono, `${base}/familias/${id}`, undefined, () =>
        http.get<FamiliaVisitaDetalhe>(`${base}/familias/${id}`, undefined, signal),
      ),
    enabled: id !== undefined,
    // A 404 is an answer, not a hiccup: go back to the list at once.
    retry: false,
  });
};

/** A "Quem visitar" line with the id a list needs: the family, and the person when the line is theirs. */
export type LinhaQuemVisitar = QuemVisitar & { id: string };

/**
 * "Quem visitar" (issue 44): the agent's worklist, kept on the device like the other visit reads (issue 25), so the
 * agent has it without signal; it is read again with the families.
 */
export const useQuemVisitar = (f: Partial<QuemVisitarFilters>) => {
  const dono = useDono();
  return useQuery({
    ...COM_COPIA,
    queryKey: visitaKeys.quemVisitar(f),
    queryFn: ({ signal }) =>
      lerComCopia(dono, `${base}/quem_visitar`, f, async () => {
        const r = await http.list<QuemVisitar>(`${base}/quem_visitar`, f, signal);
        return { ...r, rows: r.rows.map((l) => ({ ...l, id: `${l.familia_id}:${l.municipe_id ?? ''}` })) };
      }),
    placeholderData: keepPreviousData,
  });
};

/** A line of the ACE's list, with the id a list needs: the property. */
export type LinhaQuemVisitarImovel = QuemVisitarImovel & { id: string };

/** The ACE's properties due an endemic-control visit (issue 44), kept on the device like the people's list. */
export const useQuemVisitarImoveis = (f: Partial<QuemVisitarFilters>) => {
  const dono = useDono();
  const url = `${base}/quem_visitar/imoveis`;
  return useQuery({
    ...COM_COPIA,
    queryKey: visitaKeys.quemVisitarImoveis(f),
    queryFn: ({ signal }) =>
      lerComCopia(dono, url, f, async () => {
        const r = await http.list<QuemVisitarImovel>(url, f, signal);
        return { ...r, rows: r.rows.map((l) => ({ ...l, id: l.domicilio_id })) };
      }),
    placeholderData: keepPreviousData,
  });
};

export const useHistoricoVisitas = (f: Partial<VisitaDomiciliarFilters>, enabled = true) => {
  const dono = useDono();
  return useQuery({
    ...COM_COPIA,
    queryKey: visitaKeys.historico(f),
    queryFn: ({ signal }) => lerComCopia(dono, base, f, () => http.list<VisitaDomiciliar>(base, f, signal)),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useContextoVisita = (f: ContextoFiltros, enabled = true) => {
  const dono = useDono();
  return useQuery({
    ...COM_COPIA,
    queryKey: visitaKeys.contexto(f),
    queryFn: ({ signal }) =>
      lerComCopia(dono, `${base}/contexto`, f, () => http.get<VisitaContexto>(`${base}/contexto`, f, signal)),
    enabled,
    retry: false,
  });
};

/** What the visit form shows of a citizen without a family: the only fields kept on the device. */
export type MunicipeVisitado = { id: string; nome: string; data_nascimento: string; sexo_id: number };

/**
 * A citizen without a family, for their visit form (issue 39): read online (an audited read) and kept on the device
 * with only what the form shows, so the form opens offline once it was opened with internet.
 */
export const useMunicipeVisitado = (id: string | undefined) => {
  const dono = useDono();
  const url = `/api/v1/municipes/${id}`;
  return useQuery({
    ...COM_COPIA,
    queryKey: [...visitaKeys.all, 'municipe', id ?? ''] as const,
    queryFn: ({ signal }) =>
      lerComCopia(dono, url, undefined, async (): Promise<MunicipeVisitado> => {
        const m = await http.get<Municipe>(url, undefined, signal);
        return { id: m.id, nome: m.nome_social ?? m.nome, data_nascimento: m.data_nascimento, sexo_id: m.sexo_id };
      }),
    enabled: id !== undefined,
    retry: false,
  });
};

/** Spec §7: the visit form asks the family's state first and opens only when it has not moved away. */
export const useSituacaoFamilia = (id: string | undefined) => {
  const dono = useDono();
  const url = `/api/atencao_primaria/familias/${id}`;
  return useQuery({
    ...COM_COPIA,
    queryKey: visitaKeys.situacaoFamilia(id ?? ''),
    // Offline, the state last seen: a move the device has not heard of ends as a refusal in the queue.
    queryFn: ({ signal }) => lerComCopia(dono, url, undefined, () => http.get<Familia>(url, undefined, signal)),
    enabled: id !== undefined,
    retry: false,
    // Always the server's current answer: another agent may have flagged the family a minute ago.
    staleTime: 0,
  });
};

export function useSalvarVisita() {
  const qc = useQueryClient();
  return useMutation({
    // The body carries the id generated when the form opened: a retry answers the visit already saved.
    mutationFn: (body: VisitaDomiciliarInput) => http.post<VisitaDomiciliar>(base, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: visitaKeys.all });
    },
  });
}

export function useCancelarVisita() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CancelarVisitaInput & { id: string }) =>
      http.post<VisitaDomiciliar>(`${base}/${id}/cancelar`, body),
    onSettled: () => {
      // Also after a 409 (already cancelled elsewhere): the history shows the current state.
      void qc.invalidateQueries({ queryKey: visitaKeys.all });
    },
  });
}
