import { Typography } from '@mantine/core';
import { useMemo, type CSSProperties } from 'react';
import { sanitizarHtml } from './sanitizar';

/** A version's text, sanitised again here before it is drawn. */
export function TextoTermo({ html, label }: { html: string; label?: string }) {
  const limpo = useMemo(() => sanitizarHtml(html), [html]);
  return (
    // Links in the darker shade: the default one fails contrast on white.
    <Typography style={{ '--mantine-color-anchor': 'var(--mantine-color-saude-9)' } as CSSProperties}>
      {/* The allow-list's HTML only: sanitizarHtml rebuilt it from the parsed tree. */}
      <div aria-label={label} dangerouslySetInnerHTML={{ __html: limpo }} />
    </Typography>
  );
}
