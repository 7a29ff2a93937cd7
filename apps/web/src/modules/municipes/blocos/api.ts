// Data hooks of the citizen's clinical blocks (issue 5): sociodemographic data and health conditions.
// Each block is one document per citizen with its own lock_version (null until first saved).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CondicaoSaude,
  CondicaoSaudeValues,
  Sociodemografica,
  SociodemograficaValues,
} from '@saude/shared/schemas/municipe';
import type { Biometrias } from '@saude/shared/schemas/municipe_biometria';
import { http } from '../../../lib/http';

/** URL segment of each block under /api/v1/municipes/:id. */
export type BlocoPath = 'sociodemografica' | 'condicao_saude';

export type BlocoOut = { sociodemografica: Sociodemografica; condicao_saude: CondicaoSaude };
type BlocoIn = { sociodemografica: SociodemograficaValues; condicao_saude: CondicaoSaudeValues };

export const blocoKeys = {
  // Under ['municipes', id] so invalidating the citizen also refreshes its blocks.
  bloco: (id: string, bloco: BlocoPath) => ['municipes', id, bloco] as const,
};

const url = (id: string, bloco: BlocoPath) => `/api/v1/municipes/${id}/${bloco}`;

/** The block as the server has it now (an audited read), outside the page's cache. */
export const getBloco = <B extends BlocoPath>(id: string, bloco: B, signal?: AbortSignal) =>
  http.get<BlocoOut[B]>(url(id, bloco), undefined, signal);

/** GET the block (the API audits the read). Never-saved blocks answer lock_version null and empty answers. */
export function useBloco<B extends BlocoPath>(id: string, bloco: B) {
  return useQuery({
    queryKey: blocoKeys.bloco(id, bloco),
    queryFn: ({ signal }) => getBloco(id, bloco, signal),
    // A read is audited: do not re-read on every focus of the window.
    refetchOnWindowFocus: false,
  });
}

export type SaveBlocoBody<B extends BlocoPath> = BlocoIn[B] & { lock_version: number | null };

/**
 * Saves the block. PUT with the lock_version read (null creates the block; the API then also asks for the create
 * permission); POST when the block is new and the user may create but not update (PUT needs update).
 * A stale lock_version answers 409.
 */
export function useSaveBloco<B extends BlocoPath>(id: string, bloco: B, { podeAtualizar }: { podeAtualizar: boolean }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBlocoBody<B>) =>
      body.lock_version === null && !podeAtualizar
        ? http.post<BlocoOut[B]>(url(id, bloco), body)
        : http.put<BlocoOut[B]>(url(id, bloco), body),
    // The answer is the block as stored: no second (audited) read.
    onSuccess: (data) => qc.setQueryData(blocoKeys.bloco(id, bloco), data),
  });
}

// ---- fingerprints (issue 39): GET lists the fingers (audited), PUT stores or replaces one, DELETE removes one ------

const biometriasUrl = (id: string) => `/api/v1/municipes/${id}/biometrias`;
const biometriasKey = (id: string) => ['municipes', id, 'biometrias'] as const;

/** The citizen's registered fingers (never the templates). */
export function useBiometrias(id: string) {
  return useQuery({
    queryKey: biometriasKey(id),
    queryFn: ({ signal }) => http.get<Biometrias>(biometriasUrl(id), undefined, signal),
    refetchOnWindowFocus: false,
  });
}

/** Both writes answer the fingers as stored: no second (audited) read. */
export function useGravarBiometria(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { dedo: number; template_base64: string; qualidade: number }) =>
      http.put<Biometrias>(biometriasUrl(id), body),
    onSuccess: (data) => qc.setQueryData(biometriasKey(id), data),
  });
}

export function useRemoverBiometria(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (dedo: number) => http.delete<Biometrias>(`${biometriasUrl(id)}/${dedo}`),
    onSuccess: (data) => qc.setQueryData(biometriasKey(id), data),
  });
}
