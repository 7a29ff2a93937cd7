// Form fields bound to react-hook-form, each with the label conventions (FieldLabel) and its error under it.
// Module screens compose these: <CpfField control={form.control} name="cpf" label="CPF" required />.
// One null convention: a field shows null as empty and writes null when the user empties it (choiceFields.tsx too).
import { InputBase, TextInput, Textarea, type TextInputProps, type TextareaProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { IMaskInput } from 'react-imask';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldLabel, touchInputStyles } from './FieldLabel';
import { CepInput, CnsInput, CpfInput, PhoneInput, type DigitsInputProps } from './MaskedInput';
import { DecimalInput, IntegerInput, type DecimalInputProps, type NumericInputProps } from './NumberInputs';
import { DateInput, type DateInputProps } from './DateInput';
import { isoToBr } from './dates';
import { maskCep, maskCns, maskCpf, maskPhone } from './masks';
import { ReadOnlyValue, useReadOnlyView } from './ReadOnlyView';

export interface BoundFieldProps<T extends FieldValues, TT = T> extends FieldText {
  // The third type argument lets forms whose schema transforms values (zod defaults) pass their control.
  control: Control<T, unknown, TT>;
  name: FieldPath<T>;
}

/** What a field says and how it may be used, apart from the form it is bound to. */
export interface FieldText {
  label: ReactNode;
  /** Shows the red asterisk titled 'obrigatório' (spec §5); the schema still decides. */
  required?: boolean;
  /** Help shown from an info icon next to the label (spec §8 tooltips). */
  tooltip?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
}

export function useBound<T extends FieldValues, TT>(props: BoundFieldProps<T, TT>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const labelProps = useFieldLabel({ label: props.label, required: props.required, tooltip: props.tooltip });
  // Inside <ReadOnlyView> a field renders its answer as text (ReadOnlyValue) instead of its input.
  const view = useReadOnlyView();
  return {
    field,
    view,
    common: {
      ...labelProps,
      name: field.name,
      onBlur: field.onBlur,
      error: fieldState.error?.message,
      description: props.description,
      disabled: props.disabled ?? field.disabled,
      readOnly: props.readOnly,
      placeholder: props.placeholder,
    },
  };
}

/** A number as read in pt-BR (36,5); null when empty. */
const numeroTexto = (v: unknown) => (typeof v === 'number' ? String(v).replace('.', ',') : null);

export type Extra<P> = Omit<
  P,
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'error'
  | 'label'
  | 'name'
  | 'required'
  | 'disabled'
  | 'readOnly'
  | 'placeholder'
  | 'description'
>;

export function TextField<T extends FieldValues, TT = T>(
  props: BoundFieldProps<T, TT> & { inputProps?: Extra<TextInputProps> },
) {
  const { field, common, view } = useBound(props);
  if (view) return <ReadOnlyValue label={props.label}>{field.value as string | null}</ReadOnlyValue>;
  return (
    <TextInput
      {...common}
      styles={touchInputStyles}
      {...props.inputProps}
      ref={field.ref}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => field.onChange(e.currentTarget.value || null)}
    />
  );
}

/**
 * HH:mm typed with a mask: always 24 h whatever the browser's language (a native time input shows '09:00 PM' on some
 * systems), with the numeric keyboard on a tablet. The value is the 'HH:mm' text.
 */
export function TimeField<T extends FieldValues, TT = T>(props: BoundFieldProps<T, TT>) {
  const { field, common, view } = useBound(props);
  if (view) return <ReadOnlyValue label={props.label}>{field.value as string | null}</ReadOnlyValue>;
  return (
    <InputBase
      {...common}
      component={IMaskInput}
      mask="00:00"
      placeholder={props.placeholder ?? 'hh:mm'}
      value={(field.value as string | null | undefined) ?? ''}
      onAccept={(v: string) => {
        if (v !== (field.value ?? '')) field.onChange(v || null);
      }}
      inputRef={field.ref}
      inputMode="numeric"
      autoComplete="off"
      styles={touchInputStyles}
    />
  );
}

