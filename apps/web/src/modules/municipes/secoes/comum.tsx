// What the citizen record's tabs share (spec §2: default, documento_prontuario, outros). They render sections of ONE
// react-hook-form owned by the page, so switching tabs never loses an edit (docs/decisions.md).
import { Grid } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import type { Municipe } from '@saude/shared/schemas/municipe';
import { TextField, type Option } from '../../../lib/form';
import type { MunicipeFormOutput, MunicipeFormValues } from '../formValues';

/** What the sections need besides the form: the loaded citizen (edit) and the units the user can pick. */
export type MunicipeFormInfo = { municipe?: Municipe; unidades: Option[] };
const MunicipeFormInfoContext = createContext<MunicipeFormInfo>({ unidades: [] });
export const MunicipeFormInfoProvider = MunicipeFormInfoContext.Provider;
export const useMunicipeFormInfo = () => useContext(MunicipeFormInfoContext);

export const useMunicipeForm = () => useFormContext<MunicipeFormValues, unknown, MunicipeFormOutput>();

/** One column on phones, two on tablets, three on desks. */
export const Col = ({ children, span }: { children: ReactNode; span?: 'full' | 'half' }) => (
  <Grid.Col span={span === 'full' ? 12 : span === 'half' ? { base: 12, sm: 6 } : { base: 12, sm: 6, md: 4 }}>
    {children}
  </Grid.Col>
);

export const vazio = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Text answers, one per grid cell: [field, label, numeric keyboard]. */
export function Textos({ campos }: { campos: Array<[FieldPath<MunicipeFormValues>, string, 'numerico'?]> }) {
  const { control } = useMunicipeForm();
  return campos.map(([name, label, numerico]) => (
    <Col key={name}>
      <TextField
        control={control}
        name={name}
        label={label}
        inputProps={numerico ? { inputMode: 'numeric' } : undefined}
      />
    </Col>
  ));
}
