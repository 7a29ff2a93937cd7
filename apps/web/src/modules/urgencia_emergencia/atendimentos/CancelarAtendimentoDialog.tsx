// Spec §4: cancelling an urgent-care record asks for a justification (≥ 10 characters); the visit stays, shown as
// cancelled, never deleted.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  cancelarAtendimentoSchema,
  JUSTIFICATIVA_MAX,
  JUSTIFICATIVA_MIN,
  type Atendimento,
} from '@saude/shared/schemas/atendimento';
import { notifyError, notifySuccess } from '../../../lib/feedback';
import { setServerErrors, TextareaField, useZodForm } from '../../../lib/form';
import { dataBr, horaBr } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { useCancelarAtendimento, type TipoAtendimento } from './api';
import { ALERTA } from './comum';

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
  return (
    <Modal opened={opened} onClose={onClose} title={CANCELAR_TITULO} centered size="lg">
      {/* A fresh form per opening: a justification typed and abandoned does not linger. */}
      {opened && <CancelarForm tipo={tipo} atendimento={atendimento} onClose={onClose} />}
    </Modal>
  );
}

function CancelarForm({
  tipo,
  atendimento,
  onClose,
}: {
  tipo: TipoAtendimento;
  atendimento: Atendimento;
  onClose: () => void;
}) {
  const cancelar = useCancelarAtendimento(tipo);
  const form = useZodForm(cancelarAtendimentoSchema, { justificativa: '' });
  // 409 (already cancelled or concluded meanwhile): said in the dialog, which then offers only to close.
  const [recusa, setRecusa] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ justificativa }) => {
    try {
      await cancelar.mutateAsync({ id: atendimento.id, body: { justificativa } });
      notifySuccess(ATENDIMENTO_CANCELADO);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'conflito') setRecusa(err.message);
      else if (err instanceof ApiError && err.code === 'validacao' && setServerErrors(form, err.errors) > 0) return;
      else notifyError(err);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Chegada de {atendimento.paciente_nome} em {dataBr(atendimento.data_chegada)} às{' '}
          {horaBr(atendimento.data_chegada)}. O atendimento continuará registrado, marcado como cancelado, com a
          justificativa.
        </Text>
        {recusa ? (
          <Alert color="yellow" variant="light" role="alert" styles={ALERTA}>
            {recusa}
          </Alert>
        ) : (
          <TextareaField
            control={form.control}
            name="justificativa"
            label="Justificativa"
            required
            description={`De ${JUSTIFICATIVA_MIN} a ${JUSTIFICATIVA_MAX} caracteres.`}
            inputProps={{ maxLength: JUSTIFICATIVA_MAX, ...({ 'data-autofocus': true } as object) }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onClose} disabled={cancelar.isPending}>
            {recusa ? 'Fechar' : 'Voltar'}
          </Button>
          {!recusa && (
            <Button type="submit" color="red" mih={44} loading={cancelar.isPending}>
              Confirmar cancelamento
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
