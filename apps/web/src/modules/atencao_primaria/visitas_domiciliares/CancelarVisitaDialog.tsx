// Spec §4: cancelling a visit asks for a justification; the visit stays in the history marked "Cancelada".
import {
  cancelarVisitaSchema,
  JUSTIFICATIVA_CANCELAMENTO_MAX,
  JUSTIFICATIVA_CANCELAMENTO_MIN,
  type VisitaDomiciliar,
} from '@saude/shared/schemas/visita_domiciliar';
import { notifications } from '@mantine/notifications';
import { msg } from '@saude/shared';
import { CancelamentoDialog } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { useUsuario } from '../../../lib/session';
import { dataBr, horaBr } from '../../../lib/format';
import { useCancelarVisita } from './api';
import { enfileirarCancelamento } from './offline/fila';

export const CANCELAR_TITULO = 'Cancelar visita';
export const VISITA_CANCELADA = 'A visita foi cancelada e continua no histórico.';

export interface CancelarVisitaDialogProps {
  /** The visit to cancel; null keeps the dialog closed. */
  visita: VisitaDomiciliar | null;
  onClose: () => void;
}

export function CancelarVisitaDialog({ visita, onClose }: CancelarVisitaDialogProps) {
  const cancelar = useCancelarVisita();
  const login = useUsuario()?.login;
  // Offline (issue 25): the cancellation waits in the device's queue, like a visit.
  const enviar = async (justificativa: string) => {
    const v = visita!;
    const guardar = async () => {
      await enfileirarCancelamento(
        login!,
        { id: v.id, familia_id: v.familia_id },
        justificativa,
        `${dataBr(v.data_visita)} às ${horaBr(v.data_visita)} (${v.municipe_nome ?? 'Família'})`,
      );
      notifications.show({
        color: 'yellow',
        autoClose: 8000,
        title: 'Aguardando envio',
        message: msg.cancelamentoNaFila,
      });
      return v;
    };
    if (!navigator.onLine && login) return guardar();
    try {
      return await cancelar.mutateAsync({ id: v.id, justificativa });
    } catch (err) {
      if (err instanceof ApiError && err.status === 0 && login) return guardar();
      throw err;
    }
  };
  return (
    <CancelamentoDialog
      // A fresh form per visit: no justification typed for one visit lingers on the next.
      key={visita?.id}
      opened={visita !== null}
      onClose={onClose}
      title={CANCELAR_TITULO}
      resumo={
        visita &&
        `Visita de ${dataBr(visita.data_visita)} às ${horaBr(visita.data_visita)} (${visita.municipe_nome ?? 'Família'}). A visita continuará no histórico, marcada como cancelada, com a justificativa.`
      }
      schema={cancelarVisitaSchema}
      min={JUSTIFICATIVA_CANCELAMENTO_MIN}
      max={JUSTIFICATIVA_CANCELAMENTO_MAX}
      enviar={enviar}
      pendente={cancelar.isPending}
      sucesso={VISITA_CANCELADA}
    />
  );
}
