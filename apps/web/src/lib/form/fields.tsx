// Form fields bound to react-hook-form, each with the label conventions (FieldLabel) and its error under it.
// Module screens compose these: <CpfField control={form.control} name="cpf" label="CPF" required />.
// One null convention: a field shows null as empty and writes null when the user empties it (choiceFields.tsx too).
import { InputBase, TextInput, Textarea, type TextInputProps, type TextareaProps } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { IMaskInput } from 'react-imask';
import { get, useController, useFormState, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldLabel, touchInputStyles } from './FieldLabel';
import { CepInput, CnsInput, CpfInput, PhoneInput } from './MaskedInput';
import { DecimalInput, IntegerInput } from './NumberInputs';
import { DateInput, isGenericDateError, type DateInputProps } from './DateInput';
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

/** An on/off field's props (checkbox, switch): checked for true, and whether a read-only view shows it instead. */
/** `valores`: what the field holds on and off, when not true/false (e.g. 'ativo'/'inativo'). */
export function useChecked<T extends FieldValues, TT>(
  props: BoundFieldProps<T, TT>,
  valores?: readonly [ligado: unknown, desligado: unknown],
) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const checked = valores ? field.value === valores[0] : Boolean(field.value);
  return {
    view: useReadOnlyView(),
    value: (valores ? checked : field.value) as unknown,
    input: {
      error: fieldState.error?.message,
      disabled: props.disabled,
      name: field.name,
      ref: field.ref,
      onBlur: field.onBlur,
      checked,
      onChange: ({ currentTarget: { checked: c } }: { currentTarget: { checked: boolean } }) =>
        field.onChange(valores ? valores[c ? 0 : 1] : c),
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

/** What a masked input hands its onChange: digits, a number or a date. */
type InputValue<P> = P extends { onChange?: (value: infer V) => void } ? V : never;

/**
 * A field over one of the kit's masked inputs: the input's value is the form's (empty written as null), and a
 * read-only view shows it as `text` does.
 */
function boundInput<P extends object>(
  Component: (p: P) => ReactNode,
  text: (v: InputValue<P> | null) => string | null,
) {
  return function InputField<T extends FieldValues, TT = T>(
    props: BoundFieldProps<T, TT> & { inputProps?: Extra<P>; onValueChange?: (value: InputValue<P>) => void },
  ) {
    const { field, common, view } = useBound(props);
    if (view) return <ReadOnlyValue label={props.label}>{text(field.value as InputValue<P> | null)}</ReadOnlyValue>;
    const input = {
      ...common,
      ...props.inputProps,
      inputRef: field.ref,
      value: field.value as unknown,
      onChange: (v: InputValue<P>) => {
        field.onChange(v === '' ? null : v);
        props.onValueChange?.(v);
      },
    };
    return <Component {...(input as unknown as P)} />;
  };
}

/** CPF; the form value is the 11 digits. */
export const CpfField = boundInput(CpfInput, maskCpf);
/** CNS; the form value is the 15 digits. */
export const CnsField = boundInput(CnsInput, maskCns);
/** Phone; the form value is the 10 or 11 digits. */
export const PhoneField = boundInput(PhoneInput, maskPhone);
/** CEP; the form value is the 8 digits. */
export const CepField = boundInput(CepInput, maskCep);
/** Whole numbers; the form value is the number or null. */
export const IntegerField = boundInput(IntegerInput, numeroTexto);
/** Decimal with comma (36,5); the form value is the number 36.5 or null. */
export const DecimalField = boundInput(DecimalInput, numeroTexto);
const DateBound = boundInput(DateInput, isoToBr);

/** Date typed dd/MM/yyyy or picked; the form value is 'yyyy-MM-dd' or null. */
export function DateField<T extends FieldValues, TT = T>(
  props: BoundFieldProps<T, TT> & { minDate?: string; maxDate?: string; inputProps?: Extra<DateInputProps> },
) {
  const { minDate, maxDate, inputProps, control, name } = props;
  // What the input itself refuses becomes the field's error after a submit, so the save summary counts and names
  // every red date (issue 39); the schema's own result replaces it at each check and this puts it back.
  const [problema, setProblema] = useState<string | null>(null);
  const { errors, submitCount } = useFormState({ control, name });
  const atual = (get(errors, name) as { message?: string } | undefined)?.message;
  useEffect(() => {
    if (submitCount > 0 && problema && problema !== atual && (!atual || isGenericDateError(atual)))
      control.setError(name, { type: 'data', message: problema });
  }, [submitCount, problema, atual, control, name]);
  return <DateBound {...props} inputProps={{ minDate, maxDate, onProblem: setProblema, ...inputProps }} />;
}
