// /comunicacao/avisos/{id}/show (spec §2, §3, issue 19): the notice as its recipients see it, who it is aimed at (by
// name, or everyone), how many it reaches, saw and replied, and who confirmed it, where, when and with which reply.
// Managers see every confirmation; anyone else only their own (the API decides).
import { Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import type { Aviso, Nomeado } from '@saude/shared/schemas/aviso';
import { usePode } from '../../../lib/access';
import { BackButton, DetailItem, DetailSection } from '../../../lib/detail';
import { FormSection } from '../../../lib/form/FormSection';
import { RemoveButton } from '../../../lib/feedback';
import { dataHoraBr } from '../../../lib/format';
import { PageHeading } from '../../../lib/PageHeading';
import { LinkButton } from '../../../lib/LinkButton';
import { recordPage } from '../../../lib/recordPage';
import { BASE_PATH, useAviso, useDeleteAviso } from './api';
import { EXCLUSAO_AVISO, SituacaoAvisoBadge, vigenciaTexto } from './components/SituacaoAviso';

export const AvisoShowPage = recordPage({ load: useAviso, backTo: BASE_PATH, label: 'Carregando aviso' }, AvisoShow);

const nomes = (lista: Nomeado[]) => (lista.length === 0 ? 'Todos' : lista.map((n) => n.nome).join(', '));
const numero = (n: number) => n.toLocaleString('pt-BR');

function AvisoShow({ atual: a }: { atual: Aviso }) {
  useDocumentTitle(`Aviso ${a.titulo}`);
  const editavel = a.situacao !== 'excluido';
  const podeEditar = usePode('comunicacao/avisos:update') && editavel;
  const podeExcluir = usePode('comunicacao/avisos:destroy') && editavel;
  const todos = usePode('comunicacao/avisos:todos');
  const remover = useDeleteAviso();
  const semAlvo = a.tipos_unidade.length + a.unidades.length + a.perfis.length + a.profissionais.length === 0;
  return (
    <Stack gap="md">
      <PageHeading
        title={a.titulo}
        badges={<SituacaoAvisoBadge aviso={a} />}
        actions={
          podeEditar && (
            <LinkButton to={`${BASE_PATH}/${a.id}/edit`} icon={IconPencil}>
              Editar aviso
            </LinkButton>
          )
        }
      />
      <DetailSection title="Aviso">
        <DetailItem label="Mensagem">{a.mensagem}</DetailItem>
        <DetailItem label="Vigência">{vigenciaTexto(a.data_inicial, a.data_final)}</DetailItem>
        <DetailItem label="Horário">
          {a.horario ? `A partir das ${a.horario} no primeiro dia` : 'Desde o início do dia'}
        </DetailItem>
        <DetailItem label="Responsável">{a.responsavel_nome}</DetailItem>
        <DetailItem label="Pede resposta">{a.checar_resposta ? 'Sim' : 'Não'}</DetailItem>
      </DetailSection>
      <DetailSection title="Destinatários">
        {semAlvo ? (
          <DetailItem label="Destinatários">Todos os profissionais</DetailItem>
        ) : (
          <>
            <DetailItem label="Tipos de unidade">{nomes(a.tipos_unidade)}</DetailItem>
            <DetailItem label="Unidades">{nomes(a.unidades)}</DetailItem>
            <DetailItem label="Perfis">{nomes(a.perfis)}</DetailItem>
            <DetailItem label="Profissionais">{nomes(a.profissionais)}</DetailItem>
          </>
        )}
      </DetailSection>
      <DetailSection title="Acompanhamento">
        <DetailItem label="Alcance">
          {a.total_alcance === 1 ? '1 profissional' : `${numero(a.total_alcance)} profissionais`}
        </DetailItem>
        <DetailItem label="Visualizações">{numero(a.total_visualizacoes)}</DetailItem>
        <DetailItem label="Respostas">{numero(a.total_respostas)}</DetailItem>
      </DetailSection>
      <FormSection title={todos ? 'Confirmações' : 'Sua confirmação'} readOnly>
        {a.visualizacoes.length === 0 ? (
          <Text size="sm" c="dimmed">
            Ninguém confirmou este aviso ainda.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" aria-label="Confirmações do aviso">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Profissional</Table.Th>
                  <Table.Th>Unidade</Table.Th>
                  <Table.Th>Data/hora</Table.Th>
                  <Table.Th>Resposta</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.visualizacoes.map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td>{v.profissional_nome}</Table.Td>
                    <Table.Td>{v.unidade_saude_nome}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{dataHoraBr(v.created_at)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{v.resposta ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </FormSection>
      <Group justify="space-between">
        <BackButton to={BASE_PATH}>Voltar para a lista</BackButton>
        {podeExcluir && (
          <RemoveButton model="aviso" texts={EXCLUSAO_AVISO} remove={() => remover.mutateAsync(a.id)} goTo={BASE_PATH}>
            Excluir aviso
          </RemoveButton>
        )}
      </Group>
    </Stack>
  );
}
