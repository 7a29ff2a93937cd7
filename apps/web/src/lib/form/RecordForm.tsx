// The form element of a record page: the save summary, the sections, and the sticky Salvar/Cancelar footer; locked
// (disabled, with `lockedActions` instead of Salvar) for a user who may only read.
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FieldLabels } from './FieldGrid';
import { FormActions, type FormActionsProps } from './FormActions';
import type { RecordFormState } from './useRecordForm';

export interface RecordFormProps extends Omit<FormActionsProps, 'submitting' | 'children'> {
  /** Its `labels` (useRecordForm's) name the FieldGrid rows inside that give no label of their own. */
  record: Pick<RecordFormState, 'onSubmit' | 'saving' | 'summary'> & Partial<Pick<RecordFormState, 'labels'>>;
  /** Accessible name of the form, e.g. 'Editar família'. */
  label?: string;
  /** Buttons beside Salvar, on the left (e.g. Remover). */
  extraActions?: ReactNode;
  /** The user may only read: fields disabled, `lockedActions` (e.g. Voltar) instead of the footer. */
  locked?: boolean;
  lockedActions?: ReactNode;
  children: ReactNode;
}

const NENHUM = {};

export function RecordForm({
  record,
  label,
  extraActions,
  locked,
  lockedActions,
  children,
  ...actions
}: RecordFormProps) {
  return (
    <form onSubmit={(e) => void record.onSubmit(e)} noValidate aria-label={label}>
      <Stack gap="md">
        {record.summary}
        <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <FieldLabels.Provider value={record.labels ?? NENHUM}>
            <Stack gap="md">{children}</Stack>
          </FieldLabels.Provider>
        </fieldset>
        {locked ? (
          lockedActions
        ) : (
          <FormActions submitting={record.saving} {...actions}>
            {extraActions}
          </FormActions>
        )}
      </Stack>
    </form>
  );
}
