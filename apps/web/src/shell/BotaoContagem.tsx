// A top-bar icon with an unread count (the bell, the globe; spec §1, §4): the badge by badgeLabel (1–98 the number,
// 99 none, ≥ 100 '99+'), the count in words in its accessible name. Its dropdown is the caller's, fetched on first use.
import { UnstyledButton } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { badgeLabel } from '@saude/shared/validation/badge';
import classes from './Shell.module.css';

/** `trigger(ref, props)` of a top-bar count button, as the first-use dropdowns take it. */
export function contagemTrigger({
  icone,
  total,
  nome,
  testId,
}: {
  icone: ReactNode;
  total: number;
  nome: string;
  testId: string;
}) {
  const rotulo = badgeLabel(total);
  return (ref?: Ref<HTMLButtonElement>, plain?: object) => (
    <UnstyledButton
      ref={ref}
      className={classes.headerButton}
      aria-label={nome}
      style={{ position: 'relative' }}
      {...plain}
    >
      {icone}
      {rotulo && (
        <span aria-hidden data-testid={testId} className={classes.contagem}>
          {rotulo}
        </span>
      )}
    </UnstyledButton>
  );
}
