// A select whose options are the server's answer to what is typed (citizens, families, municipalities).
import { Select, type SelectProps } from '@mantine/core';
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

/** A server-searched SearchSelect's typed text (its props) and the debounced value to ask the server for. */
export function useServerSearch(delay = 300) {
  const [busca, setBusca] = useState('');
  const [q] = useDebouncedValue(busca, delay);
  return { q, searchProps: { searchValue: busca, onSearchChange: setBusca } };
}
