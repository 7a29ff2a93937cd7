// /filas/categorias (spec §2, issue 17): the municipality's ticket categories in the order they are called (priority,
// then name), each with its colour and the first ticket it gives ("P001").
import { Group, Text } from '@mantine/core';
import type { CategoriaListItem } from '@saude/shared/schemas/categoria';
import { ListPage, recordColumn, situacaoAtivo, useList, type Column } from '../../../lib/list';
import { listParamsSchema, param } from '../../../lib/list/listParams';
import { BASE_PATH, useCategorias } from './api';
import { SenhaExemplo } from './SenhaExemplo';

const situacao = situacaoAtivo('f', 'todas');

const paramsSchema = listParamsSchema.extend({
  nome: param.text(60),
  situacao: situacao.param,
});

const columns: Column<CategoriaListItem>[] = [
  recordColumn('nome', 'Categoria', {
    badges: (c) => situacao.badge(c.ativo),
    subtitle: (c) => c.descricao,
  }),
  {
    accessor: 'sigla',
    title: 'Senha',
    render: (c) => (
      <Group gap="xs" wrap="nowrap">
        <SenhaExemplo sigla={c.sigla} cor={c.cor} />
        <Text size="xs" c="dimmed">
          {c.cor}
        </Text>
      </Group>
    ),
  },
  {
    accessor: 'prioridade',
    title: 'Prioridade',
    textAlign: 'right',
    render: (c) => (c.prioridade === 1 ? '1 (primeira)' : String(c.prioridade)),
    from: 'sm',
  },
];

export function CategoriaListPage() {
  const list = useList(paramsSchema, useCategorias, situacao.toFilters);
  return (
    <ListPage
      title="Categorias"
      path={BASE_PATH}
      list={list}
      columns={columns}
      opens=""
      emptyText="Nenhuma categoria encontrada."
      novo={{ label: 'Nova categoria' }}
      search={{ field: 'nome', label: 'Buscar categoria', placeholder: 'Nome da categoria' }}
      filters={<situacao.Filter {...list.bind('situacao')} />}
    />
  );
}
