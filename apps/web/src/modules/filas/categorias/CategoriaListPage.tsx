// /filas/categorias (spec §2, issue 17): the municipality's ticket categories in the order they are called (priority,
// then name), each with its colour and the first ticket it gives ("P001").
import { Group, Text } from '@mantine/core';
import type { CategoriaListItem } from '@saude/shared/schemas/categoria';
import { cadastroListProps, ListPage, situacaoAtivo, useList, type Column } from '../../../lib/list';
import { param } from '../../../lib/list/listParams';
import { BASE_PATH, useCategorias } from './api';
import { SenhaExemplo } from './SenhaExemplo';

const situacao = situacaoAtivo('f', 'todas');

const paramsSchema = situacao.params({ nome: param.text(60) });

const columns: Column<CategoriaListItem>[] = [
  situacao.coluna('nome', 'Categoria', (c) => c.descricao),
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
      {...cadastroListProps('Categorias', ['categoria', 'f'], BASE_PATH, 'Nome da categoria', {
        field: 'nome',
        opens: '',
      })}
      list={list}
      columns={columns}
      filters={<situacao.Filter {...list.bind('situacao')} />}
    />
  );
}
