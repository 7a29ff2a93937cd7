import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Parametrizacao } from '@saude/shared';
import { http } from './http';

// Spec §7: fetched once at start, public (the login page shows the crest and the client name).
export const parametrizacaoQuery = queryOptions({
  queryKey: ['parametrizacao'],
  queryFn: ({ signal }) => http.get<Parametrizacao>('/api/ferramentas/parametrizacao', undefined, signal),
  staleTime: Infinity,
});

export const BRASAO_PADRAO = '/brasao.svg';

export function useParametrizacao() {
  const { data } = useQuery(parametrizacaoQuery);
  return { clienteNome: data?.cliente_nome ?? '', brasao: data?.brasao || BRASAO_PADRAO, parametrizacao: data };
}
