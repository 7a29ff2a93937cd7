// A legible read-only view of a record (issue 12): inside <ReadOnlyView>, the kit's fields render their label and
// their answer as text ("Não informado" when nobody answered) instead of a greyed-out disabled input, and FormSection
// becomes a named region. The same sections serve the form and the detail page, so a field is written once.
import { Stack, Text } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';

const ReadOnlyContext = createContext(false);

/** What an unanswered question reads as (never "Não", never a dash that could be a value). */
export const NAO_INFORMADO = 'Não informado';

/** Renders the kit fields inside as text. `active={false}` leaves them editable (e.g. for a user who may edit). */
export function ReadOnlyView({ active = true, children }: { active?: boolean; children: ReactNode }) {
  return <ReadOnlyContext.Provider value={active}>{children}</ReadOnlyContext.Provider>;
}

/** True inside an active <ReadOnlyView>: a custom field renders <ReadOnlyValue> instead of its input. */
export const useReadOnlyView = () => useContext(ReadOnlyContext);

/** Empty answers: null, undefined, '' and an empty list. */
const vazio = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A field's label and its answer as text; empty → "Não informado". */
export function ReadOnlyValue({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} c="dimmed" component="div">
        {label}
      </Text>
      <Text size="md" style={{ overflowWrap: 'anywhere' }} component="div">
        {vazio(children) ? NAO_INFORMADO : children}
      </Text>
    </Stack>
  );
}

/** The label of `value` among `data` (a select's, radio's or checkbox group's options); null when not answered. */
export function optionText(data: ReadonlyArray<{ value: unknown; label: string }>, value: unknown): string | null {
  if (vazio(value)) return null;
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => data.find((o) => String(o.value) === String(v))?.label ?? String(v)).join(', ');
}

/** Sim / Não / null (unanswered). */
export const yesNoText = (v: unknown) => (v === true ? 'Sim' : v === false ? 'Não' : null);

/**
 * A form holding a record's values, only to be shown: pass it to the form's own sections inside <ReadOnlyView>, so a
 * detail page shows the very fields the form asks without naming them again.
 */
export function useReadOnlyForm<V extends FieldValues>(values: V): UseFormReturn<V, unknown, V> {
  return useForm<V, unknown, V>({ values });
}
