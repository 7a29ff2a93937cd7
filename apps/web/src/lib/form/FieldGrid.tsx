// Form sections as tables (issue 13): a section lists its fields as rows (kind, name, label, width, options, when it is
// shown) and FieldGrid draws them in order, each with the kit's field for its kind. The citizen blocks' question
// tables (municipes/blocos) render through the same FormField, so every form screen is written one way.
import { Grid, Stack, TextInput, type GridColProps, type MantineSpacing } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { CheckboxField, CheckboxGroupField, RadioField, SelectField, YesNoField, type Option } from './choiceFields';
import { FormSection } from './FormSection';
import { CodeSearchField, type TabelaCodigo } from './CodeSearchField';
import { touchInputStyles, useFieldLabel } from './FieldLabel';
import { ReadOnlyValue, useReadOnlyView } from './ReadOnlyView';
import {
  CepField,
  CnsField,
  CpfField,
  DateField,
  DecimalField,
  IntegerField,
  PhoneField,
  TextareaField,
  TextField,
  TimeField,
  type FieldText,
} from './fields';
import { ColorField, SwitchField } from './toggleFields';

/** 'third': one column on phones, two on tablets, three on desks; 'half': two from tablets; 'full': the whole row. */
export type FieldSpan = keyof typeof SPANS | GridColProps['span'];

const SPANS = { full: 12, half: { base: 12, sm: 6 }, third: { base: 12, sm: 6, md: 4 } } as const;
const spanOf = (s: FieldSpan): GridColProps['span'] =>
  typeof s === 'string' && s in SPANS ? SPANS[s as keyof typeof SPANS] : (s as GridColProps['span']);

interface Placed {
  /** Width in the grid; the grid's `span` when absent. */
  span?: FieldSpan;
  /** The visibility rule, worked out by the section from its answers: the row is left out when false. */
  when?: boolean;
}

interface Field<N extends string> extends Placed, Omit<FieldText, 'label'> {
  name: N;
  /** @default the form's label of `name` (the codec's, from the shared schema), given by <RecordForm> */
  label?: FieldText['label'];
  /** Props of the input itself (maxLength, inputMode, autoComplete, max, limit…). */
  inputProps?: Record<string, unknown>;
}

type Choices<V extends string | number> = { data: Option<V>[]; orientation?: 'horizontal' | 'vertical' };

/**
 * One cell of a form's grid: a field by its kind, a few rows stacked in one cell, a value shown but not edited here
 * (`fixed`), or a node the section draws.
 */
export type FieldRow<N extends string = string> =
  | (Field<N> & {
      kind: 'text' | 'textarea' | 'cpf' | 'cns' | 'phone' | 'cep' | 'time' | 'integer' | 'decimal' | 'checkbox';
    })
  | (Field<N> & { kind: 'yesNo'; clearable?: boolean })
  | (Field<N> & { kind: 'switch'; mt?: string })
  | (Field<N> & { kind: 'color'; swatches?: string[] })
  | (Field<N> & { kind: 'date'; minDate?: string; maxDate?: string })
  | (Field<N> & Choices<string | number> & { kind: 'select'; searchable?: boolean; clearable?: boolean })
  | (Field<N> & Choices<string | number> & { kind: 'radio' })
  | (Field<N> & Choices<number> & { kind: 'checkboxGroup' })
  | (Field<N> & { kind: 'code'; tabela: TabelaCodigo })
  | (Placed & { kind: 'stack'; key: string; rows: FieldRow<N>[] })
  | (Placed & { kind: 'fixed'; key: string; label: string; tooltip?: string; value: string })
  | (Placed & { kind: 'node'; key: string; node: ReactNode });

/** The rows of a form whose values are T. */
export type FieldRows<T extends FieldValues> = FieldRow<FieldPath<T>>[];

/** The kit's field of each kind. */
const FIELDS = {
  text: TextField,
  textarea: TextareaField,
  cpf: CpfField,
  cns: CnsField,
  phone: PhoneField,
  cep: CepField,
  time: TimeField,
  integer: IntegerField,
  decimal: DecimalField,
  yesNo: YesNoField,
  switch: SwitchField,
  color: ColorField,
  checkbox: CheckboxField,
  date: DateField,
  select: SelectField,
  radio: RadioField,
  checkboxGroup: CheckboxGroupField,
  code: CodeSearchField,
} satisfies Record<Exclude<FieldRow['kind'], 'stack' | 'fixed' | 'node'>, unknown>;

