// A code field searched on the server (GET /api/v1/codigos/{tabela}?q=): the large e-SUS tables (CBO's 2,721
// occupations, CID-10, municipalities) are never shipped to the browser whole (issue 15). The field shows a saved
// code by its name, asked once with ?codigo= and kept for the session.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { http } from '../http';
import { useBound, type BoundFieldProps } from './fields';
import { ReadOnlyValue } from './ReadOnlyView';
import { SearchSelect, useServerSearch } from './SearchSelect';

/** The tables the API searches (apps/api/src/modules/codigos/routes.ts). */
export type TabelaCodigo = 'cbo' | 'cid10_categoria' | 'municipio' | 'pais' | 'etnia';
export type CodigoRow = { codigo: string; descricao: string };

/** What to type before the server is asked: one letter matches most of a table. */
const MINIMO = 2;
const URL = (tabela: TabelaCodigo) => `/api/v1/codigos/${tabela}`;
const codigoKey = (tabela: TabelaCodigo, codigo: string | null) => ['codigos', tabela, 'codigo', codigo] as const;

/** 'AGENTE COMUNITÁRIO DE SAÚDE (515105)': the name, then the code. */
export const codigoRotulo = (r: CodigoRow) => `${r.descricao} (${r.codigo})`;

const opcaoCodigo = (r: CodigoRow) => ({ value: r.codigo, label: codigoRotulo(r) });

/** The row of one stored code (null when the table has no such code). Reference data: fetched once per session. */
export function useCodigo(tabela: TabelaCodigo, codigo: string | null | undefined) {
  return useQuery({
    queryKey: codigoKey(tabela, codigo ?? null),
    queryFn: async ({ signal }) => (await http.get<CodigoRow[]>(URL(tabela), { codigo: codigo! }, signal))[0] ?? null,
    enabled: Boolean(codigo),
    staleTime: Infinity,
  });
}

/** A stored code as its label for reading; the code itself until (or unless) its name is known; null when empty. */
export function useCodigoNome(tabela: TabelaCodigo, codigo: string | null | undefined): string | null {
  const row = useCodigo(tabela, codigo).data;
  if (!codigo) return null;
  return row ? codigoRotulo(row) : codigo;
}

/** The rows matching what was typed (name words or the start of a code), at most 50, best first. */
export function useBuscaCodigos(tabela: TabelaCodigo, q: string) {
  const termo = q.trim();
  return useQuery({
    queryKey: ['codigos', tabela, 'q', termo],
    queryFn: ({ signal }) => http.get<CodigoRow[]>(URL(tabela), { q: termo }, signal),
    enabled: termo.length >= MINIMO,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/** A searchable select over a server-searched code table, bound to a form field holding the code (or null). */
export function CodeSearchField<T extends FieldValues, TT = T>(
  props: BoundFieldProps<T, TT> & { tabela: TabelaCodigo },
) {
  const { tabela } = props;
  const { field, common, view } = useBound(props);
  const queryClient = useQueryClient();
  const valor = (field.value as string | null | undefined) || null;
  const salvo = useCodigo(tabela, valor);
  const escolhido = salvo.data ? codigoRotulo(salvo.data) : undefined;
  const search = useServerSearch({
    chosen: valor ? { value: valor, label: escolhido ?? valor } : null,
    minLength: MINIMO,
    delay: 250,
  });
  const resultados = useBuscaCodigos(tabela, search.termo);

  if (view) return <ReadOnlyValue label={props.label}>{valor ? (escolhido ?? valor) : null}</ReadOnlyValue>;

  return (
    <SearchSelect
      {...common}
      placeholder={props.placeholder ?? 'Digite o nome ou o código'}
      clearable={!props.required}
      {...search.selectProps(
        { data: resultados.data, isFetching: resultados.isFetching || salvo.isFetching },
        opcaoCodigo,
        'Nenhuma opção encontrada',
      )}
      limit={50}
      value={valor}
      ref={field.ref}
      onChange={(v) => {
        const row = v ? resultados.data?.find((r) => r.codigo === v) : undefined;
        // The name of what was picked is known: no request to show it.
        if (row) queryClient.setQueryData(codigoKey(tabela, row.codigo), row);
        field.onChange(v ?? null);
      }}
    />
  );
}
