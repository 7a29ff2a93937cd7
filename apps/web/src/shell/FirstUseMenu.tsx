// The real menu that takes the plain trigger's place on first use (firstUse.tsx): the account menu and the folded
// menu's flyouts.
import { Menu, type MenuProps } from '@mantine/core';
import { useEffect, useRef, useState, type ReactElement, type ReactNode, type Ref } from 'react';
import type { FirstUse } from './firstUse';

export function FirstUseMenu({
  use,
  target,
  label,
  children,
  ...props
}: MenuProps & {
  use: FirstUse;
  /** The real trigger. */
  target: (ref: Ref<HTMLButtonElement>) => ReactElement;
  /** Over the items, as a visual heading. */
  label: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  // Mounted closed, then opened: Mantine gives the focus back on close only to what had it when the menu opened
  // (the real button, not the plain one it replaced).
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (use.focused) ref.current?.focus();
    if (use.opened) setOpened(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Mantine closes on Escape only from inside the dropdown, which takes the focus a moment after opening: on a slow
  // device an Escape pressed as soon as the menu shows reached the button and did nothing.
  useEffect(() => {
    const button = ref.current;
    const fechar = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpened(false);
    };
    button?.addEventListener('keydown', fechar);
    return () => button?.removeEventListener('keydown', fechar);
  }, []);
  return (
    <Menu
      {...props}
      withArrow
      opened={opened}
      onChange={setOpened}
      // Mantine's focus placeholder is a focusable div inside role="menu" (axe aria-required-children, critical).
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{target(ref)}</Menu.Target>
      <Menu.Dropdown>
        {/* A visual heading only: a menu holds menu items (axe aria-required-children); it is named by its button. */}
        <Menu.Label aria-hidden>{label}</Menu.Label>
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}
