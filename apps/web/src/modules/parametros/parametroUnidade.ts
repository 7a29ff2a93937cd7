// The one client of GET /api/v1/parametros/unidades_saude/atual/{parametro} and /{id}/{parametro} (spec §7, issue 39): a
// screen that depends on a flag of the user's current unit asks here (the citizen form for cpf_cns, the page guard for
// the modules a unit offers). Keyed by unit, so a change of unit asks again.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { moduloDaUnidade, type UnidadeFlag } from '@saude/shared';
import { http } from '../../lib/http';
import { useUsuario } from '../../lib/session';

const API = '/api/v1/parametros/unidades_saude';
/** The prefix of every flag read: the flags page invalidates it after a save. */
export const PARAMETRO_UNIDADE_KEY = ['parametros', 'unidades_saude', 'atual'] as const;

export const parametroUnidadeQuery = (unidadeId: string, parametro: UnidadeFlag) =>
  queryOptions({
    queryKey: [...PARAMETRO_UNIDADE_KEY, unidadeId, parametro],
    queryFn: async ({ signal }) =>
      (await http.get<{ parametro: UnidadeFlag; valor: boolean }>(`${API}/atual/${parametro}`, undefined, signal))
        .valor,
    staleTime: 60_000,
  });

/** GET …/{id}/{parametro}: a flag of any unit (the "não oferece" page looks for the user's units that have it). */
export const parametroDeUnidadeQuery = (unidadeId: string, parametro: UnidadeFlag) =>
  queryOptions({
    queryKey: ['parametros', 'unidades_saude', unidadeId, parametro],
    queryFn: async ({ signal }) =>
      (
        await http.get<{ parametro: UnidadeFlag; valor: boolean }>(
          `${API}/${unidadeId}/${parametro}`,
          undefined,
          signal,
        )
      ).valor,
    staleTime: 60_000,
  });

/** A flag of the current unit: `data` is its value once read (undefined while loading or without a unit). */
export function useParametroUnidade(parametro: UnidadeFlag) {
  const unidadeId = useUsuario()?.unidade_atual?.id ?? null;
  return useQuery({ ...parametroUnidadeQuery(unidadeId ?? '', parametro), enabled: unidadeId !== null });
}

/**
 * The name of the module of `permission` when the current unit does not offer it (none of its flags on), else null
 * (every unit offers it, or a flag is on, or the flags could not be read: the caller's own answer stands).
 */
export async function moduloNaoOferecido(
  qc: QueryClient,
  unidadeId: string,
  permission: string,
): Promise<string | null> {
  const modulo = moduloDaUnidade(permission);
  if (!modulo) return null;
  try {
    for (const flag of modulo.flags) if (await qc.fetchQuery(parametroUnidadeQuery(unidadeId, flag))) return null;
    return modulo.nome;
  } catch {
    return null;
  }
}
