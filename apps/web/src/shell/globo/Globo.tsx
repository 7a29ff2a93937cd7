// The top bar's globe (spec §1, §4, issue 20): the unread count of global notifications, polled every 30 s. The
// dropdown (Mantine Menu, dates) is a chunk of its own fetched on first use (firstUse.tsx): the shell's first load
// keeps its budget (issue 15).
import { contagemEmPalavras } from '@saude/shared/validation/badge';
import { IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Usuario } from '@saude/shared';
import { pode } from '../../lib/access';
import { FirstUseSlot, lazyOnFirstUse, useFirstUse } from '../firstUse';
import { contagemTrigger } from '../BotaoContagem';
import { contarNaoLidas, naoLidasQuery } from '../../modules/notificacoes_globais';

const GloboMenu = lazyOnFirstUse(() => import('./GloboMenu'));

/** 'Notificações globais, 3 não lidas': the count in words (the badge is only a picture of it). */
export const nomeDoGlobo = (n: number) =>
  n === 0
    ? 'Notificações globais, nenhuma não lida'
    : `Notificações globais, ${contagemEmPalavras(n)} não lida${n === 1 ? '' : 's'}`;

export function Globo({ usuario }: { usuario: Usuario }) {
  const unidadeId = usuario.unidade_atual?.id ?? null;
  const habilitado = unidadeId !== null && pode(usuario, 'notificacoes_globais:index');
  const { data } = useQuery({ ...naoLidasQuery(unidadeId), enabled: habilitado });
  const { use, intent } = useFirstUse(GloboMenu.preload);
  if (!habilitado) return null;
  const n = contarNaoLidas(data);
  // What the unread poll saw: the dropdown reloads its newest when it changes (a new one, one read elsewhere).
  const versao = `${data?.total ?? 0}:${data?.rows.map((r) => r.id).join(',') ?? ''}`;
  const trigger = contagemTrigger({
    icone: <IconWorld size={24} aria-hidden />,
    total: n,
    nome: nomeDoGlobo(n),
    testId: 'globo-badge',
  });
  const plain = trigger(undefined, { ...intent, 'aria-haspopup': 'menu', 'aria-expanded': false });
  return (
    <FirstUseSlot fallback={plain} retry={use}>
      {use ? <GloboMenu unidadeId={unidadeId} versao={versao} use={use} trigger={trigger} /> : plain}
    </FirstUseSlot>
  );
}
