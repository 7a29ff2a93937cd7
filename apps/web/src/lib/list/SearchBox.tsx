// ux.md: search is focused when a list opens; it searches as the user types (after a pause) and at once on Enter.
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
  /** Pause after the last key before searching by itself; 0 searches only on Enter. @default 400 */
  debounceMs?: number;
  /** Fewer characters than this do not search by themselves (Enter still does and shows why). @default 3 */
  minLength?: number;
}

export const SEARCH_DEBOUNCE_MS = 400;

export function SearchBox({
  value = '',
  onSearch,
  label = 'Buscar',
  placeholder,
  autoFocus = true,
  error,
  debounceMs = SEARCH_DEBOUNCE_MS,
  minLength = 3,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [prev, setPrev] = useState(value);
  // What this box last asked for: its arrival in the URL must not overwrite what was typed since.
  const [sent, setSent] = useState<string | null>(null);
  // Back/forward change the URL: show the search in effect.
  if (value !== prev) {
    setPrev(value);
    if (value !== sent) setText(value);
  }
  const search = (q: string) => {
    setSent(q);
    onSearch(q);
  };
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  // The latest props, read when the pause ends, so a parent's re-render does not restart it.
  const latest = useRef({ value, search });
  useEffect(() => {
    latest.current = { value, search };
  });
  useEffect(() => {
    const q = text.trim();
    if (!debounceMs || q === value || (q !== '' && q.length < minLength)) return undefined;
    const t = setTimeout(() => {
      if (q !== latest.current.value) latest.current.search(q);
    }, debounceMs);
    return () => clearTimeout(t);
  }, [text, value, debounceMs, minLength]);

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
          search(text.trim());
        }
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            aria-label="Limpar busca"
            onClick={() => {
              setText('');
              search('');
            }}
          />
        ) : null
      }
      styles={{ input: { minHeight: 44 } }}
      style={{ flex: '1 1 260px' }}
    />
  );
}
