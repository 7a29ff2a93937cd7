// A select whose options are the server's answer to what is typed (citizens, families, municipalities).
import { Select, type SelectProps } from '@mantine/core';
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
