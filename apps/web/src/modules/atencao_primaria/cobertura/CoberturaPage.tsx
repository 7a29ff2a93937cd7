// /atencao_primaria/cobertura (issue 44): per team and micro-area, who is registered, who was visited, the priority
// groups and how many are up to date, the homes without coordinates and the registrations to update. Every number
// opens the list behind it; the table goes out as CSV. The agent sees their micro-areas, a team its team, the manager
// every team (the API decides).
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMap } from '@tabler/icons-react';
import {
  GRUPOS_PRIORITARIOS,
  ROTULO_GRUPO,
  SEM_MICRO_AREA,
  type CoberturaLinha,
  type IndicadorCobertura,
} from '@saude/shared/schemas/cobertura';
import { Link } from 'react-router';
import { LoadError } from '../../../lib/feedback/LoadError';
import { LinkButton } from '../../../lib/LinkButton';
import { ExportarCsvButton } from '../../../lib/list/ExportarCsvButton';
import { listParamsSchema, param, useListParams } from '../../../lib/list/listParams';
import { PageHeading } from '../../../lib/PageHeading';
import { RowsTable } from '../../../lib/RowsTable';
import { FiltroMicroArea } from '../comum/FiltroMicroArea';
import { FiltroEquipe } from './FiltroEquipe';
import { BASE_PATH, exportarCobertura, useCobertura } from './api';

export const TITULO = 'Cobertura do território';

const paramsSchema = listParamsSchema.extend({
  equipe_id: param.uuid(),
  micro_area: param.match(/^\d{2}$/),
});

const n = (v: number) => v.toLocaleString('pt-BR');

/** The link to the list behind one number of a line. */
export function listaDe(
  l: Pick<CoberturaLinha, 'equipe_id' | 'micro_area'>,
  indicador: IndicadorCobertura,
  grupo?: string,
) {
  const q = new URLSearchParams({ equipe_id: l.equipe_id, micro_area: l.micro_area ?? SEM_MICRO_AREA, indicador });
  if (grupo) q.set('grupo', grupo);
  return `${BASE_PATH}/lista?${q.toString()}`;
}

function Numero({ valor, to, rotulo }: { valor: number; to: string; rotulo: string }) {
  return (
    <Anchor component={Link} to={to} aria-label={`${n(valor)} ${rotulo}`} fw={600} c="blue.9" underline="always">
      {n(valor)}
    </Anchor>
  );
}

const COLUNAS = [
  { label: 'Equipe / micro-área' },
  { label: 'Pessoas', ta: 'right' as const },
  { label: 'Famílias', ta: 'right' as const },
  { label: 'Visitadas 30 dias', ta: 'right' as const },
  { label: 'Visitadas 90 dias', ta: 'right' as const },
  ...GRUPOS_PRIORITARIOS.map((g) => ({ label: `${ROTULO_GRUPO[g]} (em dia)`, ta: 'right' as const })),
  { label: 'Sem coordenadas', ta: 'right' as const },
  { label: 'Cadastros individuais > 2 anos', ta: 'right' as const },
  { label: 'Cadastros domiciliares > 2 anos', ta: 'right' as const },
];

function Linha({ l }: { l: CoberturaLinha }) {
  const onde = `${l.equipe_nome}, ${l.micro_area ? `micro-área ${l.micro_area}` : 'sem micro-área'}`;
  const celula = (valor: number, indicador: IndicadorCobertura, rotulo: string) => (
    <Table.Td ta="right">
      <Numero valor={valor} to={listaDe(l, indicador)} rotulo={`${rotulo} em ${onde}`} />
    </Table.Td>
  );
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400} miw={170}>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {l.equipe_nome}
        </Text>
        <Text size="xs">{l.micro_area ? `Micro-área ${l.micro_area}` : 'Sem micro-área'}</Text>
      </Table.Th>
      {celula(l.pessoas, 'pessoas', 'pessoas cadastradas')}
      {celula(l.familias, 'familias', 'famílias cadastradas')}
      {celula(l.familias_visitadas_30, 'familias_visitadas_30', 'famílias visitadas nos últimos 30 dias')}
      {celula(l.familias_visitadas_90, 'familias_visitadas_90', 'famílias visitadas nos últimos 90 dias')}
      {GRUPOS_PRIORITARIOS.map((g) => {
        const { pessoas, em_dia } = l.grupos[g];
        return (
          <Table.Td key={g} ta="right" style={{ whiteSpace: 'nowrap' }}>
            <Numero valor={pessoas} to={listaDe(l, 'grupo', g)} rotulo={`${ROTULO_GRUPO[g]} em ${onde}`} /> (
            <Numero
              valor={em_dia}
              to={listaDe(l, 'grupo_em_dia', g)}
              rotulo={`${ROTULO_GRUPO[g]} com visita em dia em ${onde}`}
            />
            )
          </Table.Td>
        );
      })}
      {celula(l.familias_sem_coordenadas, 'familias_sem_coordenadas', 'famílias sem coordenadas do domicílio')}
      {celula(
        l.cadastros_individuais_desatualizados,
        'cadastros_individuais_desatualizados',
        'cadastros individuais com mais de 2 anos',
      )}
      {celula(
        l.cadastros_domiciliares_desatualizados,
        'cadastros_domiciliares_desatualizados',
        'cadastros domiciliares com mais de 2 anos',
      )}
    </Table.Tr>
  );
}

export function CoberturaPage() {
  useDocumentTitle(TITULO);
  const list = useListParams(paramsSchema);
  const filtros = { equipe_id: list.params.equipe_id, micro_area: list.params.micro_area };
  const tabela = useCobertura(filtros);
  const linhas = tabela.data ?? [];
  return (
    <Stack gap="md">
      <PageHeading
        title={TITULO}
        actions={
          <Group gap="sm">
            <LinkButton to={`${BASE_PATH}/territorio`} variant="default" icon={IconMap}>
              Ver no mapa
            </LinkButton>
            <ExportarCsvButton baixar={() => exportarCobertura(filtros)} />
          </Group>
        }
      />
      <Text size="sm">
        Por equipe e micro-área: famílias que não se mudaram e pessoas que não saíram do cadastro (óbito ou mudança).
        Entre parênteses, quantas do grupo tiveram visita dentro do intervalo do grupo. Cada número abre a lista.
      </Text>
      <Group gap="md" align="flex-end" wrap="wrap">
        <FiltroEquipe {...list.bind('equipe_id')} />
        <FiltroMicroArea {...list.bind('micro_area')} />
      </Group>
      <LoadError error={tabela.error} onRetry={() => void tabela.refetch()} />
      {tabela.isPending ? (
        <Text>Carregando a cobertura…</Text>
      ) : linhas.length === 0 ? (
        <Text>Nenhuma família cadastrada no seu território com estes filtros.</Text>
      ) : (
        <RowsTable
          label="Cobertura por equipe e micro-área"
          minWidth={1500}
          columns={COLUNAS}
          highlightOnHover
          stickyHeader
        >
          {linhas.map((l) => (
            <Linha key={`${l.equipe_id}:${l.micro_area ?? ''}`} l={l} />
          ))}
        </RowsTable>
      )}
    </Stack>
  );
}
