// A short name shown beside an icon on hover or focus (the menu's folded icons, the top bar's buttons). Its code
// loads on first use (firstUse.tsx); the trigger is never re-created, so focus and clicks are untouched.
import { useMergedRef } from '@mantine/hooks';
import type { FloatingPosition } from '@mantine/core';
import { cloneElement, useRef, useState, type ReactElement, type Ref, type SyntheticEvent } from 'react';
import { FirstUseSlot, lazyOnFirstUse } from './firstUse';

export const HintTooltip = lazyOnFirstUse(() => import('./HintTooltip'));

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (e: SyntheticEvent) => void;
  onMouseLeave?: (e: SyntheticEvent) => void;
  onFocus?: (e: SyntheticEvent) => void;
  onBlur?: (e: SyntheticEvent) => void;
  onKeyDown?: (e: SyntheticEvent & { key: string }) => void;
};

export function Hint({
  label,
  position,
  children,
}: {
  label: string;
  position?: FloatingPosition;
  children: ReactElement<TriggerProps>;
}) {
  const target = useRef<HTMLElement>(null);
  const ref = useMergedRef(target, children.props.ref);
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const own = children.props;
  const on = (open: boolean, handler?: (e: SyntheticEvent) => void) => (e: SyntheticEvent) => {
    if (open) {
      // A new try when the last fetch failed (firstUse.tsx); otherwise the fetch already under way or done.
      HintTooltip.preload().catch(() => undefined);
      setUsed(true);
    }
    setOpened(open);
    handler?.(e);
  };
  return (
    <>
      {cloneElement(children, {
        ref,
        onMouseEnter: on(true, own.onMouseEnter),
        onMouseLeave: on(false, own.onMouseLeave),
        onFocus: on(true, own.onFocus),
        onBlur: on(false, own.onBlur),
        // WCAG 1.4.13: what appears on hover or focus can be dismissed without moving.
        onKeyDown: (e) => {
          if (e.key === 'Escape') setOpened(false);
          own.onKeyDown?.(e);
        },
      })}
      {used && (
        <FirstUseSlot fallback={null} retry={opened}>
          <HintTooltip target={target} label={label} opened={opened} position={position} />
        </FirstUseSlot>
      )}
    </>
  );
}
