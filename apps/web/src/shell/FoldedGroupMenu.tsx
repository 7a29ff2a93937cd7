// A group of the folded menu opens its links in a flyout; its code loads on first use (firstUse.tsx).
import { Menu } from '@mantine/core';
import type { ReactElement, Ref } from 'react';
import { Link, useLocation } from 'react-router';
import { useRouteInfo } from '../lib/routeInfo';
import type { FirstUse } from './firstUse';
import { FirstUseMenu } from './FirstUseMenu';
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
  return (
    <FirstUseMenu
      use={use}
      target={trigger}
      label={item.nome}
      position="right-start"
      offset={6}
      trigger="click-hover"
      openDelay={80}
      closeDelay={200}
    >
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
    </FirstUseMenu>
  );
}
