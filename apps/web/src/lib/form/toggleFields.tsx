// A switch and a colour field bound to react-hook-form (issue 40: the switch was written by hand in four screens, the
// colour input in two).
import { ColorInput, Stack, Switch, Text, type SwitchProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { useFieldLabel } from './FieldLabel';
import { useChecked, type BoundFieldProps } from './fields';
import { ReadOnlyValue, useReadOnlyView, yesNoText } from './ReadOnlyView';

/**
 * A switch with its help under it, outside its label, tied by aria-describedby (Mantine's description sits inside the
 * label, so a screen reader would read it as the switch's name).
 */
function SwitchComAjuda({ ajuda, mt, ...props }: SwitchProps & { ajuda?: ReactNode }) {
  const id = useId();
  return (
    <Stack gap={4} mt={mt}>
      <Switch size="md" aria-describedby={ajuda ? id : undefined} {...props} />
      {ajuda && (
        <Text size="sm" c="dimmed" id={id}>
          {ajuda}
        </Text>
      )}
    </Stack>
  );
}

/**
 * An on/off answer bound to the form (true/false, or the two `valores` it holds), as a switch with its help; its answer
 * as text in a read-only view.
 */
export function SwitchField<T extends FieldValues, TT = T>({
  valores,
  ...props
}: BoundFieldProps<T, TT> & { mt?: string; valores?: readonly [ligado: unknown, desligado: unknown] }) {
  const { view, value, input } = useChecked(props, valores);
  if (view) return <ReadOnlyValue label={props.label}>{yesNoText(value)}</ReadOnlyValue>;
  return <SwitchComAjuda label={props.label} ajuda={props.description} mt={props.mt} {...input} />;
}

/**
 * A colour as #RRGGBB: typed, picked from the suggested swatches or from the screen; stored in upper case. A colour
 * typed wrong goes back to the last valid one on leaving the field.
 */
export function ColorField<T extends FieldValues, TT = T>({
  swatches,
  ...props
}: BoundFieldProps<T, TT> & { swatches?: string[] }) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const labelProps = useFieldLabel({ label: props.label, required: props.required, tooltip: props.tooltip });
  const view = useReadOnlyView();
  const valor = (field.value as string | null) ?? '';
  if (view) return <ReadOnlyValue label={props.label}>{valor}</ReadOnlyValue>;
  return (
    <ColorInput
      {...labelProps}
      name={field.name}
      ref={field.ref}
      value={valor}
      onChange={(v) => field.onChange(v.toUpperCase())}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      format="hex"
      // Mantine's saturation and hue sliders have no accessible name (axe: serious) and take no keyboard: the swatches,
      // the typed value and the eyedropper choose the colour instead.
      withPicker={false}
      swatches={swatches}
      swatchesPerRow={10}
      eyeDropperButtonProps={{ 'aria-label': 'Pegar uma cor da tela' }}
      description={props.description ?? 'Escolha uma cor ou digite #RRGGBB'}
      placeholder="#RRGGBB"
    />
  );
}
