// A list's select filter without the popover engine up front (issue 15: Mantine's Select brings Combobox, Popover and
// floating-ui, ~35 kB gzip, more than half of what a list may add). The field is drawn at once as a read-only input
// of the same look, name and value; the real Select's code is fetched when the browser is idle after the list is
// drawn (not on save-data or 2G) or when the field is hovered, focused or pressed, and then takes its place — focused
// if the stand-in had the focus, open if it was pressed or opened from the keyboard. The same as the shell's menus.
import { TextInput, type SelectProps, type TextInputProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ComponentType, type Ref } from 'react';
import { prefetchAllowed } from '../network';

type Loaded = ComponentType<SelectProps & { ref?: Ref<HTMLInputElement> }>;
let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;
function load(): Promise<Loaded> {
  loading ??= import('./MantineSelect').then(
    (m) => (loaded = m.Select as Loaded),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** Runs `fn` once the browser is idle (Safari has no requestIdleCallback: a little later instead). */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 2000);
  return () => window.clearTimeout(id);
}

/** The real Select in the stand-in's place: focused, and opened by the click the stand-in received. */
function Swapped({ Real, props, use }: { Real: Loaded; props: SelectProps; use: Use }) {
  const ref = useRef<HTMLInputElement>(null);
  const first = useRef(use);
  useEffect(() => {
    if (first.current.opened) ref.current?.click();
    if (first.current.focused) ref.current?.focus();
  }, []);
  return <Real ref={ref} {...props} />;
}

type Use = { opened: boolean; focused: boolean };

const OPEN_KEYS = ['ArrowDown', 'ArrowUp', 'Enter', ' '];

export function FilterSelect(props: SelectProps) {
  const [Real, setReal] = useState<Loaded | undefined>(() => loaded);
  const [use, setUse] = useState<Use>({ opened: false, focused: false });
  const pressed = useRef(false);
  const fetchNow = useCallback(
    () =>
      void load()
        .then((c) => setReal(() => c))
        .catch(() => undefined),
    [],
  );
  useEffect(() => {
    if (Real || !prefetchAllowed()) return;
    return whenIdle(fetchNow);
  }, [Real, fetchNow]);

  // A press the stand-in took just before the real one arrived (from the idle load) still opens it.
  if (Real) return <Swapped Real={Real} props={props} use={pressed.current ? { opened: true, focused: true } : use} />;

  const { label, placeholder, w, styles, value, data, disabled } = props;
  const options = (data ?? []) as Array<{ value: string; label: string } | string>;
  const selected = options.find((o) => (typeof o === 'string' ? o : o.value) === value);
  const text = selected === undefined ? '' : typeof selected === 'string' ? selected : selected.label;
  const start = (opened: boolean) => {
    setUse((u) => ({ opened: opened || u.opened, focused: true }));
    fetchNow();
  };
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      w={w}
      styles={styles as TextInputProps['styles']}
      disabled={disabled}
      readOnly
      // Tests wait for the real select to take this one's place before pressing it (test/filtros.ts).
      data-stand-in
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      value={text}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      onMouseEnter={fetchNow}
      // The press opens the real one once the click is over: swapping between press and release would let the
      // release toggle the new dropdown closed (or land on neither field). No focus meanwhile: that would swap too.
      onMouseDown={(e) => {
        e.preventDefault();
        pressed.current = true;
        fetchNow();
      }}
      onMouseLeave={() => {
        pressed.current = false;
      }}
      onClick={() => start(true)}
      onFocus={() => start(false)}
      onBlur={() => setUse({ opened: false, focused: false })}
      onKeyDown={(e) => {
        if (OPEN_KEYS.includes(e.key)) {
          e.preventDefault();
          start(true);
        }
      }}
    />
  );
}
