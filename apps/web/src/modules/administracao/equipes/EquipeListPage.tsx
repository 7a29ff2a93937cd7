// /administracao/equipes (issue 22): the municipality's teams by unit and name, with INE, CNES type and micro-areas;
// searched by name or INE, filtered by unit and situation; a row opens its form.
import type { EquipeListItem } from '@saude/shared/schemas/administracao_equipes';
import { TIPOS_EQUIPE } from '@saude/shared/tipos_equipe';
import { cadastroListProps, FilterChoice, ListPage, situacaoAtivo, useList, type Column } from '../../../lib/list';
import { param } from '../../../lib/list/listParams';
import { BASE_PATH, useEquipes, useUnidadesOpcoes } from './api';
import { opcoesNomeadas } from '../../../lib/form';

const situacao = situacaoAtivo('f', 'ativas');

const paramsSchema = situacao.params({ texto: param.text(100), unidade_saude_id: param.uuid() });

const sigla = (codigo: string | null) => TIPOS_EQUIPE.find((t) => t.codigo === codigo)?.sigla ?? codigo ?? '—';

const columns: Column<EquipeListItem>[] = [
  situacao.coluna('nome', 'Equipe', (e) => `INE ${e.ine}`),
  { accessor: 'tipo', title: 'Tipo', render: (e) => sigla(e.tipo), from: 'sm' },
  { accessor: 'unidade_saude_nome', title: 'Unidade' },
  {
    accessor: 'micro_areas',
    title: 'Micro-áreas',
    render: (e) => (e.micro_areas.length ? e.micro_areas.join(', ') : '—'),
    from: 'md',
  },
];

export function EquipeListPage() {
  const unidades = useUnidadesOpcoes();
  const list = useList(paramsSchema, useEquipes, situacao.toFilters);
  return (
    <ListPage
      {...cadastroListProps('Equipes', ['equipe', 'f'], BASE_PATH, 'Nome ou INE')}
      list={list}
      columns={columns}
      filters={
        <>
          <FilterChoice
            label="Unidade"
            placeholder="Todas"
            w={260}
            clearable
            searchable
            data={opcoesNomeadas(unidades.data)}
            {...list.bind('unidade_saude_id')}
          />
          <situacao.Filter {...list.bind('situacao')} />
        </>
      }
    />
  );
}
