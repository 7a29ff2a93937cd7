// Side menu modes of spec §4 and §9, as a pure reducer so every transition is testable without a DOM.

export type MenuMode = 'unfold' | 'fold' | 'hide' | 'open';

/** Width classes of spec §9: large ≥ 992 px, medium 768–991, small 480–767, extra small < 480. */
export type WidthClass = 'large' | 'medium' | 'small' | 'xsmall';

export type MenuState = { mode: MenuMode; width: WidthClass | null };

export type MenuAction =
  | { type: 'resize'; width: WidthClass }
  | { type: 'toggleSide' }
  | { type: 'toggleTop' }
  /** Backdrop click, Escape or a followed link: an overlay drawer closes, a docked menu stays. */
  | { type: 'dismiss' };

// Spec §4: "Initial menu and navbar state: hide"; the width decides right after mount.
export const initialMenuState: MenuState = { mode: 'hide', width: null };

export function widthClass(px: number): WidthClass {
  if (px >= 992) return 'large';
  if (px >= 768) return 'medium';
  if (px >= 480) return 'small';
  return 'xsmall';
}

export function defaultMode(width: WidthClass): MenuMode {
  switch (width) {
    case 'large':
      return 'unfold';
    case 'medium':
    case 'small':
      return 'fold';
    case 'xsmall':
      return 'hide';
  }
}

export function menuReducer(state: MenuState, action: MenuAction): MenuState {
  switch (action.type) {
    case 'resize':
      // Only crossing a breakpoint resets the mode; resizing within a class keeps the user's choice.
      return action.width === state.width ? state : { mode: defaultMode(action.width), width: action.width };
    case 'toggleSide':
      return { ...state, mode: sideNext[state.mode] };
    case 'toggleTop':
      // The top toggle only opens and closes the drawer; a docked menu has its own toggle.
      return state.mode === 'open' || state.mode === 'hide'
        ? { ...state, mode: state.mode === 'open' ? 'hide' : 'open' }
        : state;
    case 'dismiss':
      return state.mode === 'open' ? { ...state, mode: 'hide' } : state;
  }
}

const sideNext: Record<MenuMode, MenuMode> = { fold: 'unfold', unfold: 'fold', open: 'hide', hide: 'open' };

/** The top toggle is offered only where it does something (hide/open); docked modes use the side toggle. */
export const showsTopToggle = (mode: MenuMode) => mode === 'hide' || mode === 'open';
