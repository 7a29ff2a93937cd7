// The ombudsman's bell in the top bar (issue 20, spec §1, §4): only for who holds `ouvidoria:index`. The button and
// its count are in the first load; the dropdown (Popover, list) is a chunk fetched on first use (firstUse.tsx).
import { contagemEmPalavras } from '@saude/shared/validation/badge';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Usuario } from '@saude/shared';
import { pode } from '../lib/access';
import { FirstUseSlot, lazyOnFirstUse, useFirstUse } from './firstUse';
import { contagemTrigger } from './BotaoContagem';
import { sinoQuery } from '../modules/ouvidoria';

const SinoPainel = lazyOnFirstUse(() => import('./SinoPainel'));

/** "Ouvidoria: 3 não lidas" — the count in words, whatever the badge shows. */
const nomeDoSino = (total: number) =>
  total === 0
    ? 'Ouvidoria: nenhuma não lida'
    : `Ouvidoria: ${contagemEmPalavras(total)} não ${total === 1 ? 'lida' : 'lidas'}`;

export function Sino({ usuario }: { usuario: Usuario }) {
  if (!pode(usuario, 'ouvidoria:index')) return null;
  return <SinoBotao />;
}

function SinoBotao() {
  const { data } = useQuery(sinoQuery());
  const total = data?.total ?? 0;
  const { use, intent } = useFirstUse(SinoPainel.preload);
  const trigger = contagemTrigger({
    icone: <IconBell size={22} aria-hidden />,
    total,
    nome: nomeDoSino(total),
    testId: 'sino-badge',
  });
  const plain = trigger(undefined, { ...intent, 'aria-haspopup': 'dialog', 'aria-expanded': false });
  return (
    <FirstUseSlot fallback={plain} retry={use}>
      {use ? <SinoPainel use={use} trigger={trigger} /> : plain}
    </FirstUseSlot>
  );
}
