import { useCallback, useEffect, useReducer } from 'react';
import { initialMenuState, menuReducer, widthClass, type MenuAction } from './menuMode';

/** The menu mode state of spec §4, fed by the window width (media queries use the same CSS pixels). */
export function useMenuMode() {
  const [state, dispatch] = useReducer(menuReducer, initialMenuState);
  useEffect(() => {
    const onResize = () => dispatch({ type: 'resize', width: widthClass(window.innerWidth) });
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const send = useCallback((action: MenuAction) => dispatch(action), []);
  return [state.mode, send] as const;
}
