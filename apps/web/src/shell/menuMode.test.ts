import { describe, expect, it } from 'vitest';
import {
  defaultMode,
  initialMenuState,
  menuReducer,
  showsTopToggle,
  widthClass,
  type MenuMode,
  type MenuState,
} from './menuMode';

const at = (mode: MenuMode, width: MenuState['width'] = 'large'): MenuState => ({ mode, width });

describe('menu modes (spec §4, §9)', () => {
  it('starts hidden before the width is known', () => {
    expect(initialMenuState).toEqual({ mode: 'hide', width: null });
  });

  it('classifies widths at the 480/768/992 px breakpoints', () => {
    expect([1600, 1400, 1000, 992].map(widthClass)).toEqual(['large', 'large', 'large', 'large']);
    expect([991, 800, 768].map(widthClass)).toEqual(['medium', 'medium', 'medium']);
    expect([767, 600, 480].map(widthClass)).toEqual(['small', 'small', 'small']);
    expect([479, 400, 320].map(widthClass)).toEqual(['xsmall', 'xsmall', 'xsmall']);
  });

  it('picks unfold for large, fold for medium and small, hide for extra small', () => {
    expect(defaultMode('large')).toBe('unfold');
    expect(defaultMode('medium')).toBe('fold');
    expect(defaultMode('small')).toBe('fold');
    expect(defaultMode('xsmall')).toBe('hide');
  });

  it('lets the first width decide the mode right after mount', () => {
    expect(menuReducer(initialMenuState, { type: 'resize', width: 'large' })).toEqual(at('unfold', 'large'));
    expect(menuReducer(initialMenuState, { type: 'resize', width: 'small' })).toEqual(at('fold', 'small'));
    expect(menuReducer(initialMenuState, { type: 'resize', width: 'xsmall' })).toEqual(at('hide', 'xsmall'));
  });

  it('resets to the default when a breakpoint is crossed, whatever the user chose', () => {
    expect(menuReducer(at('fold', 'large'), { type: 'resize', width: 'medium' })).toEqual(at('fold', 'medium'));
    expect(menuReducer(at('unfold', 'medium'), { type: 'resize', width: 'large' })).toEqual(at('unfold', 'large'));
    expect(menuReducer(at('open', 'xsmall'), { type: 'resize', width: 'small' })).toEqual(at('fold', 'small'));
    expect(menuReducer(at('unfold', 'small'), { type: 'resize', width: 'xsmall' })).toEqual(at('hide', 'xsmall'));
    expect(menuReducer(at('fold', 'large'), { type: 'resize', width: 'large' })).toEqual(at('fold', 'large'));
  });

  it('keeps the user choice while resizing within the same class', () => {
    const state = at('fold', 'large');
    expect(menuReducer(state, { type: 'resize', width: 'large' })).toBe(state);
  });

  it('cycles the side toggle fold↔unfold and open↔hide', () => {
    expect(menuReducer(at('unfold'), { type: 'toggleSide' }).mode).toBe('fold');
    expect(menuReducer(at('fold'), { type: 'toggleSide' }).mode).toBe('unfold');
    expect(menuReducer(at('open', 'xsmall'), { type: 'toggleSide' }).mode).toBe('hide');
    expect(menuReducer(at('hide', 'xsmall'), { type: 'toggleSide' }).mode).toBe('open');
  });

  it('toggles the top navbar open↔hide and leaves a docked menu alone', () => {
    expect(menuReducer(at('hide', 'xsmall'), { type: 'toggleTop' }).mode).toBe('open');
    expect(menuReducer(at('open', 'xsmall'), { type: 'toggleTop' }).mode).toBe('hide');
    const docked = at('fold', 'medium');
    expect(menuReducer(docked, { type: 'toggleTop' })).toBe(docked);
    expect(menuReducer(at('unfold'), { type: 'toggleTop' }).mode).toBe('unfold');
  });

  it('closes the drawer on dismiss and keeps docked or hidden menus as they are', () => {
    expect(menuReducer(at('open', 'xsmall'), { type: 'dismiss' }).mode).toBe('hide');
    for (const mode of ['unfold', 'fold', 'hide'] as const)
      expect(menuReducer(at(mode), { type: 'dismiss' }).mode).toBe(mode);
  });

  it('offers the top toggle only in hide and open', () => {
    expect((['unfold', 'fold', 'hide', 'open'] as const).map(showsTopToggle)).toEqual([false, false, true, true]);
  });
});
