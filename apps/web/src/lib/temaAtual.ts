import { queryOptions, useQuery } from '@tanstack/react-query';
import { COR_BARRA_PADRAO, textoPorLuminancia } from '@saude/shared/cores';
import type { TemaAtual } from '@saude/shared/tema_atual';
import { http } from './http';
import { parametrizacaoQuery } from './parametrizacao';

// Spec §7: after parametrizacao, the campaign theme in force today (204: none). The API answers an ETag with
// `no-cache`, so the browser revalidates and a 304 costs no image. Kept tiny: the shell loads it at start (issue 15).
export const temaAtualQuery = queryOptions({
  queryKey: ['tema_atual'],
  queryFn: async ({ signal }) =>
    (await http.get<TemaAtual | undefined>('/api/v1/ferramentas/tema_atual', undefined, signal)) ?? null,
  staleTime: 15 * 60_000,
});

/** The theme in force (null: none), and the top bar's colours: its primary colour, text by the luminance rule. */
export function useTemaAtual() {
  const { data: parametros } = useQuery(parametrizacaoQuery);
  const { data: tema } = useQuery({ ...temaAtualQuery, enabled: parametros !== undefined });
  const fundo = tema?.cor_primaria ?? COR_BARRA_PADRAO;
  return { tema: tema ?? null, fundo, texto: textoPorLuminancia(fundo) };
}
