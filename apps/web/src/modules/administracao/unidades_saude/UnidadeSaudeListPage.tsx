// /administracao/unidades_saude (issue 22): the municipality's health units by name, with CNES, type, district and
// phone; searched by name or CNES, filtered by type and situation; a row opens its form.
import type { UnidadeSaudeListItem } from '@saude/shared/schemas/administracao_unidades_saude';
import { maskPhone } from '../../../lib/form/masks';
import { cadastroListProps, FilterChoice, ListPage, situacaoAtivo, useList, type Column } from '../../../lib/list';
import { param } from '../../../lib/list/listParams';
import { BASE_PATH, useTiposUnidade, useUnidades } from './api';
import { opcoesNomeadas } from '../../../lib/form';

const situacao = situacaoAtivo('f', 'ativas');

const paramsSchema = situacao.params({ texto: param.text(120), tipo_unidade_id: param.uuid() });

const columns: Column<UnidadeSaudeListItem>[] = [
  situacao.coluna('nome', 'Unidade', (u) => `CNES ${u.cnes}`),
  { accessor: 'tipo_unidade_nome', title: 'Tipo', from: 'sm' },
  { accessor: 'bairro', title: 'Bairro', render: (u) => u.bairro ?? '—', from: 'md' },
  { accessor: 'telefones', title: 'Telefone', render: (u) => maskPhone(u.telefones[0]) || '—', from: 'md' },
  { accessor: 'equipes_ativas', title: 'Equipes ativas', from: 'sm' },
];

export function UnidadeSaudeListPage() {
  const tipos = useTiposUnidade();
  const list = useList(paramsSchema, useUnidades, situacao.toFilters);
  return (
    <ListPage
      {...cadastroListProps('Unidades de saúde', ['unidade', 'f'], BASE_PATH, 'Nome ou CNES')}
      list={list}
      columns={columns}
      filters={
        <>
          <FilterChoice
            label="Tipo"
            placeholder="Todos"
            w={220}
            clearable
            data={opcoesNomeadas(tipos.data)}
            {...list.bind('tipo_unidade_id')}
          />
          <situacao.Filter {...list.bind('situacao')} />
        </>
      }
    />
  );
}
