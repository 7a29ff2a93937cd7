// Integer and decimal inputs with the pt-BR comma (ux.md: 36,5 °C); the form gets a number or null.
import { InputBase } from '@mantine/core';
import { useState } from 'react';
import { IMaskInput } from 'react-imask';
import { touchInputStyles } from './FieldLabel';
import type { MaskInputProps } from './MaskedInput';

export interface NumericInputProps extends MaskInputProps<number, number | null> {
  min?: number;
  max?: number;
}

export interface DecimalInputProps extends NumericInputProps {
  /** Digits after the comma. @default 2 */
  scale?: number;
}

// IMask's unmasked number text uses '.' as the radix, whatever the display radix.
const parse = (text: string): number | null => {
  if (text === '' || text === '-') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};
const toText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function NumericInput({
  value,
  onChange,
  inputRef,
  scale,
  min,
  max,
  styles,
  ...rest
}: NumericInputProps & { scale: number }) {
  // Local text keeps what is being typed ("36," or "36,50"), which a number alone cannot hold.
  const [text, setText] = useState(toText(value));
  const [prevValue, setPrevValue] = useState(value);
  if (value !== prevValue) {
    setPrevValue(value);
    if (parse(text) !== (value ?? null)) setText(toText(value));
  }
  return (
    <InputBase
      component={IMaskInput}
      // Spread: InputBase's polymorphic props cannot see IMask's per-mask options.
      {...{
        mask: Number,
        scale,
        radix: ',',
        mapToRadix: ['.'],
        thousandsSeparator: '',
        normalizeZeros: true,
        min,
        max,
      }}
      unmask
      value={text}
      onAccept={(next: string) => {
        if (next === text) return;
        setText(next);
        const n = parse(next);
        if (n !== (value ?? null)) onChange?.(n);
      }}
      inputRef={inputRef}
      inputMode={scale > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      styles={styles ?? touchInputStyles}
      {...rest}
    />
  );
}

/** Whole numbers only. */
export const IntegerInput = (props: NumericInputProps) => <NumericInput scale={0} {...props} />;
/** Decimal with comma, e.g. 36,5; the form value is the number 36.5. */
export const DecimalInput = ({ scale = 2, ...props }: DecimalInputProps) => <NumericInput scale={scale} {...props} />;
