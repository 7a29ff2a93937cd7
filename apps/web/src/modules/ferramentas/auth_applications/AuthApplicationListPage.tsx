// /ferramentas/auth_applications (issue 39): the callbacks allowed to receive a SenhaSimples token, active first then
// by name; a row opens its form.
import { Text } from '@mantine/core';
import type { AuthApplicationListItem } from '@saude/shared/schemas/auth_applications';
import { cadastroListProps, ListPage, situacaoAtivo, useList, type Column } from '../../../lib/list';
import { param } from '../../../lib/list/listParams';
import { BASE_PATH, useAplicacoes } from './api';
import { Explicacao } from './Explicacao';

const situacao = situacaoAtivo('f', 'todas');

const paramsSchema = situacao.params({ texto: param.text(100) });

const columns: Column<AuthApplicationListItem>[] = [
  situacao.coluna('nome', 'Aplicação'),
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
  const list = useList(paramsSchema, useAplicacoes, situacao.toFilters);
  return (
    <ListPage
      {...cadastroListProps('Aplicações autorizadas', ['aplicação', 'f'], BASE_PATH, 'Nome ou endereço')}
      list={list}
      columns={columns}
      filters={<situacao.Filter {...list.bind('situacao')} />}
    >
      <Explicacao />
    </ListPage>
  );
}
