// Fields for coded answers: select, radio group, yes/no, checkbox and checkbox group, with the same conventions as
// fields.tsx (label, error, touch size, null for "not answered").
import {
  Button,
  Checkbox,
  Group,
  Input,
  MultiSelect,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  type ComboboxItem,
  type MultiSelectProps,
  type SelectProps,
} from '@mantine/core';
import { useRef } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { TOUCH_MIN_HEIGHT, touchInputStyles, useFieldLabel } from './FieldLabel';
import { useBound, useChecked, type BoundFieldProps, type Extra } from './fields';
import { optionText, ReadOnlyValue, useReadOnlyView, yesNoText } from './ReadOnlyView';

export type Option<V extends string | number | boolean = string> = ComboboxItem<V>;

/** What every searchable list shares: its empty answer, a dropdown above dialogs, touch-sized rows. */
const listaComBusca = {
  nothingFoundMessage: 'Nenhuma opção encontrada',
  comboboxProps: { withinPortal: true },
  styles: touchInputStyles,
};

/**
 * Coded answers with more than 5 options: a searchable select (ux.md). A required select never empties itself when
 * its current option is picked again (issue 12: re-picking the property type cleared it); an optional one can be
 * cleared, to null.
 */
export function SelectField<T extends FieldValues, V extends string | number = string, TT = T>(
  props: BoundFieldProps<T, TT> & {
    data: Option<V>[];
    searchable?: boolean;
    clearable?: boolean;
    inputProps?: Extra<SelectProps<V>>;
  },
) {
  const { field, common, view } = useBound(props);
  if (view) return <ReadOnlyValue label={props.label}>{optionText(props.data, field.value)}</ReadOnlyValue>;
  return (
    <Select<V>
      searchable={props.searchable ?? true}
      clearable={props.clearable ?? !props.required}
      allowDeselect={!props.required}
      {...common}
      {...listaComBusca}
      {...props.inputProps}
      data={props.data}
      ref={field.ref}
      value={(field.value as V | null | undefined) ?? null}
      onChange={(v) => field.onChange(v ?? null)}
    />
  );
}

/** Several answers from a long list (units, profiles): a searchable multiselect; nothing chosen is []. */
export function MultiSelectField<T extends FieldValues, TT = T>(
  props: BoundFieldProps<T, TT> & { data: Option[]; inputProps?: Extra<MultiSelectProps> },
) {
  const { field, common, view } = useBound(props);
  const value = (field.value as string[] | null | undefined) ?? [];
  if (view) return <ReadOnlyValue label={props.label}>{optionText(props.data, value)}</ReadOnlyValue>;
  return (
    <MultiSelect
      searchable
      clearable
      hidePickedOptions
      {...common}
      {...listaComBusca}
      {...props.inputProps}
      data={props.data}
      ref={field.ref}
      value={value}
      onChange={field.onChange}
    />
  );
}

/** Coded answers with up to 5 options: radio buttons (ux.md). */
export function RadioField<T extends FieldValues, V extends string | number = string, TT = T>(
  props: BoundFieldProps<T, TT> & { data: Option<V>[]; orientation?: 'horizontal' | 'vertical' },
) {
  const { field, common, view } = useBound(props);
  const { id, label, error, description } = common;
  if (view) return <ReadOnlyValue label={props.label}>{optionText(props.data, field.value)}</ReadOnlyValue>;
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
    >
      <Layout gap="md" mt={6}>
        {props.data.map((o, i) => (
          <Radio
            key={String(o.value)}
            value={String(o.value)}
            label={o.label}
            size="md"
            disabled={common.disabled || o.disabled}
            // Said as well as greyed (issue 39): some readers skip a disabled input's state inside a group.
            aria-disabled={common.disabled || o.disabled || undefined}
            // aria-required is not allowed on the group's wrapper (axe, critical): a required radio says it itself.
            required={common['aria-required']}
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

/**
 * Yes/no questions as a segmented control (ux.md). Three states: true, false, and null for a question nobody answered,
 * which shows neither option selected and stays null until the user picks (never read as "Não"). An answered optional
 * question shows "Limpar resposta" beside it, the way back to unanswered (e.g. a comorbidity picked by mistake; issue
 * 39: every form, not only those that asked); `clearable` overrides it. Clearing returns focus to the question.
 */
export function YesNoField<T extends FieldValues, TT = T>(props: BoundFieldProps<T, TT> & { clearable?: boolean }) {
  const { field, common, view } = useBound(props);
  const box = useRef<HTMLDivElement>(null);
  const v = field.value as boolean | null | undefined;
  if (view) return <ReadOnlyValue label={props.label}>{yesNoText(v)}</ReadOnlyValue>;
  const answered = v === true || v === false;
  const clearable = props.clearable ?? !props.required;
  return (
    <Input.Wrapper
      id={common.id}
      label={common.label}
      error={common.error}
      description={common.description}
      labelElement="div"
    >
      <div ref={box}>
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
        {clearable && answered && !common.disabled && !common.readOnly && (
          <Button
            variant="subtle"
            mih={44}
            ml="xs"
            aria-label={typeof props.label === 'string' ? `Limpar resposta: ${props.label}` : undefined}
            onClick={() => {
              field.onChange(null);
              box.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
            }}
          >
            Limpar resposta
          </Button>
        )}
      </div>
    </Input.Wrapper>
  );
}

/** A single checkbox; its own label is beside the box. */
export function CheckboxField<T extends FieldValues, TT = T>(props: BoundFieldProps<T, TT>) {
  const { view, value, input } = useChecked(props);
  if (view) return <ReadOnlyValue label={props.label}>{value ? 'Sim' : 'Não'}</ReadOnlyValue>;
  return <Checkbox size="md" label={props.label} description={props.description} {...input} />;
}

/** Multi-choice coded answers (e-SUS "marque todas as que se aplicam") as a checkbox group; the value is a code list. */
export function CheckboxGroupField<T extends FieldValues, TT = T>(
  props: BoundFieldProps<T, TT> & { data: Option<number>[]; orientation?: 'horizontal' | 'vertical' },
) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const labelProps = useFieldLabel({ label: props.label, required: props.required, tooltip: props.tooltip });
  const Layout = props.orientation === 'horizontal' ? Group : Stack;
  const view = useReadOnlyView();
  if (view) return <ReadOnlyValue label={props.label}>{optionText(props.data, field.value)}</ReadOnlyValue>;
  return (
    <Checkbox.Group
      id={labelProps.id}
      label={labelProps.label}
      error={fieldState.error?.message}
      description={props.description}
      value={((field.value as number[] | null | undefined) ?? []).map(String)}
      onChange={(v) => field.onChange(v.map(Number))}
    >
      <Layout gap={props.orientation === 'horizontal' ? 'md' : 4} mt={6}>
        {props.data.map((o, i) => (
          <Checkbox
            key={o.value}
            value={String(o.value)}
            label={o.label}
            size="md"
            ref={i === 0 ? field.ref : undefined}
            onBlur={field.onBlur}
            disabled={props.disabled}
            styles={{ body: { minHeight: TOUCH_MIN_HEIGHT, alignItems: 'center' } }}
          />
        ))}
      </Layout>
    </Checkbox.Group>
  );
}
