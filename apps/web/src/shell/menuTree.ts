import type { MenuItem } from '@saude/shared';
import { appPath } from '../lib/routeInfo';

export type NavItem = { id: string; nome: string; path: string | null; area: string; children: NavItem[] };

/**
 * Keeps only entries whose screens exist in this build (no placeholders), and groups that keep at least one
 * child. `area` is the first URL segment, used to pick an icon.
 */
export function buildNav(items: MenuItem[], isKnown: (url: string) => boolean): NavItem[] {
  const out: NavItem[] = [];
  for (const item of items) {
    const children = buildNav(item.submenus ?? [], isKnown);
    const path = item.url && isKnown(item.url) ? appPath(item.url) : null;
    if (!path && children.length === 0) continue;
    const area = (path ?? children[0]?.path ?? '').split('/')[1] ?? '';
    out.push({ id: item.id, nome: item.nome, path, area, children });
  }
  return out;
}

export function isActivePath(path: string, pathname: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

export const containsActive = (item: NavItem, pathname: string): boolean =>
  (item.path !== null && isActivePath(item.path, pathname)) || item.children.some((c) => containsActive(c, pathname));

/** All leaf links of an area, for the home tiles. */
export const leaves = (item: NavItem): NavItem[] =>
  item.children.length ? item.children.flatMap(leaves) : item.path ? [item] : [];
