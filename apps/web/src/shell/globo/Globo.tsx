// The top bar's globe (spec §1, §4, issue 20): the unread count of global notifications, polled every 30 s. The
// dropdown (Mantine Menu, dates) is a chunk of its own fetched on first use (firstUse.tsx): the shell's first load
// keeps its budget (issue 15).
import { ActionIcon, Badge } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type Ref } from 'react';
import type { Usuario } from '@saude/shared';
import { badgeLabel } from '@saude/shared/validation/badge';
import { pode } from '../../lib/access';
import { lazyOnFirstUse, useFirstUse } from '../firstUse';
import classes from '../Shell.module.css';
import { contarNaoLidas, naoLidasQuery } from '../../modules/notificacoes_globais/globo/api';

const GloboMenu = lazyOnFirstUse(() => import('./GloboMenu'));

/** 'Notificações globais, 3 não lidas': the count in words (the badge is only a picture of it). */
export const nomeDoGlobo = (n: number) =>
  n === 0 ? 'Notificações globais, nenhuma não lida' : `Notificações globais, ${n} não lida${n === 1 ? '' : 's'}`;

export function Globo({ usuario }: { usuario: Usuario }) {
  const unidadeId = usuario.unidade_atual?.id ?? null;
  const habilitado = unidadeId !== null && pode(usuario, 'notificacoes_globais:index');
  const { data } = useQuery({ ...naoLidasQuery(unidadeId), enabled: habilitado });
  const { use, intent } = useFirstUse(GloboMenu.preload);
  if (!habilitado) return null;
  const n = contarNaoLidas(data);
  const rotulo = badgeLabel(n);
  const nome = nomeDoGlobo(n);
  // What the unread poll saw: the dropdown reloads its newest when it changes (a new one, one read elsewhere).
  const versao = `${data?.total ?? 0}:${data?.rows.map((r) => r.id).join(',') ?? ''}`;
  const trigger = (ref?: Ref<HTMLButtonElement>, plain?: object) => (
    <ActionIcon
      ref={ref}
      variant="transparent"
      color="white"
      size={44}
      aria-label={nome}
      title="Notificações globais"
      className={classes.headerButton}
      style={{ position: 'relative', overflow: 'visible' }}
      {...plain}
    >
      <IconWorld size={24} aria-hidden />
      {rotulo && (
        <Badge
          aria-hidden
          size="sm"
          color="red.9"
          variant="filled"
          radius="xl"
          px={5}
          style={{ position: 'absolute', top: 2, right: 0, pointerEvents: 'none' }}
        >
          {rotulo}
        </Badge>
      )}
    </ActionIcon>
  );
  const plain = trigger(undefined, { ...intent, 'aria-haspopup': 'menu', 'aria-expanded': false });
  return (
    <Suspense fallback={plain}>
      {use ? <GloboMenu unidadeId={unidadeId} versao={versao} use={use} trigger={trigger} /> : plain}
    </Suspense>
  );
}
