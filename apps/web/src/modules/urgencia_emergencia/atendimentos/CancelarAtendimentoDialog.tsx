// Spec §4: cancelling an urgent-care record asks for a justification (≥ 10 characters); the visit stays, shown as
// cancelled, never deleted.
import {
  cancelarAtendimentoSchema,
  JUSTIFICATIVA_MAX,
  JUSTIFICATIVA_MIN,
  type Atendimento,
} from '@saude/shared/schemas/atendimento';
import { CancelamentoDialog } from '../../../lib/form';
import { dataBr, horaBr } from '../../../lib/format';
import { useCancelarAtendimento, type TipoAtendimento } from './api';

export const CANCELAR_TITULO = 'Cancelar atendimento';
export const ATENDIMENTO_CANCELADO = 'O atendimento foi cancelado e continua na lista, riscado.';

export function CancelarAtendimentoDialog({
  tipo,
  atendimento,
  opened,
  onClose,
}: {
  tipo: TipoAtendimento;
  atendimento: Atendimento;
  opened: boolean;
  onClose: () => void;
}) {
  const cancelar = useCancelarAtendimento(tipo);
  return (
    <CancelamentoDialog
      opened={opened}
      onClose={onClose}
      title={CANCELAR_TITULO}
      resumo={`Chegada de ${atendimento.paciente_nome} em ${dataBr(atendimento.data_chegada)} às ${horaBr(atendimento.data_chegada)}. O atendimento continuará registrado, marcado como cancelado, com a justificativa.`}
      schema={cancelarAtendimentoSchema}
      min={JUSTIFICATIVA_MIN}
      max={JUSTIFICATIVA_MAX}
      enviar={(justificativa) => cancelar.mutateAsync({ id: atendimento.id, body: { justificativa } })}
      pendente={cancelar.isPending}
      sucesso={ATENDIMENTO_CANCELADO}
    />
  );
}
