// Form fields bound to react-hook-form, each with the label conventions (FieldLabel) and its error under it.
// Module screens compose these: <CpfField control={form.control} name="cpf" label="CPF" required />.
import {
  Checkbox,
  Group,
  Input,
  InputBase,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
  Textarea,
  type ComboboxItem,
  type SelectProps,
  type TextInputProps,
  type TextareaProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { IMaskInput } from 'react-imask';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldLabel, touchInputStyles, TOUCH_MIN_HEIGHT } from './FieldLabel';
import { CepInput, CnsInput, CpfInput, PhoneInput, type DigitsInputProps } from './MaskedInput';
import { DecimalInput, IntegerInput, type DecimalInputProps, type NumericInputProps } from './NumberInputs';
import { DateInput, type DateInputProps } from './DateInput';

export interface BoundFieldProps<T extends FieldValues, TT = T> {
  // The third type argument lets forms whose schema transforms values (zod defaults) pass their control.
  control: Control<T, unknown, TT>;
  name: FieldPath<T>;
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

function useBound<T extends FieldValues, TT>(props: BoundFieldProps<T, TT>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const labelProps = useFieldLabel({ label: props.label, required: props.required, tooltip: props.tooltip });
  return {
    field,
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

type Extra<P> = Omit<
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
  const { field, common } = useBound(props);
  return (
    <TextInput
      {...common}
      styles={touchInputStyles}
      {...props.inputProps}
      ref={field.ref}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => field.onChange(e.currentTarget.value)}
    />
  );
}

/**
 * HH:mm typed with a mask: always 24 h whatever the browser's language (a native time input shows '09:00 PM' on some
 * systems), with the numeric keyboard on a tablet. The value is the 'HH:mm' text.
 */
export function TimeField<T extends FieldValues, TT = T>(props: BoundFieldProps<T, TT>) {
  const { field, common } = useBound(props);
  return (
    <InputBase
      {...common}
      component={IMaskInput}
      mask="00:00"
      placeholder={props.placeholder ?? 'hh:mm'}
      value={(field.value as string | null | undefined) ?? ''}
      onAccept={(v: string) => {
        if (v !== field.value) field.onChange(v);
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
  const { field, common } = useBound(props);
  return (
    <Textarea
      autosize
      minRows={3}
      {...common}
      {...props.inputProps}
      ref={field.ref}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => field.onChange(e.currentTarget.value)}
    />
  );
}

function digitsField(Component: (p: DigitsInputProps) => ReactNode) {
  return function DigitsField<T extends FieldValues, TT = T>(
    props: BoundFieldProps<T, TT> & { inputProps?: Extra<DigitsInputProps>; onValueChange?: (digits: string) => void },
  ) {
    const { field, common } = useBound(props);
    return (
      <Component
        {...common}
        {...props.inputProps}
        inputRef={field.ref}
        value={field.value as string | null | undefined}
        onChange={(digits) => {
          field.onChange(digits);
          props.onValueChange?.(digits);
        }}
      />
    );
  };
}

/** CPF; the form value is the 11 digits. */
export const CpfField = digitsField(CpfInput);
/** CNS; the form value is the 15 digits. */
export const CnsField = digitsField(CnsInput);
/** Phone; the form value is the 10 or 11 digits. */
export const PhoneField = digitsField(PhoneInput);
/** CEP; the form value is the 8 digits. */
export const CepField = digitsField(CepInput);

export function IntegerField<T extends FieldValues, TT = T>(
  props: BoundFieldProps<T, TT> & { inputProps?: Extra<NumericInputProps> },
) {
  const { field, common } = useBound(props);
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
  const { field, common } = useBound(props);
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
  const { field, common } = useBound(props);
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

export type Option<V extends string | number | boolean = string> = ComboboxItem<V>;

/** Coded answers with more than 5 options: a searchable select (ux.md). */
export function SelectField<T extends FieldValues, V extends string | number = string, TT = T>(
  props: BoundFieldProps<T, TT> & {
    data: Option<V>[];
    searchable?: boolean;
    clearable?: boolean;
    inputProps?: Extra<SelectProps<V>>;
  },
) {
  const { field, common } = useBound(props);
  return (
    <Select<V>
      searchable={props.searchable ?? true}
      clearable={props.clearable ?? !props.required}
      nothingFoundMessage="Nenhuma opção encontrada"
      comboboxProps={{ withinPortal: true }}
      {...common}
      styles={touchInputStyles}
      {...props.inputProps}
      data={props.data}
      ref={field.ref}
      value={(field.value as V | null | undefined) ?? null}
      onChange={(v) => field.onChange(v)}
    />
  );
}

/** Coded answers with up to 5 options: radio buttons (ux.md). */
export function RadioField<T extends FieldValues, V extends string | number = string, TT = T>(
  props: BoundFieldProps<T, TT> & { data: Option<V>[]; orientation?: 'horizontal' | 'vertical' },
) {
  const { field, common } = useBound(props);
  const { id, label, error, description } = common;
  const current = field.value as V | null | undefined;
  const Layout = props.orientation === 'vertical' ? Stack : Group;
  return (
    <Radio.Group
      id={id}
      label={label}
      error={error}
      description={description}
      name={field.name}
      labelProps={{ id: `${id}-group-label` }}
      value={current === null || current === undefined ? null : String(current)}
      onChange={(v) => field.onChange(props.data.find((o) => String(o.value) === v)?.value ?? null)}
      aria-labelledby={common['aria-labelledby']}
      aria-required={common['aria-required']}
    >
      <Layout gap="md" mt={6}>
        {props.data.map((o, i) => (
          <Radio
            key={String(o.value)}
            value={String(o.value)}
            label={o.label}
            size="md"
            disabled={common.disabled || o.disabled}
            onBlur={field.onBlur}
            ref={i === 0 ? field.ref : undefined}
            styles={{ body: { minHeight: TOUCH_MIN_HEIGHT, alignItems: 'center' } }}
          />
        ))}
      </Layout>
    </Radio.Group>
  );
}

const YES_NO: Option<string>[] = [
  { value: 'true', label: 'Sim' },
  { value: 'false', label: 'Não' },
];

/** Yes/no questions as a segmented control (ux.md); the form value is true, false or null (unanswered). */
export function YesNoField<T extends FieldValues, TT = T>(props: BoundFieldProps<T, TT>) {
  const { field, common } = useBound(props);
  const v = field.value as boolean | null | undefined;
  return (
    <Input.Wrapper
      id={common.id}
      label={common.label}
      error={common.error}
      description={common.description}
      labelElement="div"
    >
      <div>
        <SegmentedControl
          role="radiogroup"
          aria-labelledby={common['aria-labelledby']}
          aria-required={common['aria-required']}
          name={field.name}
          data={YES_NO}
          disabled={common.disabled}
          readOnly={common.readOnly}
          // '' matches no option: an unanswered question shows neither selected.
          value={v === true ? 'true' : v === false ? 'false' : ''}
          onChange={(s) => field.onChange(s === 'true')}
          onBlur={field.onBlur}
          styles={{ label: { minHeight: TOUCH_MIN_HEIGHT, display: 'flex', alignItems: 'center', paddingInline: 24 } }}
        />
      </div>
    </Input.Wrapper>
  );
}

/** A single checkbox; its own label is beside the box. */
export function CheckboxField<T extends FieldValues, TT = T>(props: BoundFieldProps<T, TT>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <Checkbox
      size="md"
      label={props.label}
      description={props.description}
      error={fieldState.error?.message}
      disabled={props.disabled}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      checked={Boolean(field.value)}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
    />
  );
}
