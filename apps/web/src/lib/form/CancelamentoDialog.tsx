// Spec §4: cancelling a visit record or an urgent-care record asks for a justification; the record stays, marked
// cancelled. One dialog for every record that is cancelled instead of deleted.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { notifyError, notifySuccess } from '../feedback';
import { ApiError } from '../http';
import { setServerErrors } from './serverErrors';
import { TextareaField } from './fields';
import { useZodForm } from './useZodForm';

type Justificativa = { justificativa: string };

export interface CancelamentoDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What is being cancelled and what happens to it, in one sentence or two. */
  resumo: ReactNode;
  /** The shared body schema (its length rule) and the length shown as the field's hint. */
  schema: z.ZodType<Justificativa, Justificativa>;
  min: number;
  max: number;
  /** Sends the cancellation; a 409 (cancelled or closed meanwhile) is said in the dialog, which then only closes. */
  enviar: (justificativa: string) => Promise<unknown>;
  pendente: boolean;
  /** The toast once cancelled. */
  sucesso: string;
}

export function CancelamentoDialog({ opened, onClose, title, ...form }: CancelamentoDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      {/* A fresh form per opening: a justification typed and abandoned does not linger. */}
      {opened && <CancelamentoForm {...form} onClose={onClose} />}
    </Modal>
  );
}

function CancelamentoForm({
  resumo,
  schema,
  min,
  max,
  enviar,
  pendente,
  sucesso,
  onClose,
}: Omit<CancelamentoDialogProps, 'opened' | 'title'>) {
  const form = useZodForm(schema, { justificativa: '' });
  const [recusa, setRecusa] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ justificativa }) => {
    try {
      await enviar(justificativa);
      notifySuccess(sucesso);
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
        <Text size="sm">{resumo}</Text>
        {recusa ? (
          <Alert color="yellow" variant="light" role="alert">
            {recusa}
          </Alert>
        ) : (
          <TextareaField
            control={form.control}
            name="justificativa"
            label="Justificativa"
            required
            description={`De ${min} a ${max} caracteres.`}
            // Mantine's focus trap starts on the justification, not on the close button.
            inputProps={{ maxLength: max, ...({ 'data-autofocus': true } as object) }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onClose} disabled={pendente}>
            {recusa ? 'Fechar' : 'Voltar'}
          </Button>
          {!recusa && (
            <Button type="submit" color="red" mih={44} loading={pendente}>
              Confirmar cancelamento
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
