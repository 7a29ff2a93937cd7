// The undo of a merge, asked once (issue 45): the duplicates screen's "Unificações" tab and the survivor's record both
// use this, so both ask the same question and say the same thing when it is done.
import { Text } from '@mantine/core';
import { type Unificacao, unificacaoMsg } from '@saude/shared/schemas/municipe_unificacao';
import { confirmar, notifyError, notifySuccess } from '../../../lib/feedback';
import { useUmaAcaoPorVez } from '../../../lib/umaAcaoPorVez';
import { useDesfazerUnificacao } from './api';

export type UnificacaoADesfazer = Pick<Unificacao, 'id' | 'sobrevivente_nome' | 'absorvido_nome'>;

/**
 * `pedir(u)` asks "Desfazer unificação?" and, confirmed, undoes it (DELETE) and shows the success toast; `onDesfeita`
 * runs after that (e.g. the record reloads its form). One press does one thing: while a confirmation is open or its
 * request runs, another press (a double click on the button) is ignored.
 */
export function useDesfazerUnificacaoConfirmado(onDesfeita?: () => unknown) {
  const desfazer = useDesfazerUnificacao();
  const umaVez = useUmaAcaoPorVez();
  const pedir = (u: UnificacaoADesfazer) =>
    umaVez(
      () =>
        new Promise<void>((fim) => {
          let confirmada = false;
          confirmar({
            title: 'Desfazer unificação?',
            children: (
              <Text size="sm">
                {u.absorvido_nome} volta a ser um cadastro separado de {u.sobrevivente_nome}, com todos os registros que
                eram dele, e {u.sobrevivente_nome} volta a ter os dados de antes da unificação.
              </Text>
            ),
            labels: { confirm: 'Sim, desfazer', cancel: 'Não, manter' },
            confirmProps: { color: 'red.9' },
            onConfirm: () => {
              // The button stays on screen while the dialog fades out: a second click there must not send again.
              if (confirmada) return;
              confirmada = true;
              desfazer
                .mutateAsync(u.id)
                .then(async () => {
                  notifySuccess(unificacaoMsg.unificacaoDesfeita);
                  await onDesfeita?.();
                }, notifyError)
                .finally(fim);
            },
            // Mantine calls onClose after onConfirm too: only a dismissed question frees the button here.
            onClose: () => {
              if (!confirmada) fim();
            },
          });
        }),
    );
  return { pedir, desfazendo: desfazer.isPending };
}
