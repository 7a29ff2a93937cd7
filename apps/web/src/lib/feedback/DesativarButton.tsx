// "Desativar …" of the records never deleted (issue 22; the kit's since issue 40): records are never deleted (the history names them), so the red
// action deactivates. Asks first; on success the toast and back to the list; a refusal (409: still has teams or
// assignments) shows the server's reason, which says what to do.
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from './notify';

export function DesativarButton({
  pergunta,
  explicacao,
  feito,
  desativar,
  goTo,
  onDone,
  children,
}: {
  /** 'Desativar a unidade UBS Centro?' */
  pergunta: string;
  explicacao: ReactNode;
  /** The toast: 'Unidade desativada.' */
  feito: string;
  desativar: () => Promise<unknown>;
  goTo: string;
  /** Before leaving (e.g. the form's allowNavigation). */
  onDone?: () => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const abrir = () =>
    modals.openConfirmModal({
      title: pergunta,
      children: <Text size="sm">{explicacao}</Text>,
      labels: { confirm: 'Sim, desativar', cancel: 'Não, manter' },
      confirmProps: { color: 'red.9' },
      onConfirm: () => {
        void (async () => {
          try {
            await desativar();
            notifySuccess(feito);
            onDone?.();
            void navigate(goTo, { replace: true });
          } catch (err) {
            notifyError(err);
          }
        })();
      },
    });
  return (
    <Button color="red.9" variant="outline" mih={44} leftSection={<IconBan size={16} aria-hidden />} onClick={abrir}>
      {children}
    </Button>
  );
}
