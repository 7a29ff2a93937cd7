// The ombudsman's bell in the top bar (issue 20, spec §1, §4): only for who holds `ouvidoria:index`. The button and
// its count are in the first load; the dropdown (Popover, list) is a chunk fetched on first use (firstUse.tsx).
import { UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type Ref } from 'react';
import type { Usuario } from '@saude/shared';
import { badgeLabel } from '@saude/shared/validation/badge';
import { pode } from '../lib/access';
import { lazyOnFirstUse, useFirstUse } from './firstUse';
import classes from './Shell.module.css';
import { sinoQuery } from '../modules/ouvidoria/sino/api';

const SinoPainel = lazyOnFirstUse(() => import('./SinoPainel'));

/** "Ouvidoria: 3 não lidas" — the count in words, whatever the badge shows. */
export const nomeDoSino = (total: number) =>
  total === 0 ? 'Ouvidoria: nenhuma não lida' : `Ouvidoria: ${total} não ${total === 1 ? 'lida' : 'lidas'}`;

export function Sino({ usuario }: { usuario: Usuario }) {
  if (!pode(usuario, 'ouvidoria:index')) return null;
  return <SinoBotao />;
}

function SinoBotao() {
  const { data } = useQuery(sinoQuery());
  const total = data?.total ?? 0;
  const rotulo = badgeLabel(total);
  const { use, intent } = useFirstUse(SinoPainel.preload);
  const trigger = (ref?: Ref<HTMLButtonElement>, plain?: object) => (
    <UnstyledButton
      ref={ref}
      className={classes.headerButton}
      aria-label={nomeDoSino(total)}
      style={{ position: 'relative' }}
      {...plain}
    >
      <IconBell size={22} aria-hidden />
      {rotulo && (
        <span
          aria-hidden
          data-testid="sino-badge"
          style={{
            position: 'absolute',
            top: 2,
            right: 0,
            minWidth: 20,
            height: 20,
            padding: '0 5px',
            borderRadius: 10,
            background: '#c92a2a',
            color: 'white',
            fontSize: 12,
            fontWeight: 700,
            lineHeight: '20px',
            textAlign: 'center',
          }}
        >
          {rotulo}
        </span>
      )}
    </UnstyledButton>
  );
  const plain = trigger(undefined, { ...intent, 'aria-haspopup': 'dialog', 'aria-expanded': false });
  return <Suspense fallback={plain}>{use ? <SinoPainel use={use} trigger={trigger} /> : plain}</Suspense>;
}
