// A code field searched on the server (GET /api/v1/codigos/{tabela}?q=): the large e-SUS tables (CBO's 2,721
// occupations, CID-10, municipalities) are never shipped to the browser whole (issue 15). The field shows a saved
// code by its name, asked once with ?codigo= and kept for the session.
import { Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { http } from '../http';
import { useBound, type BoundFieldProps } from './fields';
import { ReadOnlyValue } from './ReadOnlyView';
import { SearchSelect } from './SearchSelect';

/** The tables the API searches (apps/api/src/modules/codigos/routes.ts). */
export type TabelaCodigo = 'cbo' | 'cid10_categoria' | 'municipio' | 'pais' | 'etnia';
export type CodigoRow = { codigo: string; descricao: string };

/** What to type before the server is asked: one letter matches most of a table. */
const MINIMO = 2;
const URL = (tabela: TabelaCodigo) => `/api/v1/codigos/${tabela}`;
const codigoKey = (tabela: TabelaCodigo, codigo: string | null) => ['codigos', tabela, 'codigo', codigo] as const;

/** 'AGENTE COMUNITÁRIO DE SAÚDE (515105)': the name, then the code. */
export const codigoRotulo = (r: CodigoRow) => `${r.descricao} (${r.codigo})`;

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
  const [busca, setBusca] = useState('');
  const [q] = useDebouncedValue(busca, 250);
  // Once picked, the box shows the option's label: that is not a new search.
  const termo = q === escolhido ? '' : q;
  const resultados = useBuscaCodigos(tabela, termo);

  if (view) return <ReadOnlyValue label={props.label}>{valor ? (escolhido ?? valor) : null}</ReadOnlyValue>;

  const rows = termo.trim().length >= MINIMO ? (resultados.data ?? []) : [];
  const data = rows.map((r) => ({ value: r.codigo, label: codigoRotulo(r) }));
  if (valor && !data.some((o) => o.value === valor)) data.unshift({ value: valor, label: escolhido ?? valor });
  return (
    <SearchSelect
      {...common}
      placeholder={props.placeholder ?? 'Digite o nome ou o código'}
      clearable={!props.required}
      data={data}
      limit={50}
      value={valor}
      searchValue={busca}
      onSearchChange={setBusca}
      nothingFoundMessage={
        termo.trim().length >= MINIMO && !resultados.isFetching ? 'Nenhuma opção encontrada' : undefined
      }
      rightSection={resultados.isFetching || salvo.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      ref={field.ref}
      onChange={(v) => {
        const row = v ? rows.find((r) => r.codigo === v) : undefined;
        // The name of what was picked is known: no request to show it.
        if (row) queryClient.setQueryData(codigoKey(tabela, row.codigo), row);
        field.onChange(v ?? null);
      }}
    />
  );
}
