// /ouvidoria/solicitacoes/{id} (issue 20, spec §2): a request read-only — requester, type, priority, deadline, text,
// the answer, and the history timeline (who changed what, when, with which note). Just created: the protocol.
import { Alert, Group, Stack, Text, Timeline } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { NOMES_CANAL, NOMES_SITUACAO, type Solicitacao } from '@saude/shared/schemas/ouvidoria';
import { useSearchParams } from 'react-router';
import { usePode } from '../../lib/access';
import { BackButton, DetailItem, DetailSection } from '../../lib/detail';
import { PageHeading } from '../../lib/PageHeading';
import { LinkButton } from '../../lib/LinkButton';
import { dataHoraBr } from '../../lib/format';
import { recordPage } from '../../lib/recordPage';
import { BASE_PATH, LIST_PATH, useSolicitacao } from './api';
import { Prazo, PrioridadeBadge, SituacaoBadge, TipoSolicitacao } from './componentes';

export const SolicitacaoShowPage = recordPage(
  { load: useSolicitacao, backTo: LIST_PATH, label: 'Carregando solicitação' },
  SolicitacaoShow,
);

export function solicitanteTexto(s: Solicitacao): string {
  if (s.anonimo) return 'Anônimo';
  return s.municipe_nome ?? s.nome_solicitante ?? 'Não informado';
}

function SolicitacaoShow({ atual: s }: { atual: Solicitacao }) {
  useDocumentTitle(`Solicitação ${s.protocolo}`);
  const podeEditar = usePode('ouvidoria:update');
  const [params] = useSearchParams();
  return (
    <Stack gap="md">
      <PageHeading
        title={`Solicitação ${s.protocolo}`}
        badges={<SituacaoBadge situacao={s.situacao} />}
        actions={
          podeEditar && (
            <LinkButton to={`${BASE_PATH}/${s.id}/edit`} icon={IconPencil}>
              Tratar solicitação
            </LinkButton>
          )
        }
      />
      {params.get('criada') && (
        <Alert color="#1E6B2E" variant="light" title="Solicitação registrada" role="status">
          Informe ao solicitante o número do protocolo: <strong>{s.protocolo}</strong>
        </Alert>
      )}
      <DetailSection title="Solicitação">
        <DetailItem label="Protocolo">{s.protocolo}</DetailItem>
        <DetailItem label="Solicitante">{solicitanteTexto(s)}</DetailItem>
        {s.contato_solicitante && <DetailItem label="Contato">{s.contato_solicitante}</DetailItem>}
        <DetailItem label="Canal">{NOMES_CANAL[s.canal]}</DetailItem>
        <DetailItem label="Tipo">
          <TipoSolicitacao tipo={s.tipo} />
        </DetailItem>
        <DetailItem label="Prioridade">
          <PrioridadeBadge prioridade={s.prioridade} />
        </DetailItem>
        <DetailItem label="Unidade de saúde">{s.unidade_saude_nome ?? 'Não informada'}</DetailItem>
        <DetailItem label="Prazo">
          <Prazo prazo={s.prazo} dias={s.dias_restantes} />
          {s.prorrogada && ' (prorrogado)'}
        </DetailItem>
        <DetailItem label="Registrada em">{dataHoraBr(s.created_at)}</DetailItem>
        <DetailItem label="Assunto">{s.assunto}</DetailItem>
        <DetailItem label="Relato">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {s.texto}
          </Text>
        </DetailItem>
      </DetailSection>
      {s.resposta && (
        <DetailSection title="Resposta">
          <DetailItem label="Resposta ao solicitante">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {s.resposta}
            </Text>
          </DetailItem>
          <DetailItem label="Respondida em">
            {s.respondida_em ? dataHoraBr(s.respondida_em) : '—'}
            {s.respondida_por_nome && ` por ${s.respondida_por_nome}`}
          </DetailItem>
        </DetailSection>
      )}
      <Historico eventos={s.eventos} />
      <Group>
        <BackButton to={LIST_PATH}>Voltar para a lista</BackButton>
      </Group>
    </Stack>
  );
}

export function Historico({ eventos }: { eventos: Solicitacao['eventos'] }) {
  return (
    <DetailSection title="Histórico">
      <Timeline active={eventos.length - 1} bulletSize={16} lineWidth={2} aria-label="Histórico da solicitação">
        {eventos.map((e) => (
          <Timeline.Item
            key={e.id}
            title={
              e.situacao_anterior === null
                ? 'Registrada'
                : e.situacao_anterior === e.situacao
                  ? 'Anotação'
                  : `${NOMES_SITUACAO[e.situacao_anterior]} → ${NOMES_SITUACAO[e.situacao]}`
            }
          >
            <Text size="xs">
              {dataHoraBr(e.created_at)} · {e.profissional_nome}
            </Text>
            {e.observacao && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {e.observacao}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </DetailSection>
  );
}
