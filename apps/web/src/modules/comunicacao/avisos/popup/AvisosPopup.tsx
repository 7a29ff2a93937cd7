// The unread notices, one after another (spec §4): a dialog that closes only by confirming each ("Confirmar leitura")
// or by putting the rest off ("Ver depois": the sequence stops and the rest return at the next check). Loaded lazily by
// AvisosNaoVisualizados, only when there is something to show.
import { Button, Group, Modal, Progress, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { msg } from '@saude/shared/messages';
import { LIMITES_AVISO, respostaIssues, type AvisoNaoVisualizado } from '@saude/shared/schemas/aviso';
import { TOAST_MS } from '../../../../lib/feedback/notify';
import { ApiError } from '../../../../lib/http';
import { useConfirmarAviso, useRecarregarAvisos } from './api';

export interface AvisosPopupProps {
  /** The unread notices in the order to show them (the API's: oldest first). */
  avisos: AvisoNaoVisualizado[];
  /** The sequence ended: every notice confirmed, or the rest put off. */
  onFechar: () => void;
}

export function AvisosPopup({ avisos, onFechar }: AvisosPopupProps) {
  const [indice, setIndice] = useState(0);
  const [resposta, setResposta] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const confirmar = useConfirmarAviso();
  const recarregar = useRecarregarAvisos();
  // Phones get the whole screen; a tablet (800 px) and a desk a centred dialog.
  const pequena = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const respostaRef = useRef<HTMLTextAreaElement>(null);
  const confirmarRef = useRef<HTMLButtonElement>(null);

  const aviso = avisos[indice];
  const total = avisos.length;

  // The next notice keeps the keyboard in the dialog: its reply field when it asks for one, else the confirm button
  // (the first notice is focused by the dialog itself, through data-autofocus).
  useEffect(() => {
    if (indice > 0) (respostaRef.current ?? confirmarRef.current)?.focus();
  }, [indice]);

  if (!aviso) return null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (confirmar.isPending) return;
    const [issue] = respostaIssues(aviso.checar_resposta, resposta);
    if (issue) {
      setErro(issue.message);
      respostaRef.current?.focus();
      return;
    }
    try {
      await confirmar.mutateAsync({ id: aviso.id, resposta });
    } catch (err) {
      // The server's word on the reply goes under the field; anything else is the toast of spec §8, and the pop-up
      // stays with what was typed.
      const doCampo = err instanceof ApiError && err.status === 422 ? err.errors.resposta?.[0] : undefined;
      if (doCampo) {
        setErro(doCampo);
        return;
      }
      notifications.show({
        color: 'red',
        icon: <IconX size={18} aria-hidden />,
        autoClose: TOAST_MS,
        message: msg.avisoRespostaFalhou,
      });
      return;
    }
    if (indice + 1 < total) {
      setIndice(indice + 1);
      setResposta('');
      setErro(null);
    } else {
      onFechar();
      void recarregar();
    }
  };

  return (
    <Modal
      opened
      // Only the buttons close it: no close button, Escape and a click outside do nothing (spec §4).
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={aviso.titulo}
      fullScreen={pequena}
      size="lg"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500} aria-live="polite">
              {indice + 1} de {total}
            </Text>
            <Progress
              value={Math.round(((indice + 1) / total) * 100)}
              size="sm"
              aria-label={`Aviso ${indice + 1} de ${total}`}
            />
          </Stack>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{aviso.mensagem}</Text>
          <Text size="sm">Responsável: {aviso.responsavel_nome}</Text>
          {aviso.checar_resposta && (
            <Textarea
              ref={respostaRef}
              label="Resposta"
              required
              data-autofocus
              rows={3}
              maxLength={LIMITES_AVISO.resposta}
              value={resposta}
              onChange={(e) => {
                setResposta(e.currentTarget.value);
                if (erro) setErro(null);
              }}
              description={`${resposta.length}/${LIMITES_AVISO.resposta}`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={erro}
            />
          )}
          <Group justify="flex-end" gap="sm" grow={pequena}>
            <Button variant="default" size="md" onClick={onFechar} disabled={confirmar.isPending}>
              Ver depois
            </Button>
            <Button ref={confirmarRef} type="submit" size="md" loading={confirmar.isPending}>
              Confirmar leitura
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