export function TextareaField<T extends FieldValues, TT = T>(
  props: BoundFieldProps<T, TT> & { inputProps?: Extra<TextareaProps> },
) {
  const { field, common, view } = useBound(props);
  if (view) {
    return (
      <ReadOnlyValue label={props.label}>
        <span style={{ whiteSpace: 'pre-wrap' }}>{field.value as string | null}</span>
      </ReadOnlyValue>
    );
  }
  return (
    <Textarea
      autosize
      minRows={3}
      {...common}
      {...props.inputProps}
      ref={field.ref}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => field.onChange(e.currentTarget.value || null)}
    />
  );
}

function digitsField(Component: (p: DigitsInputProps) => ReactNode, mask: (d: string | null | undefined) => string) {
  return function DigitsField<T extends FieldValues, TT = T>(
    props: BoundFieldProps<T, TT> & { inputProps?: Extra<DigitsInputProps>; onValueChange?: (digits: string) => void },
  ) {
    const { field, common, view } = useBound(props);
    if (view) return <ReadOnlyValue label={props.label}>{mask(field.value as string | null)}</ReadOnlyValue>;
    return (
      <Component
        {...common}
        {...props.inputProps}
        inputRef={field.ref}
        value={field.value as string | null | undefined}
        onChange={(digits) => {
          field.onChange(digits || null);
          props.onValueChange?.(digits);
        }}
      />
    );
  };
}

/** CPF; the form value is the 11 digits. */
export const CpfField = digitsField(CpfInput, maskCpf);
/** CNS; the form value is the 15 digits. */
export const CnsField = digitsField(CnsInput, maskCns);
/** Phone; the form value is the 10 or 11 digits. */
export const PhoneField = digitsField(PhoneInput, maskPhone);
/** CEP; the form value is the 8 digits. */
export const CepField = digitsField(CepInput, maskCep);

export function IntegerField<T extends FieldValues, TT = T>(
  props: BoundFieldProps<T, TT> & { inputProps?: Extra<NumericInputProps> },
) {
  const { field, common, view } = useBound(props);
  if (view) return <ReadOnlyValue label={props.label}>{numeroTexto(field.value)}</ReadOnlyValue>;
  return (
    <IntegerInput
      {...common}
      {...props.inputProps}
      inputRef={field.ref}
      value={field.value as number | null | undefined}
      onChange={(n) => field.onChange(n)}
    />
  );
}

export function DecimalField<T extends FieldValues, TT = T>(
  props: BoundFieldProps<T, TT> & { inputProps?: Extra<DecimalInputProps> },
) {
  const { field, common, view } = useBound(props);
  if (view) return <ReadOnlyValue label={props.label}>{numeroTexto(field.value)}</ReadOnlyValue>;
  return (
    <DecimalInput
      {...common}
      {...props.inputProps}
      inputRef={field.ref}
      value={field.value as number | null | undefined}
      onChange={(n) => field.onChange(n)}
    />
  );
}

/** Date typed dd/MM/yyyy or picked; the form value is 'yyyy-MM-dd' or null. */
export function DateField<T extends FieldValues, TT = T>(
  props: BoundFieldProps<T, TT> & { minDate?: string; maxDate?: string; inputProps?: Extra<DateInputProps> },
) {
  const { field, common, view } = useBound(props);
  if (view) return <ReadOnlyValue label={props.label}>{isoToBr(field.value as string | null)}</ReadOnlyValue>;
  return (
    <DateInput
      {...common}
      minDate={props.minDate}
      maxDate={props.maxDate}
      {...props.inputProps}
      inputRef={field.ref}
      value={field.value as string | null | undefined}
      onChange={(v) => field.onChange(v)}
    />
  );
}
