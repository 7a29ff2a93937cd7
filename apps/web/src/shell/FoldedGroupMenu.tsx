// A group of the folded menu opens its links in a flyout; its code loads on first use (firstUse.tsx).
import { Menu } from '@mantine/core';
import { useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import { Link, useLocation } from 'react-router';
import { useRouteInfo } from '../lib/routeInfo';
import type { FirstUse } from './firstUse';
import { isActivePath, leaves, type NavItem } from './menuTree';

export default function FoldedGroupMenu({
  item,
  use,
  trigger,
}: {
  item: NavItem;
  use: FirstUse;
  trigger: (ref: Ref<HTMLButtonElement>) => ReactElement;
}) {
  const { pathname } = useLocation();
  const { prefetch } = useRouteInfo();
  const ref = useRef<HTMLButtonElement>(null);
  // Mounted closed, then opened: Mantine gives the focus back on close only to what had it when the menu opened
  // (the real button, not the plain one it replaced).
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (use.focused) ref.current?.focus();
    if (use.opened) setOpened(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Menu
      position="right-start"
      offset={6}
      withArrow
      trigger="click-hover"
      openDelay={80}
      closeDelay={200}
      opened={opened}
      onChange={setOpened}
      // Mantine's focus placeholder is a focusable div inside role="menu" (axe aria-required-children, critical).
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{trigger(ref)}</Menu.Target>
      <Menu.Dropdown>
        {/* A visual heading only: a menu holds menu items (axe aria-required-children); it is named by its button. */}
        <Menu.Label aria-hidden>{item.nome}</Menu.Label>
        {leaves(item).map((leaf) => (
          <Menu.Item
            key={leaf.id}
            component={Link}
            to={leaf.path ?? '/'}
            aria-current={leaf.path && isActivePath(leaf.path, pathname) ? 'page' : undefined}
            onMouseEnter={() => leaf.path && prefetch(leaf.path)}
            style={{ minHeight: 44 }}
          >
            {leaf.nome}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
