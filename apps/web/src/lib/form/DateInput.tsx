// Date typed as dd/MM/yyyy or picked from a pt-BR calendar (spec §5, §9: buttons 'Aplicar' and 'Cancelar').
import { ActionIcon, Button, Group, InputBase, Popover, Stack } from '@mantine/core';
import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState, type FocusEvent } from 'react';
import { IMaskInput } from 'react-imask';
import { msg } from '@saude/shared/messages';
import { dateOutOfRange } from '@saude/shared/validation/zod';
import { brToIso, isIsoDate, isoToBr } from './dates';
import { DATE_MASK } from './masks';
import { touchInputStyles } from './FieldLabel';
import type { MaskInputProps } from './MaskedInput';

/**
 * 'yyyy-MM-dd', or null when empty. While the typed text is not a valid date in range the value is that text as typed,
 * so the form's schema (z.iso.date) refuses it (docs/decisions.md).
 */
export interface DateInputProps extends MaskInputProps<string, string | null> {
  /** Earliest date allowed, 'yyyy-MM-dd'. */
  minDate?: string;
  /** Latest date allowed, 'yyyy-MM-dd'. */
  maxDate?: string;
  /** Told what the input itself refuses (null when nothing), so the form can count it (DateField does). */
  onProblem?: (message: string | null) => void;
}

/** A form error that only says "bad date": the input's own reason (e.g. a future date) says more (issue 39). */
export const isGenericDateError = (e: unknown) => e === msg.dateFormat || e === msg.naoEValido;

/** Why the typed text is not acceptable, or null when it is fine (or empty); a bound is said as a date (issue 39). */
function problemOf(text: string, minDate?: string, maxDate?: string, complete = true): string | null {
  if (text === '') return null;
  const iso = brToIso(text);
  if (!iso) return complete || text.length === DATE_MASK.length ? msg.naoEValido : null;
  return dateOutOfRange(iso, minDate, maxDate);
}

/** What the form receives for the typed text. */
function valueOf(text: string, minDate?: string, maxDate?: string): string | null {
  if (text === '') return null;
  const iso = brToIso(text);
  return iso && problemOf(text, minDate, maxDate) === null ? iso : text;
}

const textOf = (value: string | null | undefined) => (isIsoDate(value) ? isoToBr(value) : (value ?? ''));

export function DateInput({
  value,
  onChange,
  onBlur,
  minDate,
  maxDate,
  onProblem,
  inputRef,
  error,
  disabled,
  readOnly,
  styles,
  ...rest
}: DateInputProps) {
  const [text, setText] = useState(textOf(value));
  const [prevValue, setPrevValue] = useState(value);
  const [touched, setTouched] = useState(false);
  const [opened, setOpened] = useState(false);
  const [pending, setPending] = useState<string | null>(null);

  // The form may change the value (reset, picker, server data): show it unless it is what we emitted.
  if (value !== prevValue) {
    setPrevValue(value);
    if (value !== valueOf(text, minDate, maxDate)) setText(textOf(value));
  }

  const emit = (nextText: string) => {
    setText(nextText);
    onChange?.(valueOf(nextText, minDate, maxDate));
  };

  // The form's message wins unless it only says "bad date"; ours covers screens whose schema does not check the date.
  const localError = problemOf(text, minDate, maxDate, touched);
  const shownError = (localError && isGenericDateError(error) ? localError : error) || localError || undefined;
  useEffect(() => {
    onProblem?.(localError);
  }, [localError, onProblem]);

  const openPicker = () => {
    setPending(brToIso(text));
    setOpened(true);
  };
  const apply = () => {
    if (pending) emit(isoToBr(pending));
    setOpened(false);
  };

  const picker = (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Abrir calendário"
          disabled={disabled || readOnly}
          onClick={() => (opened ? setOpened(false) : openPicker())}
        >
          <IconCalendar size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <DatePicker
            locale="pt-br"
            value={pending}
            onChange={setPending}
            defaultDate={pending ?? maxDate ?? undefined}
            minDate={minDate}
            maxDate={maxDate}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancelar
            </Button>
            <Button onClick={apply} disabled={!pending}>
              Aplicar
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );

  return (
    <InputBase
      component={IMaskInput}
      mask={DATE_MASK}
      value={text}
      onAccept={(next: string) => {
        if (next !== text) emit(next);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        setTouched(true);
        onBlur?.(e);
      }}
      inputRef={inputRef}
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/aaaa"
      error={shownError}
      disabled={disabled}
      readOnly={readOnly}
      rightSection={picker}
      rightSectionPointerEvents="all"
      rightSectionWidth={48}
      styles={styles ?? touchInputStyles}
      {...rest}
    />
  );
}
