// /ferramentas/temas (spec §2, issue 21): the campaign themes, the latest period first, each with its colours and
// period; a row opens its form.
import { ColorSwatch, Group, Text } from '@mantine/core';
import type { TemaListItem } from '@saude/shared/schemas/tema';
import { periodoTexto } from '@saude/shared/tema_vigencia';
import { cadastroListProps, ListPage, situacaoAtivo, useList, type Column } from '../../../lib/list';
import { param } from '../../../lib/list/listParams';
import { BASE_PATH, useTemas } from './api';

const situacao = situacaoAtivo('m', 'todas');

const paramsSchema = situacao.params({ texto: param.text(60) });

const columns: Column<TemaListItem>[] = [
  situacao.coluna('objetivo', 'Tema', (t) => t.descricao),
  {
    accessor: 'cor_primaria',
    title: 'Cores',
    render: (t) => (
      <Group gap={6} wrap="nowrap">
        <ColorSwatch color={t.cor_primaria} size={20} aria-hidden />
        <ColorSwatch color={t.cor_secundaria} size={20} aria-hidden />
        <Text size="xs" c="dimmed">
          {t.cor_primaria} / {t.cor_secundaria}
        </Text>
      </Group>
    ),
    from: 'sm',
  },
  { accessor: 'vigencia_inicio', title: 'Vigência', render: (t) => periodoTexto(t) },
];

export function TemaListPage() {
  const list = useList(paramsSchema, useTemas, situacao.toFilters);
  return (
    <ListPage
      {...cadastroListProps('Temas de campanha', ['tema', 'm'], BASE_PATH, 'Título ou subtítulo')}
      list={list}
      columns={columns}
      filters={<situacao.Filter {...list.bind('situacao')} />}
    />
  );
}
