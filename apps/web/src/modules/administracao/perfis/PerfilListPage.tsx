// /administracao/perfis (issue 22): the profiles — built-in first — with how many permissions each gives and how many
// active assignments use it; a row opens the profile.
import { Badge } from '@mantine/core';
import type { PerfilListItem } from '@saude/shared/schemas/administracao_perfil';
import { cadastroListProps, FilterChoice, ListPage, recordColumn, useList, type Column } from '../../../lib/list';
import { listParamsSchema, param } from '../../../lib/list/listParams';
import { BASE_PATH, usePerfis } from './api';

const paramsSchema = listParamsSchema.extend({
  texto: param.text(60),
  tipo: param.oneOf(['sistema', 'personalizado']),
});

const TIPOS = [
  { value: 'sistema', label: 'Do sistema' },
  { value: 'personalizado', label: 'Personalizados' },
];

const columns: Column<PerfilListItem>[] = [
  recordColumn('nome', 'Perfil', {
    badges: (p) =>
      p.sistema ? (
        <Badge size="sm" color="gray" variant="light">
          Do sistema
        </Badge>
      ) : (
        <Badge size="sm" color="saude" variant="light">
          Personalizado
        </Badge>
      ),
    subtitle: (p) => `Código: ${p.codigo}`,
  }),
  { accessor: 'permissoes', title: 'Permissões', textAlign: 'right', from: 'sm' },
  {
    accessor: 'lotacoes_ativas',
    title: 'Lotações ativas',
    textAlign: 'right',
    render: (p) => (p.lotacoes_ativas === 0 ? 'Nenhuma' : String(p.lotacoes_ativas)),
  },
];

export function PerfilListPage() {
  const list = useList(paramsSchema, usePerfis, ({ sort: _s, order: _o, ...filtros }) => filtros);
  return (
    <ListPage
      {...cadastroListProps('Perfis e permissões', ['perfil', 'm'], BASE_PATH, 'Nome ou código')}
      list={list}
      columns={columns}
      filters={<FilterChoice label="Tipo" w={170} clearable placeholder="Todos" data={TIPOS} {...list.bind('tipo')} />}
    />
  );
}
