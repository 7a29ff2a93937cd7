// Filters applied when complete, never on every keystroke (3G): text on Enter or when left, dates once whole.
import { TextInput, type SelectProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { touchInputStyles } from '../form/touch';
import { FilterSelect } from './FilterSelect';
export { FilterSelect };

// The date picker and its mask are the form kit's heaviest part (~45 kB gzip): a list shows its rows first and its
// date filters a moment later, instead of every list paying for them up front (issue 15).
const DateInput = lazy(() => import('../form/DateInput').then((m) => ({ default: m.DateInput })));
const isoToBr = (iso: string) => iso.split('-').reverse().join('/');

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
  // Until the picker's code is there: the same field, showing the filter in effect.
  const loading = <TextInput label={label} w={170} styles={touchInputStyles} readOnly value={isoToBr(texto ?? '')} />;
  return (
    <Suspense fallback={loading}>
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
    </Suspense>
  );
}

const cepTexto = (digits: string) => (digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits);

/**
 * The CEP filter: shown masked (00000-000) as it is typed, asked only when whole or cleared. A few lines instead of
 * the form kit's masked input, which brings the mask library (~16 kB gzip) to the list.
 */
export function FilterCep({
  label = 'CEP',
  value,
  onChange,
}: {
  label?: string;
  value?: string;
  onChange: (digits: string | undefined) => void;
}) {
  const [digits, setDigits] = useState(value ?? '');
  const [anterior, setAnterior] = useState(value);
  // Back/forward change the URL: show the filter in effect.
  if (value !== anterior) {
    setAnterior(value);
    setDigits(value ?? '');
  }
  return (
    <TextInput
      label={label}
      w={140}
      inputMode="numeric"
      styles={touchInputStyles}
      value={cepTexto(digits)}
      onChange={(e) => {
        const d = e.currentTarget.value.replace(/\D/g, '').slice(0, 8);
        setDigits(d);
        if (d.length === 8 || d === '') onChange(d || undefined);
      }}
    />
  );
}

/**
 * A select filter bound to one param (`{...list.bind('situacao')}`): the URL carries numbers as text, and a cleared
 * select is no filter (the param's default then).
 */
export function FilterChoice({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'value' | 'onChange'> & {
  value?: string | number;
  // The param's own type (a union of its values, a number): the select gives its text, which the URL parses.
  onChange: (v: never) => void;
}) {
  return (
    <FilterSelect
      styles={touchInputStyles}
      {...props}
      value={value === undefined ? null : String(value)}
      onChange={(v) => (onChange as (v: string | undefined) => void)(v ?? undefined)}
    />
  );
}
