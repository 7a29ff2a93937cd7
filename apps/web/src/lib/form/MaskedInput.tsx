// Masked inputs for Brazilian documents, drawn by Mantine's InputBase so they look like every other input.
import { InputBase, type InputBaseProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { IMaskInput } from 'react-imask';
import { CEP_MASK, CNS_MASK, CPF_MASK, PHONE_MASKS, onlyDigits } from './masks';
import { touchInputStyles } from './FieldLabel';

type HtmlInputProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  // IMask reads min, max and pattern as mask options; value/onChange have our own shape.
  'value' | 'defaultValue' | 'onChange' | 'size' | 'min' | 'max' | 'pattern' | 'style' | 'className'
>;

/** The props of the kit's masked inputs (documents, numbers, dates): the value, what onChange gets, the DOM input. */
export interface MaskInputProps<V, C = V> extends Omit<InputBaseProps, 'onChange'>, HtmlInputProps {
  value?: V | null;
  onChange?: (value: C) => void;
  /** The DOM input (react-hook-form's field.ref, to focus on error). */
  inputRef?: Ref<HTMLInputElement>;
}

/** Digits only, e.g. '12345678901'. The mask is only for the eye (docs/decisions.md). */
export type DigitsInputProps = MaskInputProps<string>;

interface MaskedDigitsInputProps extends DigitsInputProps {
  mask: string | typeof PHONE_MASKS;
}

/** Shows the mask while typing and hands the form only the digits. */
export function MaskedDigitsInput({ mask, value, onChange, inputRef, styles, ...rest }: MaskedDigitsInputProps) {
  return (
    <InputBase
      component={IMaskInput}
      mask={mask}
      unmask
      value={onlyDigits(value)}
      // onAccept fires for typed, pasted and deleted text, with the unmasked digits.
      onAccept={(digits: string) => {
        if (digits !== onlyDigits(value)) onChange?.(digits);
      }}
      inputRef={inputRef}
      inputMode="numeric"
      autoComplete="off"
      styles={styles ?? touchInputStyles}
      {...rest}
    />
  );
}

/** CPF as 000.000.000-00. */
export const CpfInput = (props: DigitsInputProps) => <MaskedDigitsInput mask={CPF_MASK} {...props} />;
/** CNS (cartão nacional de saúde) as 000 0000 0000 0000. */
export const CnsInput = (props: DigitsInputProps) => <MaskedDigitsInput mask={CNS_MASK} {...props} />;
/** Phone as (00) 0000-0000 or, with 11 digits, (00) 00000-0000. */
export const PhoneInput = (props: DigitsInputProps) => <MaskedDigitsInput mask={PHONE_MASKS} {...props} />;
/** CEP as 00000-000. */
export const CepInput = (props: DigitsInputProps) => <MaskedDigitsInput mask={CEP_MASK} {...props} />;
