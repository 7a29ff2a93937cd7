// A request type's icon by its Tabler name (the code table stores 'IconAlertTriangle'…); unknown names get a note.
import {
  IconAlertTriangle,
  IconBulb,
  IconClipboardList,
  IconInfoCircle,
  IconMessage,
  IconSpeakerphone,
  IconThumbUp,
} from '@tabler/icons-react';

const ICONES = {
  IconAlertTriangle,
  IconBulb,
  IconClipboardList,
  IconInfoCircle,
  IconSpeakerphone,
  IconThumbUp,
} as const;

/** Decorative: the type's name is always written next to it. */
export function IconeTipo({ icone, size = 18 }: { icone: string; size?: number }) {
  const Icone = ICONES[icone as keyof typeof ICONES] ?? IconMessage;
  return <Icone size={size} aria-hidden style={{ flex: '0 0 auto' }} />;
}
