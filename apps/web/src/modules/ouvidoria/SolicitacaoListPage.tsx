// /ouvidoria (issue 20, spec §2): the requests, newest first, with the list frame of the other lists — search by
// protocol, filters that fold on tablet and phone, priority badge, type icon and name, deadline in words, pager.
import { Checkbox, Text } from '@mantine/core';
import {
  CANAIS_SOLICITACAO,
  NOMES_CANAL,
  NOMES_SITUACAO,
  SITUACOES_SOLICITACAO,
} from '@saude/shared/ouvidoria_constantes';
import type { SolicitacaoListItem } from '@saude/shared/schemas/ouvidoria';
import { usePode } from '../../lib/access';
import { IconPlus } from '@tabler/icons-react';
import { LinkButton } from '../../lib/LinkButton';
import { FilterChoice, FilterDate, ListPage, recordColumn, useList, type Column } from '../../lib/list';
import { listParamsSchema, param } from '../../lib/list/listParams';
import { BASE_PATH, useOuvidoriaOpcoes, useSolicitacoes, type SolicitacaoListFilters } from './api';
import { Prazo, PrioridadeBadge, SituacaoBadge, TipoSolicitacao } from './componentes';
import { opcoesNomeadas } from '../../lib/form';

const paramsSchema = listParamsSchema.extend({
  protocolo: param.match(/^\d{1,10}$/),
  situacao: param.oneOf(SITUACOES_SOLICITACAO),
  tipo_solicitacao_id: param.uuid(),
  prioridade_id: param.uuid(),
  unidade_saude_id: param.uuid(),
  canal: param.oneOf(CANAIS_SOLICITACAO),
  criada_de: param.isoDate(),
  criada_ate: param.isoDate(),
  vencidas: param.oneOf(['true'] as const),
});

const colunas: Column<SolicitacaoListItem>[] = [
  recordColumn('protocolo', 'Protocolo', {
    subtitle: (s) => (
      <>
        {s.assunto}
        <Text component="span" size="xs" display="block" hiddenFrom="sm">
          {s.tipo.nome} · {s.prioridade.nome} · {NOMES_SITUACAO[s.situacao]}
        </Text>
      </>
    ),
  }),
  { accessor: 'tipo', title: 'Tipo', from: 'sm', render: (s) => <TipoSolicitacao tipo={s.tipo} /> },
  {
    accessor: 'prioridade',
    title: 'Prioridade',
    from: 'sm',
    render: (s) => <PrioridadeBadge prioridade={s.prioridade} />,
  },
  { accessor: 'situacao', title: 'Situação', from: 'sm', render: (s) => <SituacaoBadge situacao={s.situacao} /> },
  { accessor: 'prazo', title: 'Prazo', render: (s) => <Prazo prazo={s.prazo} dias={s.dias_restantes} /> },
  { accessor: 'unidade_saude_nome', title: 'Unidade', from: 'lg', render: (s) => s.unidade_saude_nome ?? '—' },
];

export function SolicitacaoListPage() {
  const list = useList(paramsSchema, useSolicitacoes, (p) => p as SolicitacaoListFilters);
  const podeCriar = usePode('ouvidoria:create');
  const opcoes = useOuvidoriaOpcoes().data;
  const { params } = list;
  return (
    <ListPage
      title="Ouvidoria"
      path={BASE_PATH}
      opens=""
      list={list}
      columns={colunas}
      emptyText="Nenhuma solicitação encontrada."
      action={
        podeCriar && (
          <LinkButton to={`${BASE_PATH}/new`} icon={IconPlus}>
            Nova solicitação
          </LinkButton>
        )
      }
      search={{ field: 'protocolo', label: 'Buscar protocolo', placeholder: 'Número do protocolo' }}
      filters={
        <>
          <FilterChoice
            label="Situação"
            w={160}
            clearable
            placeholder="Todas"
            data={SITUACOES_SOLICITACAO.map((s) => ({ value: s, label: NOMES_SITUACAO[s] }))}
            {...list.bind('situacao')}
          />
          <FilterChoice
            label="Tipo"
            w={170}
            clearable
            placeholder="Todos"
            data={opcoesNomeadas(opcoes?.tipos)}
            {...list.bind('tipo_solicitacao_id')}
          />
          <FilterChoice
            label="Prioridade"
            w={150}
            clearable
            placeholder="Todas"
            data={opcoesNomeadas(opcoes?.prioridades)}
            {...list.bind('prioridade_id')}
          />
          <FilterChoice
            label="Canal"
            w={150}
            clearable
            placeholder="Todos"
            data={CANAIS_SOLICITACAO.map((c) => ({ value: c, label: NOMES_CANAL[c] }))}
            {...list.bind('canal')}
          />
          <FilterChoice
            label="Unidade"
            w={220}
            clearable
            searchable
            placeholder="Todas"
            data={opcoesNomeadas(opcoes?.unidades)}
            {...list.bind('unidade_saude_id')}
          />
          <FilterDate label="Criada de" value={params.criada_de} onChange={(v) => list.setFilters({ criada_de: v })} />
          <FilterDate
            label="Criada até"
            value={params.criada_ate}
            onChange={(v) => list.setFilters({ criada_ate: v })}
          />
          <Checkbox
            label="Somente vencidas"
            checked={params.vencidas === 'true'}
            onChange={(e) => list.setFilters({ vencidas: e.currentTarget.checked ? 'true' : undefined })}
            mt="lg"
          />
        </>
      }
    />
  );
}
