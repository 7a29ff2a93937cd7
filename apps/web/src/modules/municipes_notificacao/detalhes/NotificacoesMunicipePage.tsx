// /municipes_notificacao/{id}/detalhes (spec §2, issue 18): one citizen and their compulsory notifications in the
// user's scope, newest first; each opens its show page, and "Nova notificação" starts one.
import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { NotificacaoDetalhes, NotificacaoResumo } from '@saude/shared/schemas/notificacao_compulsoria';
import { usePode } from '../../../lib/access';
import { BackButton } from '../../../lib/detail';
import { RecordLoader } from '../../../lib/feedback';
import { dataBr } from '../../../lib/format';
import { LinkButton } from '../../../lib/LinkButton';
import { RecordHeader } from '../../../lib/RecordHeader';
import { BASE_PATH, notificacaoPath, useNotificacaoDetalhes } from '../notificacao/api';
import { SituacaoBadge } from '../notificacao/comum';
import { MunicipeResumo } from '../notificacao/MunicipeResumo';
import { RowsTable } from '../../../lib/RowsTable';

export function NotificacoesMunicipePage() {
  const { id } = useParams();
  const q = useNotificacaoDetalhes(id);
  return (
    <RecordLoader query={q} backTo={BASE_PATH} label="Carregando notificações do munícipe">
      {(d) => <Detalhes detalhes={d} />}
    </RecordLoader>
  );
}

function Detalhes({ detalhes: { municipe, notificacoes } }: { detalhes: NotificacaoDetalhes }) {
  useDocumentTitle(`Notificações · ${municipe.nome}`);
  const podeCriar = usePode('municipes_notificacao:create');
  const tituloId = useId();
  const nova = `${BASE_PATH}/${municipe.id}/new`;
  return (
    <Stack gap="md">
      <RecordHeader
        title={municipe.nome}
        actions={
          podeCriar && (
            <LinkButton to={nova} icon={IconPlus}>
              Nova notificação
            </LinkButton>
          )
        }
      >
        <MunicipeResumo municipe={municipe} />
      </RecordHeader>

      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={tituloId}>
        <Title order={2} fz="h4" id={tituloId} mb="sm">
          Notificações compulsórias
        </Title>
        {notificacoes.length === 0 ? (
          <Text size="sm">
            Nenhuma notificação registrada para este munícipe.
            {podeCriar && (
              <>
                {' '}
                <Anchor component={Link} to={nova} c="saude.9">
                  Registrar notificação
                </Anchor>
              </>
            )}
          </Text>
        ) : (
          <Notificacoes municipeId={municipe.id} linhas={notificacoes} />
        )}
      </Card>
      <BackButton to={BASE_PATH}>Voltar para a lista</BackButton>
    </Stack>
  );
}

/** The notifications as a table; a row opens its show page (the disease is the link, for the keyboard). */
function Notificacoes({ municipeId, linhas }: { municipeId: string; linhas: NotificacaoResumo[] }) {
  const navigate = useNavigate();
  return (
    <RowsTable
      minWidth={640}
      label="Notificações do munícipe"
      highlightOnHover
      verticalSpacing="sm"
      columns={['Doença ou agravo', 'Situação', 'Notificação', 'Unidade', 'Profissional']}
    >
      {linhas.map((n) => {
        const show = notificacaoPath(municipeId, n.id, 'show');
        return (
          <Table.Tr key={n.id} style={{ cursor: 'pointer' }} onClick={() => void navigate(show)}>
            <Table.Td>
              <Anchor component={Link} to={show} c="saude.9" fw={600} onClick={(e) => e.stopPropagation()}>
                {n.doenca_nome}
              </Anchor>
              {n.doenca_imediata && (
                <Text size="xs" c="red.9">
                  Notificação imediata
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <SituacaoBadge situacao={n.situacao} />
              {n.data_encerramento && <Text size="xs">Encerrada em {dataBr(n.data_encerramento)}</Text>}
            </Table.Td>
            <Table.Td>
              {dataBr(n.data_notificacao)} {n.hora_notificacao}
            </Table.Td>
            <Table.Td>{n.unidade_saude_nome}</Table.Td>
            <Table.Td>{n.profissional_nome}</Table.Td>
          </Table.Tr>
        );
      })}
    </RowsTable>
  );
}
