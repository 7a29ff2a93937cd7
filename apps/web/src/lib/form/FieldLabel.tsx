// Label conventions of every form field (spec §5, §8; ux.md "Accessible").
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { msg } from '@saude/shared';

export { TOUCH_MIN_HEIGHT, touchInputStyles } from './touch';

export interface FieldLabelProps {
  text: ReactNode;
  /** id of the element holding only the label text; the input points at it with aria-labelledby. */
  textId: string;
  required?: boolean;
  tooltip?: ReactNode;
}

/**
 * The visible label: text, a red asterisk titled 'obrigatório' and an optional help icon.
 * The asterisk and icon sit outside the labelling span so the accessible name stays "CPF", not "CPF *".
 */
export function FieldLabel({ text, textId, required, tooltip }: FieldLabelProps) {
  return (
    <>
      <span id={textId}>{text}</span>
      {required && (
        <span
          aria-hidden
          title={msg.obrigatorioHint}
          data-required-mark
          style={{ color: 'var(--mantine-color-error)' }}
        >
          {' *'}
        </span>
      )}
      {tooltip !== undefined && (
        <Tooltip label={tooltip} multiline maw={280} withArrow events={{ hover: true, focus: true, touch: true }}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            ml={4}
            radius="xl"
            aria-label={typeof tooltip === 'string' ? tooltip : 'Ajuda'}
            // Inside a <label>: a tap shows the help instead of focusing the input.
            onClick={(e) => e.preventDefault()}
            style={{ verticalAlign: 'middle' }}
          >
            <IconInfoCircle size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </>
  );
}

export interface FieldLabelOptions {
  label: ReactNode;
  required?: boolean;
  tooltip?: ReactNode;
  id?: string;
}

/** Props to spread on a Mantine input so it follows the label conventions. */
export function useFieldLabel({ label, required, tooltip, id }: FieldLabelOptions) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId.replace(/:/g, '')}`;
  const textId = `${inputId}-label-text`;
  return {
    id: inputId,
    label: <FieldLabel text={label} textId={textId} required={required} tooltip={tooltip} />,
    'aria-labelledby': textId,
    // Not the native `required`: forms use noValidate and the schema decides (style.md §11).
    'aria-required': required ? true : undefined,
  } as const;
}
