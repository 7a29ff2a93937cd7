import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@saude/shared';
import { isKnownPath } from '../lib/routeInfo';
import { buildNav, containsActive, isActivePath, leaves } from './menuTree';

const item = (id: string, nome: string, url: string | null, submenus: MenuItem[] = []): MenuItem => ({
  id,
  nome,
  url,
  v3: true,
  depth: 0,
  submenus,
});
const known = ['/', '/conta', '/atencao_primaria/familias', '/atencao_primaria/familias/:id/edit'];
const isKnown = (url: string) => isKnownPath(known, url);

describe('side menu tree', () => {
  it('hides entries whose screens do not exist yet, and groups left empty', () => {
    const nav = buildNav(
      [
        item('1', 'Atenção primária', null, [
          item('2', 'Famílias', '/atencao_primaria/familias'),
          item('3', 'Visitas', '/atencao_primaria/visitas_domiciliares'),
        ]),
        item('4', 'Urgência', null, [item('5', 'Atendimentos', '/urgencia_emergencia/atendimentos')]),
        item('6', 'Munícipes', '/municipes'),
      ],
      isKnown,
    );
    expect(nav).toEqual([
      {
        id: '1',
        nome: 'Atenção primária',
        path: null,
        area: 'atencao_primaria',
        children: [
          { id: '2', nome: 'Famílias', path: '/atencao_primaria/familias', area: 'atencao_primaria', children: [] },
        ],
      },
    ]);
  });

  it('accepts absolute and query-carrying URLs of known screens', () => {
    expect(isKnown('https://legado.exemplo/atencao_primaria/familias?x=1')).toBe(true);
    expect(isKnown('atencao_primaria/familias')).toBe(true);
    expect(isKnown('/atencao_primaria/familias/abc/edit')).toBe(true);
    expect(isKnown('/atencao_primaria/familias/abc/zzz')).toBe(false);
  });

  it('marks a link active on its own page and on pages below it; home only on itself', () => {
    expect(isActivePath('/atencao_primaria/familias', '/atencao_primaria/familias/1/edit')).toBe(true);
    expect(isActivePath('/atencao_primaria/familias', '/atencao_primaria/familiasx')).toBe(false);
    expect(isActivePath('/', '/conta')).toBe(false);
    const nav = buildNav([item('1', 'AP', null, [item('2', 'Famílias', '/atencao_primaria/familias')])], isKnown);
    expect(containsActive(nav[0]!, '/atencao_primaria/familias/new')).toBe(true);
    expect(leaves(nav[0]!).map((l) => l.nome)).toEqual(['Famílias']);
  });
});
