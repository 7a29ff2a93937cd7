// A group of the folded menu opens its links in a flyout; its code loads on first use (firstUse.tsx).
import { Menu } from '@mantine/core';
import { useEffect, useRef, type ReactElement, type Ref } from 'react';
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
  useEffect(() => {
    // Where the plain button left off; an open flyout holds the focus itself.
    if (use.focused && !use.opened) ref.current?.focus();
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
      defaultOpened={use.opened}
    >
      <Menu.Target>{trigger(ref)}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{item.nome}</Menu.Label>
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
