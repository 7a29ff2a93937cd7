// Spec §4: cancelling a visit asks for a justification; the visit stays in the history marked "Cancelada".
import {
  cancelarVisitaSchema,
  JUSTIFICATIVA_CANCELAMENTO_MAX,
  JUSTIFICATIVA_CANCELAMENTO_MIN,
  type VisitaDomiciliar,
} from '@saude/shared/schemas/visita_domiciliar';
import { CancelamentoDialog } from '../../../lib/form';
import { dataBr, horaBr } from '../../../lib/format';
import { useCancelarVisita } from './api';

export const CANCELAR_TITULO = 'Cancelar visita';
export const VISITA_CANCELADA = 'A visita foi cancelada e continua no histórico.';

export interface CancelarVisitaDialogProps {
  /** The visit to cancel; null keeps the dialog closed. */
  visita: VisitaDomiciliar | null;
  onClose: () => void;
}

export function CancelarVisitaDialog({ visita, onClose }: CancelarVisitaDialogProps) {
  const cancelar = useCancelarVisita();
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
      enviar={(justificativa) => cancelar.mutateAsync({ id: visita!.id, justificativa })}
      pendente={cancelar.isPending}
      sucesso={VISITA_CANCELADA}
    />
  );
}
