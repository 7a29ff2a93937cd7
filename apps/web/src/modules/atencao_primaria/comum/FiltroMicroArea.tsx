// The two-digit micro-area filter of the primary-care lists: digits only, applied when complete or cleared.
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { touchInputStyles } from '../../../lib/form/touch';

export function FiltroMicroArea({ value, onChange }: { value?: string; onChange: (v: string | undefined) => void }) {
  const [texto, setTexto] = useState(value ?? '');
  return (
    <TextInput
      label="Micro-área"
      w={110}
      inputMode="numeric"
      maxLength={2}
      placeholder="00"
      styles={touchInputStyles}
      value={texto}
      onChange={(e) => {
        const v = e.currentTarget.value.replace(/\D/g, '').slice(0, 2);
        setTexto(v);
        if (v.length === 2 || v === '') onChange(v || undefined);
      }}
    />
  );
}
