// A select whose options are the server's answer to what is typed (citizens, families, municipalities, codes).
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { touchInputStyles } from './FieldLabel';

export function SearchSelect(props: SelectProps) {
  return (
    <Select
      searchable
      clearable
      styles={touchInputStyles}
      // The server already searched (accents, misspellings, any word order): show its answer as it is.
      filter={({ options }) => options}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}

export type SearchOption = { value: string; label: string; disabled?: boolean };

/** What the server answered for the term: a react-query result of rows. */
type Results<R> = { data?: R[] | undefined; isFetching: boolean };

/**
 * A server-searched SearchSelect's state. `termo` is what to ask the server for: the typed text, debounced, and empty
 * while shorter than `minLength` or while the box shows the chosen option's label (a pick is not a new search).
 * `selectProps` turns the server's answer into the select's props: the options (the chosen one kept on top when the
 * answer no longer brings it), the typed text, and what the list says while searching or when nothing matched (the
 * placeholder says how much to type).
 */
export function useServerSearch({
  chosen = null,
  minLength = 3,
  delay = 300,
}: { chosen?: SearchOption | null; minLength?: number; delay?: number } = {}) {
  const [busca, setBusca] = useState('');
  const [q] = useDebouncedValue(busca, delay);
  const typed = q.trim();
  const termo = typed.length < minLength || (chosen && q === chosen.label) ? '' : typed;
  const asked = termo !== '' || minLength === 0;

  function selectProps<R>(results: Results<R>, toOption: (row: R) => SearchOption, nothingFound: string) {
    const data = asked ? (results.data ?? []).map(toOption) : [];
    if (chosen && !data.some((o) => o.value === chosen.value)) data.unshift(chosen);
    return {
      data,
      searchValue: busca,
      onSearchChange: setBusca,
      // Nothing said before the server was asked: an open list with no option is an empty listbox (axe).
      nothingFoundMessage: !asked ? undefined : results.isFetching ? 'Buscando…' : nothingFound,
      rightSection: results.isFetching ? <Loader size="xs" aria-hidden /> : undefined,
    } satisfies Partial<SelectProps>;
  }

  return { termo, selectProps };
}
