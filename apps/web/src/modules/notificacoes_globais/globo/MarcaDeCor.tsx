import { Box } from '@mantine/core';

/** The colour mark of a notification (decorative: its type is written next to it, never colour alone). */
export function MarcaDeCor({ cor, altura = 36 }: { cor: string; altura?: number }) {
  return (
    <Box aria-hidden style={{ flex: '0 0 auto', width: 6, height: altura, borderRadius: 3, background: `#${cor}` }} />
  );
}
