import { Typography } from '@mantine/core';
import { useMemo, type CSSProperties } from 'react';
import { sanitizarHtml } from '@saude/shared/termo_uso_html';
import classes from './TextoTermo.module.css';

/** A version's text (or the editor's draft), sanitised without the DOM before it is drawn. */
export function TextoTermo({ html, label }: { html: string; label?: string }) {
  const limpo = useMemo(() => sanitizarHtml(html), [html]);
  return (
    // Links in the darker shade: the default one fails contrast on white.
    <Typography style={{ '--mantine-color-anchor': 'var(--mantine-color-saude-9)' } as CSSProperties}>
      {/* The allow-list's HTML only: sanitizarHtml wrote it from parse5's tree. */}
      <div className={classes.texto} aria-label={label} dangerouslySetInnerHTML={{ __html: limpo }} />
    </Typography>
  );
}