const keyOf = (r: FieldRow) => ('key' in r ? r.key : r.name);
const shown = <R extends FieldRow>(rows: readonly R[]) => rows.filter((r) => r.when !== false);

/** The form's labels by field path: a row that names no label takes its own from here (<RecordForm> gives them). */
export const FieldLabels = createContext<Readonly<Record<string, string>>>({});

/** The kit's field for one row. */
export function FormField<T extends FieldValues, TT = T>({
  control,
  row,
}: {
  control: Control<T, unknown, TT>;
  row: FieldRow<FieldPath<T>>;
}) {
  if (row.kind === 'node') return row.node;
  if (row.kind === 'fixed') return <FixedValue label={row.label} tooltip={row.tooltip} value={row.value} />;
  if (row.kind === 'stack') {
    return (
      <Stack gap={6}>
        {shown(row.rows).map((r) => (
          <FormField key={keyOf(r)} control={control} row={r} />
        ))}
      </Stack>
    );
  }
  return <KitField control={control} row={row} />;
}

function KitField<T extends FieldValues, TT>({
  control,
  row,
}: {
  control: Control<T, unknown, TT>;
  row: Extract<FieldRow<FieldPath<T>>, { name: string }>;
}) {
  const labels = useContext(FieldLabels);
  // The row's own keys (kind, span, when) are not the field's props, and the fields ignore them.
  const Field = FIELDS[row.kind] as unknown as (props: typeof row & { control: typeof control }) => ReactNode;
  return <Field {...row} label={row.label ?? labels[row.name]} control={control} />;
}

/** A value the form shows but does not edit: a read-only input, or its text inside a read-only view. */
function FixedValue({ label, tooltip, value }: { label: string; tooltip?: string; value: string }) {
  const labelProps = useFieldLabel({ label, tooltip });
  if (useReadOnlyView()) return <ReadOnlyValue label={label}>{value}</ReadOnlyValue>;
  return <TextInput {...labelProps} readOnly styles={touchInputStyles} value={value} />;
}

/** A section's rows in a responsive grid, in order; rows whose `when` is false are left out. */
export function FieldGrid<T extends FieldValues, TT = T>({
  control,
  rows,
  span = 'third',
  gap = 'sm',
  mt,
}: {
  control: Control<T, unknown, TT>;
  rows: readonly FieldRow<FieldPath<T>>[];
  /** Width of a row that does not say its own. */
  span?: FieldSpan;
  gap?: MantineSpacing;
  mt?: MantineSpacing;
}) {
  return (
    <Grid gap={gap} mt={mt}>
      {shown(rows).map((r) => (
        <Grid.Col key={keyOf(r)} span={spanOf(r.span ?? span)}>
          <FormField control={control} row={r} />
        </Grid.Col>
      ))}
    </Grid>
  );
}

/** Titled sections, each a FieldGrid of its rows: a form tab written as data. */
export function FieldSections<T extends FieldValues, TT = T>({
  control,
  sections,
  span,
  gap,
}: {
  control: Control<T, unknown, TT>;
  sections: readonly (readonly [title: string, rows: readonly FieldRow<FieldPath<T>>[]])[];
  span?: FieldSpan;
  gap?: MantineSpacing;
}) {
  return sections.map(([title, rows]) => (
    <FormSection key={title} title={title}>
      <FieldGrid control={control} rows={rows} span={span} gap={gap} />
    </FormSection>
  ));
}

/**
 * The e-SUS header's first two cells: the unit the user works in (shown, not edited) and the occupation (CBO) they
 * record under, chosen only when they have more than one in the unit (the API fills a single one).
 */
export function linhasUnidadeOcupacao<N extends string>(
  unidade: string,
  ocupacoes: Array<{ codigo: string; descricao: string }>,
  ocupacao: { name: N; label: string; tooltip: string },
): FieldRow<N>[] {
  return [
    { kind: 'fixed', key: 'unidade', label: 'Unidade de saúde', value: unidade },
    {
      kind: 'select',
      ...ocupacao,
      required: ocupacoes.length > 1,
      data: ocupacoes.map((o) => ({ value: o.codigo, label: `${o.descricao} (${o.codigo})` })),
      searchable: false,
      clearable: false,
    },
  ];
}
