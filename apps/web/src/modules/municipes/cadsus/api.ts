// The national registry lookup (issue 24): asked on a click, never retried (a slow registry already took 5 s).
import { useQuery } from '@tanstack/react-query';
import type {
  CadsusBuscaNome,
  CadsusCandidatos,
  CadsusEstado,
  CadsusMunicipe,
} from '@saude/shared/schemas/municipe_cadsus';
import { isValidCns } from '@saude/shared/validation/cns';
import { isValidCpf } from '@saude/shared/validation/cpf';
import { onlyDigits } from '@saude/shared/validation/digits';
import { usePode } from '../../../lib/access';
import { http } from '../../../lib/http';

export type ConsultaCadsus = { cpf: string } | { cns: string };

export const buscarNoCadsus = (consulta: ConsultaCadsus | { candidato: string }, signal?: AbortSignal) =>
  http.get<CadsusMunicipe>('/api/v1/municipes/cadsus', consulta, signal);

/** Issue 43: who has this name and birth date (dd/MM/yyyy), and mother when typed. */
export const buscarCandidatos = (busca: CadsusBuscaNome, signal?: AbortSignal) =>
  http.get<CadsusCandidatos>('/api/v1/municipes/cadsus/candidatos', busca, signal);

/** Which document to ask by: a valid CPF first, else a valid CNS; null when neither is there yet. */
export function consultaDe(cpf: unknown, cns: unknown): ConsultaCadsus | null {
  const c = onlyDigits(typeof cpf === 'string' ? cpf : '');
  if (isValidCpf(c)) return { cpf: c };
  const n = onlyDigits(typeof cns === 'string' ? cns : '');
  return isValidCns(n) ? { cns: n } : null;
}

/** Whether to offer the lookup: the user may, and the municipality configured it (spec §7 parametrizacao/cadsus). */
export function useCadsusDisponivel(): boolean {
  const pode = usePode('municipes:cadsus');
  const estado = useQuery({
    queryKey: ['ferramentas', 'parametrizacao', 'cadsus'],
    queryFn: ({ signal }) => http.get<CadsusEstado>('/api/v1/ferramentas/parametrizacao/cadsus', undefined, signal),
    enabled: pode,
    staleTime: 10 * 60_000,
    retry: false,
  });
  return pode && estado.data?.configurado === true;
}
