// /ferramentas/auth_applications (issue 39): the callbacks allowed to receive a SenhaSimples token, active first then
// by name; a row opens its form.
import { Badge, Text } from '@mantine/core';
import type { AuthApplicationListItem } from '@saude/shared/schemas/auth_applications';
import { FilterChoice, ListPage, recordColumn, useList, type Column } from '../../../lib/list';
import { listParamsSchema, param } from '../../../lib/list/listParams';
import { BASE_PATH, useAplicacoes } from './api';
import { Explicacao } from './Explicacao';

const paramsSchema = listParamsSchema.extend({
  texto: param.text(100),
  situacao: param.oneOf(['todas', 'ativas', 'inativas'], 'todas'),
});

const SITUACOES = [
  { value: 'todas', label: 'Todas' },
  { value: 'ativas', label: 'Ativas' },
  { value: 'inativas', label: 'Inativas' },
];

const columns: Column<AuthApplicationListItem>[] = [
  recordColumn('nome', 'Aplicação', {
    badges: (a) =>
      !a.ativo && (
        <Badge size="sm" color="gray" variant="light">
          Inativa
        </Badge>
      ),
  }),
  {
    accessor: 'uri',
    title: 'Endereço de retorno',
    render: (a) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {a.uri}
      </Text>
    ),
  },
];

export function AuthApplicationListPage() {
  const list = useList(paramsSchema, useAplicacoes, ({ situacao, ...filtros }) => ({
    ...filtros,
    ativo: situacao === 'todas' ? undefined : situacao === 'ativas',
  }));
  return (
    <ListPage
      title="Aplicações autorizadas"
      path={BASE_PATH}
      list={list}
      columns={columns}
      opens="edit"
      emptyText="Nenhuma aplicação encontrada."
      novo={{ label: 'Nova aplicação' }}
      search={{ field: 'texto', label: 'Buscar aplicação', placeholder: 'Nome ou endereço' }}
      filters={
        <FilterChoice label="Situação" w={160} allowDeselect={false} data={SITUACOES} {...list.bind('situacao')} />
      }
    >
      <Explicacao />
    </ListPage>
  );
}
