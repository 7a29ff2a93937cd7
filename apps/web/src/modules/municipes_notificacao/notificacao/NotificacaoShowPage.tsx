// /municipes_notificacao/{id}/notificacao_compulsoria/{notificacaoId}/show (spec §2, issue 18): the notification as
// text (the form's own sections in a read-only view), its status history, and the actions: edit, "Alterar situação"
// (surveillance), and the SINAN form as a PDF.
import { Box, Button, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconEdit, IconPrinter, IconProgressCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import {
  ROTULOS_SITUACAO_NOTIFICACAO,
  type Notificacao,
  type NotificacaoDetalhes,
  type NotificacaoEvento,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { usePode } from '../../../lib/access';
import { BackButton } from '../../../lib/detail';
import { notifyError, RecordLoader } from '../../../lib/feedback';
import { ReadOnlyView, useReadOnlyForm } from '../../../lib/form';
import { dataBr, dataHoraBr } from '../../../lib/format';
import { LinkButton } from '../../../lib/LinkButton';
import { RecordHeader } from '../../../lib/RecordHeader';
import { abrirFicha, detalhesPath, notificacaoPath, useNotificacao, useNotificacaoDetalhes } from './api';
import { SituacaoBadge } from './comum';
import { notificacaoParaForm } from './formValues';
import { MunicipeResumo } from './MunicipeResumo';
import { NotificacaoSecoes } from './NotificacaoSecoes';
import { SituacaoDialog } from './SituacaoDialog';

export function NotificacaoShowPage() {
  const { id: municipeId, notificacaoId } = useParams();
  const detalhes = useNotificacaoDetalhes(municipeId);
  const notificacao = useNotificacao(municipeId, notificacaoId);
  // Spec §2's {notificacaoId?}: show with no notification is the citizen's notifications (docs/decisions.md).
  if (municipeId && !notificacaoId) return <Navigate to={detalhesPath(municipeId)} replace />;
  return (
    <RecordLoader query={detalhes} backTo="/municipes_notificacao" label="Carregando munícipe">
      {(d) => (
        <RecordLoader query={notificacao} backTo={detalhesPath(d.municipe.id)} label="Carregando notificação">
          {(n) => <Show key={n.lock_version} detalhes={d} atual={n} recarregar={() => void notificacao.refetch()} />}
        </RecordLoader>
      )}
    </RecordLoader>
  );
}

function Show({
  detalhes: { municipe },
  atual: n,
  recarregar,
}: {
  detalhes: NotificacaoDetalhes;
  atual: Notificacao;
  recarregar: () => void;
}) {
  useDocumentTitle(`Notificação · ${n.doenca.descricao} · ${municipe.nome}`);
  const podeSituacao = usePode('municipes_notificacao:situacao');
  // A closed case is changed only by who may close cases (the API answers 403 to the others).
  const podeEditar = usePode('municipes_notificacao:update') && (n.situacao === 'suspeito' || podeSituacao);
  const [alterando, setAlterando] = useState(false);
  const [imprimindo, setImprimindo] = useState(false);
  const form = useReadOnlyForm(notificacaoParaForm(n));

  const imprimir = async () => {
    setImprimindo(true);
    try {
      await abrirFicha(municipe.id, n.id);
    } catch (err) {
      notifyError(err);
    } finally {
      setImprimindo(false);
    }
  };

  return (
    <Stack gap="md">
      <RecordHeader
        title={n.doenca.descricao}
        badges={<SituacaoBadge situacao={n.situacao} />}
        actions={
          <Group gap="sm">
            {podeSituacao && (
              <Button
                mih={44}
                variant="light"
                leftSection={<IconProgressCheck size={18} aria-hidden />}
                onClick={() => setAlterando(true)}
              >
                Alterar situação
              </Button>
            )}
            {podeEditar && (
              <LinkButton to={notificacaoPath(municipe.id, n.id, 'edit')} variant="default" icon={IconEdit}>
                Editar
              </LinkButton>
            )}
            <Button
              mih={44}
              variant="default"
              loading={imprimindo}
              leftSection={<IconPrinter size={18} aria-hidden />}
              onClick={() => void imprimir()}
            >
              Imprimir ficha (SINAN)
            </Button>
          </Group>
        }
      >
        <Text size="sm">
          CID-10 {n.doenca.cid10_referencia} ·{' '}
          {n.doenca.imediata ? 'Notificação imediata (até 24 horas)' : 'Notificação semanal'}
          {n.data_encerramento && ` · Encerrada em ${dataBr(n.data_encerramento)}`}
        </Text>
        <Text fw={600} mt="xs">
          {municipe.nome}
        </Text>
        <MunicipeResumo municipe={municipe} />
      </RecordHeader>

      <ReadOnlyView>
        <NotificacaoSecoes form={form} atual={n} />
      </ReadOnlyView>

      <Historico eventos={n.eventos} />
      <BackButton to={detalhesPath(municipe.id)}>Voltar para as notificações do munícipe</BackButton>
      {podeSituacao && (
        <SituacaoDialog notificacao={n} opened={alterando} onClose={() => setAlterando(false)} onStale={recarregar} />
      )}
    </Stack>
  );
}

function eventoTitulo(e: NotificacaoEvento): string {
  if (e.situacao_anterior === null) return `Notificada como ${ROTULOS_SITUACAO_NOTIFICACAO[e.situacao].toLowerCase()}`;
  if (e.situacao === 'suspeito') return 'Reaberta como suspeito';
  return `${ROTULOS_SITUACAO_NOTIFICACAO[e.situacao_anterior]} → ${ROTULOS_SITUACAO_NOTIFICACAO[e.situacao]}`;
}

/** The status history, oldest first: who changed it, when, and the closing date given. */
function Historico({ eventos }: { eventos: NotificacaoEvento[] }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" id={id} mb="xs">
        Histórico da situação
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={eventos.length - 1}>
        {eventos.map((e) => (
          <Timeline.Item key={e.id} title={eventoTitulo(e)}>
            <Text size="sm">
              {dataHoraBr(e.created_at)} · {e.profissional_nome}
            </Text>
            {e.data_encerramento && <Text size="sm">Data de encerramento: {dataBr(e.data_encerramento)}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Box>
  );
}
