// /urgencia_emergencia/paciente_sem_identificacoes (spec §2, issue 16): the current unit's patients without
// identification, newest first; filters: name, identified or not, registration period.
import { Badge, Text } from '@mantine/core';
import { dataHoraBr } from '../../../lib/format';
import type { PacienteSemIdentificacaoListItem } from '@saude/shared/schemas/paciente_sem_identificacao';
import { FilterChoice, FilterDate, ListPage, recordColumn, useList, type Column } from '../../../lib/list';
import { listParamsSchema, param } from '../../../lib/list/listParams';
import { BASE_PATH, usePacientes } from './api';

const paramsSchema = listParamsSchema.extend({
  nome: param.text(70),
  situacao: param.oneOf(['todos', 'nao_identificados', 'identificados'], 'todos'),
  data_inicio: param.isoDate(),
  data_fim: param.isoDate(),
});

const SITUACOES = [
  { value: 'todos', label: 'Todos' },
  { value: 'nao_identificados', label: 'Não identificados' },
  { value: 'identificados', label: 'Identificados' },
];

const columns: Column<PacienteSemIdentificacaoListItem>[] = [
  recordColumn('nome', 'Nome ou pseudônimo', {
    badges: (p) =>
      p.municipe_id && (
        <Badge size="sm" color="teal" variant="light">
          Identificado
        </Badge>
      ),
    subtitle: (p) => p.municipe_nome && `Munícipe: ${p.municipe_nome}`,
  }),
  {
    accessor: 'idade_estimada',
    title: 'Idade estimada',
    render: (p) =>
      p.idade_estimada === null ? (
        <Text size="sm" c="dimmed">
          Não informada
        </Text>
      ) : (
        `${p.idade_estimada} ${p.idade_estimada === 1 ? 'ano' : 'anos'}`
      ),
    from: 'sm',
  },
  { accessor: 'created_at', title: 'Registrado em', render: (p) => dataHoraBr(p.created_at), from: 'sm' },
  { accessor: 'numero_atendimentos', title: 'Atendimentos', textAlign: 'right', from: 'md' },
  { accessor: 'profissional_nome', title: 'Registrado por', from: 'lg' },
];

export function PacienteSemIdentificacaoListPage() {
  const list = useList(paramsSchema, usePacientes, ({ situacao, ...filtros }) => ({
    ...filtros,
    identificado: situacao === 'todos' ? undefined : situacao === 'identificados',
  }));
  return (
    <ListPage
      title="Pacientes sem identificação"
      path={BASE_PATH}
      list={list}
      columns={columns}
      opens="edit"
      emptyText="Nenhum paciente sem identificação encontrado."
      novo={{ label: 'Novo paciente', vazio: 'Registrar paciente sem identificação' }}
      search={{ field: 'nome', label: 'Buscar paciente', placeholder: 'Nome ou pseudônimo' }}
      filters={
        <>
          <FilterChoice label="Situação" w={180} allowDeselect={false} data={SITUACOES} {...list.bind('situacao')} />
          <FilterDate label="Registrado de" {...list.bind('data_inicio')} />
          <FilterDate label="Até" {...list.bind('data_fim')} />
        </>
      }
    />
  );
}
