// Spec §4: cancelling a visit asks for a justification; the visit stays in the history marked "Cancelada".
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { msg } from '@saude/shared';
import {
  cancelarVisitaSchema,
  JUSTIFICATIVA_CANCELAMENTO_MAX,
  JUSTIFICATIVA_CANCELAMENTO_MIN,
  type VisitaDomiciliar,
} from '@saude/shared/schemas/visita_domiciliar';
import { notifyError, notifySuccess } from '../../../lib/feedback';
import { setServerErrors, TextareaField, useZodForm } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { useCancelarVisita } from './api';
import { dataBr, horaBr } from '../../../lib/format';

export const CANCELAR_TITULO = 'Cancelar visita';
export const VISITA_CANCELADA = 'A visita foi cancelada e continua no histórico.';

export interface CancelarVisitaDialogProps {
  /** The visit to cancel; null keeps the dialog closed. */
  visita: VisitaDomiciliar | null;
  onClose: () => void;
}

export function CancelarVisitaDialog({ visita, onClose }: CancelarVisitaDialogProps) {
  return (
    <Modal opened={visita !== null} onClose={onClose} title={CANCELAR_TITULO} centered size="lg">
      {/* A fresh form per visit: no justification typed for one visit lingers on the next. */}
      {visita && <CancelarForm key={visita.id} visita={visita} onClose={onClose} />}
    </Modal>
  );
}

function CancelarForm({ visita, onClose }: { visita: VisitaDomiciliar; onClose: () => void }) {
  const cancelar = useCancelarVisita();
  const form = useZodForm(cancelarVisitaSchema, { justificativa: '' });
  // 409 'Esta visita já foi cancelada': said in the dialog, which then offers only to close.
  const [jaCancelada, setJaCancelada] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ justificativa }) => {
    try {
      await cancelar.mutateAsync({ id: visita.id, justificativa });
      notifySuccess(VISITA_CANCELADA);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'conflito') setJaCancelada(err.message || msg.visitaJaCancelada);
      else if (err instanceof ApiError && err.code === 'validacao' && setServerErrors(form, err.errors) > 0) return;
      else notifyError(err);
    }
  });

  const quem = visita.municipe_nome ?? 'Família';
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Visita de {dataBr(visita.data_visita)} às {horaBr(visita.data_visita)} ({quem}). A visita continuará no
          histórico, marcada como cancelada, com a justificativa.
        </Text>
        {jaCancelada ? (
          <Alert color="yellow" variant="light" role="alert">
            {jaCancelada}
          </Alert>
        ) : (
          <TextareaField
            control={form.control}
            name="justificativa"
            label="Justificativa"
            required
            description={`De ${JUSTIFICATIVA_CANCELAMENTO_MIN} a ${JUSTIFICATIVA_CANCELAMENTO_MAX} caracteres.`}
            // Mantine's focus trap starts on the justification, not on the close button.
            inputProps={{ maxLength: JUSTIFICATIVA_CANCELAMENTO_MAX, ...({ 'data-autofocus': true } as object) }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onClose} disabled={cancelar.isPending}>
            {jaCancelada ? 'Fechar' : 'Voltar'}
          </Button>
          {!jaCancelada && (
            <Button type="submit" color="red" mih={44} loading={cancelar.isPending}>
              Confirmar cancelamento
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
