// Filters applied when complete, never on every keystroke (3G): text on Enter or when left, dates once whole.
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { DateInput } from '../form/DateInput';
import { touchInputStyles } from '../form/FieldLabel';

export function FilterText({
  label,
  placeholder,
  value,
  onChange,
  maxLength,
  w,
}: {
  label: string;
  placeholder?: string;
  value?: string;
  onChange: (v: string | undefined) => void;
  maxLength: number;
  w: number;
}) {
  const [texto, setTexto] = useState(value ?? '');
  const [anterior, setAnterior] = useState(value);
  // Back/forward change the URL: show the filter in effect.
  if (value !== anterior) {
    setAnterior(value);
    setTexto(value ?? '');
  }
  const aplicar = () => {
    const v = texto.trim() || undefined;
    if (v !== value) onChange(v);
  };
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      w={w}
      maxLength={maxLength}
      styles={touchInputStyles}
      value={texto}
      onChange={(e) => setTexto(e.currentTarget.value)}
      onBlur={aplicar}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          aplicar();
        }
      }}
    />
  );
}

/** A date filter: the list asks only once the date is complete (or cleared), never with half-typed text. */
export function FilterDate({
  label,
  value,
  onChange,
}: {
  label: string;
  value?: string;
  onChange: (v: string | undefined) => void;
}) {
  const [texto, setTexto] = useState<string | null>(value ?? null);
  return (
    <DateInput
      label={label}
      w={170}
      value={texto}
      onChange={(v) => {
        setTexto(v);
        if (!v) onChange(undefined);
        else if (/^\d{4}-\d{2}-\d{2}$/.test(v)) onChange(v);
      }}
    />
  );
}
