// The tooltip of the shell's hints, in a chunk of its own (see firstUse.tsx): Mantine's Tooltip drawn at a target.
import { Tooltip, type FloatingPosition } from '@mantine/core';
import type { RefObject } from 'react';

export default function HintTooltip(props: {
  target: RefObject<HTMLElement | null>;
  label: string;
  opened: boolean;
  position?: FloatingPosition;
}) {
  return <Tooltip withArrow {...props} />;
}
