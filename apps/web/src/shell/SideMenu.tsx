import { ActionIcon, NavLink, Skeleton, Stack } from '@mantine/core';
import { IconChevronRight, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useEffect, useRef, type Ref } from 'react';
import { Link, useLocation } from 'react-router';
import { useRouteInfo } from '../lib/routeInfo';
import { AreaIcon } from './areaIcon';
import { FirstUseSlot, lazyOnFirstUse, useFirstUse, useIdleWarmUp } from './firstUse';
import { Hint } from './Hint';
import type { MenuAction, MenuMode } from './menuMode';
import { containsActive, isActivePath, type NavItem } from './menuTree';
import classes from './Shell.module.css';

export const MENU_ID = 'menu-principal';
const HOME: NavItem = { id: 'inicio', nome: 'Início', path: '/', area: '', children: [] };

type Props = { mode: MenuMode; send: (a: MenuAction) => void; nav: NavItem[]; loading: boolean };

export function SideMenu({ mode, send, nav, loading }: Props) {
  // The API menu usually lists 'Início' itself; add it only when it does not.
  const items = nav.some((i) => i.path === '/') ? nav : [HOME, ...nav];
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Focus moves into the drawer when it opens, so keyboard and screen-reader users land in it.
  useEffect(() => {
    if (mode === 'open') toggleRef.current?.focus();
  }, [mode]);
  const expanded = mode === 'unfold' || mode === 'open';
  return (
    <nav
      id={MENU_ID}
      aria-label="Menu principal"
      data-menu-mode={mode}
      className={classes.nav}
      onKeyDown={(e) => {
        if (e.key === 'Escape') send({ type: 'dismiss' });
      }}
    >
      <div className={classes.navHeader}>
        <Hint label={expanded ? 'Recolher menu' : 'Expandir menu'} position="right">
          <ActionIcon
            ref={toggleRef}
            variant="subtle"
            color="gray"
            size={44}
            aria-label="Alternar menu lateral"
            aria-expanded={expanded}
            aria-controls={MENU_ID}
            onClick={() => send({ type: 'toggleSide' })}
          >
            {expanded ? (
              <IconLayoutSidebarLeftCollapse size={24} aria-hidden />
            ) : (
              <IconLayoutSidebarLeftExpand size={24} aria-hidden />
            )}
          </ActionIcon>
        </Hint>
      </div>
      {mode === 'fold' ? <FoldedItems items={items} /> : <Tree items={items} depth={0} />}
      {loading && (
        <Stack gap={8} mt={8} aria-hidden>
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      )}
    </nav>
  );
}

function Tree({ items, depth }: { items: NavItem[]; depth: number }) {
  const { pathname } = useLocation();
  const { prefetch } = useRouteInfo();
  return items.map((item) => {
    const icon = depth === 0 ? <AreaIcon area={item.area} /> : undefined;
    if (item.children.length > 0) {
      return (
        <NavLink
          key={item.id}
          label={item.nome}
          leftSection={icon}
          defaultOpened={containsActive(item, pathname)}
          childrenOffset={20}
          className={classes.navLink}
        >
          <Tree items={item.children} depth={depth + 1} />
        </NavLink>
      );
    }
    const active = item.path !== null && isActivePath(item.path, pathname);
    return (
      <NavLink
        key={item.id}
        component={Link}
        to={item.path ?? '/'}
        label={item.nome}
        leftSection={icon}
        active={active}
        aria-current={active ? 'page' : undefined}
        className={classes.navLink}
        onMouseEnter={() => item.path && prefetch(item.path)}
        onFocus={() => item.path && prefetch(item.path)}
      />
    );
  });
}

/** Folded (90 px): icons only, names as tooltips; a group opens its links in a flyout. */
function FoldedItems({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation();
  const { prefetch } = useRouteInfo();
  return (
    <Stack gap={4}>
      {items.map((item) => {
        const active = containsActive(item, pathname);
        if (item.children.length === 0 && item.path) {
          const path = item.path;
          return (
            <Hint key={item.id} label={item.nome} position="right">
              <Link
                to={path}
                className={classes.foldItem}
                aria-label={item.nome}
                aria-current={active ? 'page' : undefined}
                data-active={active || undefined}
                onMouseEnter={() => prefetch(path)}
                onFocus={() => prefetch(path)}
              >
                <AreaIcon area={item.area} size={26} />
              </Link>
            </Hint>
          );
        }
        return <FoldedGroup key={item.id} item={item} active={active} />;
      })}
    </Stack>
  );
}

const FoldedGroupMenu = lazyOnFirstUse(() => import('./FoldedGroupMenu'));

/** A group of the folded menu: its flyout's code comes with the first hover, focus or press (firstUse.tsx). */
function FoldedGroup({ item, active }: { item: NavItem; active: boolean }) {
  const { use, intent } = useFirstUse(FoldedGroupMenu.preload, { openOnHover: true });
  useIdleWarmUp(FoldedGroupMenu.preload);
  const trigger = (ref?: Ref<HTMLButtonElement>, plain?: object) => (
    <button
      ref={ref}
      type="button"
      className={classes.foldItem}
      aria-label={item.nome}
      data-active={active || undefined}
      style={{ border: 0, background: 'none' }}
      {...plain}
    >
      <AreaIcon area={item.area} size={26} />
      <IconChevronRight size={12} aria-hidden />
    </button>
  );
  const plain = trigger(undefined, { ...intent, 'aria-haspopup': 'menu', 'aria-expanded': false });
  return (
    <FirstUseSlot fallback={plain} retry={use}>
      {use ? <FoldedGroupMenu item={item} use={use} trigger={trigger} /> : plain}
    </FirstUseSlot>
  );
}
