// ux.md: search is focused when a list opens and Enter searches.
import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export interface SearchBoxProps {
  /** The search in effect (from the URL). */
  value?: string;
  onSearch: (q: string) => void;
  label?: string;
  placeholder?: string;
  /** @default true */
  autoFocus?: boolean;
  /** Why the search in effect cannot run (shown under the box, e.g. 'deve conter pelo menos 3 caracteres'). */
  error?: string | null;
}

export function SearchBox({
  value = '',
  onSearch,
  label = 'Buscar',
  placeholder,
  autoFocus = true,
  error,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [prev, setPrev] = useState(value);
  // Back/forward change the URL: show the search in effect.
  if (value !== prev) {
    setPrev(value);
    setText(value);
  }
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  return (
    <TextInput
      ref={ref}
      type="search"
      label={label}
      placeholder={placeholder}
      error={error || undefined}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onSearch(text.trim());
        }
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            aria-label="Limpar busca"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          />
        ) : null
      }
      styles={{ input: { minHeight: 44 } }}
      style={{ flex: '1 1 260px' }}
    />
  );
}
