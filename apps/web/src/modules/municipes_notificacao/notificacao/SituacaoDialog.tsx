// "Alterar situação" (issue 18, permission municipes_notificacao:situacao): confirm or discard a case with its closing
// date, or reopen it as suspected. The dialog is the confirmation: it says what will happen before it is done.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { todayIso } from '@saude/shared';
import {
  encerramentoIssues,
  notificacaoSituacaoSchema,
  ROTULOS_SITUACAO_NOTIFICACAO,
  SITUACOES_NOTIFICACAO,
  situacaoEncerrada,
  type Notificacao,
  type SituacaoNotificacao,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { notifyError, notifySuccess } from '../../../lib/feedback';
import { ApiError } from '../../../lib/http';
import { addFieldIssues, DateField, RadioField, setServerErrors, useZodForm } from '../../../lib/form';
import { dataBr } from '../../../lib/format';
import { useAlterarSituacao } from './api';

type Valores = { situacao: SituacaoNotificacao | null; data_encerramento: string | null };

export const SITUACAO_ALTERADA = 'A situação da notificação foi alterada.';

const encerramento = (v: Valores) => (situacaoEncerrada(v.situacao) ? (v.data_encerramento ?? undefined) : undefined);

/** The shared rules of the status body (notificacaoSituacaoSchema), the closing date against the notification's. */
const schemaDe = (dataNotificacao: string) =>
  z
    .object({ situacao: z.enum(SITUACOES_NOTIFICACAO).nullable(), data_encerramento: z.string().nullable() })
    .superRefine((v, ctx) => {
      // The date field is shown (and sent) only for a closing status.
      const corpo = { situacao: v.situacao ?? undefined, data_encerramento: encerramento(v) };
      const r = notificacaoSituacaoSchema.safeParse({ ...corpo, lock_version: 0 });
      addFieldIssues(ctx, [...(r.success ? [] : r.error.issues), ...encerramentoIssues(corpo, dataNotificacao)]);
    });

export function SituacaoDialog({
  notificacao,
  opened,
  onClose,
  onStale,
}: {
  notificacao: Notificacao;
  opened: boolean;
  onClose: () => void;
  /** Someone changed the notification meanwhile: reload it. */
  onStale: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Alterar situação" centered size="lg">
      {/* A fresh form per opening. */}
      {opened && <SituacaoForm notificacao={notificacao} onClose={onClose} onStale={onStale} />}
    </Modal>
  );
}

function SituacaoForm({
  notificacao: n,
  onClose,
  onStale,
}: {
  notificacao: Notificacao;
  onClose: () => void;
  onStale: () => void;
}) {
  const alterar = useAlterarSituacao(n.municipe_id, n.id);
  const schema = useMemo(() => schemaDe(n.data_notificacao), [n.data_notificacao]);
  // Close a suspected case; reopen a closed one, swap its outcome, or correct its closing date.
  const opcoes = SITUACOES_NOTIFICACAO.filter((s) => s !== 'suspeito' || n.situacao !== 'suspeito').map((s) => ({
    value: s,
    label:
      s === 'suspeito'
        ? 'Reabrir como suspeito'
        : s === n.situacao
          ? `${ROTULOS_SITUACAO_NOTIFICACAO[s]} (corrigir a data de encerramento)`
          : ROTULOS_SITUACAO_NOTIFICACAO[s],
  }));
  const form = useZodForm(schema, { situacao: null, data_encerramento: todayIso() } satisfies Valores);
  const situacao = useWatch({ control: form.control, name: 'situacao' });
  const encerra = situacaoEncerrada(situacao);

  const onSubmit = form.handleSubmit(async ({ situacao: nova, data_encerramento }) => {
    try {
      await alterar.mutateAsync({
        situacao: nova!,
        data_encerramento: encerramento({ situacao: nova, data_encerramento }),
        lock_version: n.lock_version,
      });
      notifySuccess(SITUACAO_ALTERADA);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validacao' && setServerErrors(form, err.errors) > 0) return;
      if (err instanceof ApiError && err.code === 'edicao_desatualizada') {
        onClose();
        return notifyError(err, { onReload: onStale });
      }
      notifyError(err);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Alterar situação">
      <Stack gap="md">
        <Text size="sm">
          Situação atual: {ROTULOS_SITUACAO_NOTIFICACAO[n.situacao]}
          {n.data_encerramento && `, encerrada em ${dataBr(n.data_encerramento)}`}. Notificada em{' '}
          {dataBr(n.data_notificacao)}.
        </Text>
        <RadioField
          control={form.control}
          name="situacao"
          label="Nova situação"
          required
          data={opcoes}
          orientation="vertical"
        />
        {encerra && (
          <DateField
            control={form.control}
            name="data_encerramento"
            label="Data de encerramento"
            required
            maxDate={todayIso()}
          />
        )}
        {situacao === 'suspeito' && <Text size="sm">O caso volta a ficar em aberto, sem data de encerramento.</Text>}
        <Text size="sm" c="dimmed">
          A mudança fica registrada no histórico da notificação, com o seu nome.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onClose} disabled={alterar.isPending}>
            Voltar
          </Button>
          <Button type="submit" mih={44} loading={alterar.isPending}>
            Confirmar alteração
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
