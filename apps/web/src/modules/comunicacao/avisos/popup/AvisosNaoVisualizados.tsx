// The shell's unread-notice check (spec §4, §9): at sign-in (the signed-in shell mounting with a current unit), on a
// unit change (the unit is in the query key) and every 15 minutes. The dialog's code (Modal, focus trap, textarea) is
// a lazy chunk fetched only when a check finds something: the first load stays within its budget (issue 15).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Usuario } from '@saude/shared';
import { pode } from '../../../../lib/access';
import { INTERVALO_AVISOS_MS } from '@saude/shared/aviso_constantes';
import { avisosNaoVisualizadosQuery } from './api';

const AvisosPopup = lazy(() => import('./AvisosPopup').then((m) => ({ default: m.AvisosPopup })));

export function AvisosNaoVisualizados({ usuario }: { usuario: Usuario }) {
  const unidadeId = usuario.unidade_atual?.id ?? null;
  const habilitado = unidadeId !== null && pode(usuario, 'comunicacao/avisos:visualizar');
  // The check whose pop-up the user closed (all confirmed, or "Ver depois"): its notices wait for the next check.
  const [fechadaEm, setFechadaEm] = useState<number | null>(null);
  const { data, dataUpdatedAt } = useQuery({
    ...avisosNaoVisualizadosQuery(unidadeId),
    enabled: habilitado,
    // No check while the pop-up is open (a new list would restart it and lose a typed reply); the 15 minutes count
    // from when it closes.
    refetchInterval: (q) => (q.state.data?.length && q.state.dataUpdatedAt !== fechadaEm ? false : INTERVALO_AVISOS_MS),
  });

  if (!habilitado || !data?.length || dataUpdatedAt === fechadaEm) return null;
  return (
    <Suspense fallback={null}>
      {/* A fresh sequence per check. */}
      <AvisosPopup key={dataUpdatedAt} avisos={data} onFechar={() => setFechadaEm(dataUpdatedAt)} />
    </Suspense>
  );
}
