// /atencao_primaria/familias (spec §2, §3 filters: team, responsible, record number, professional, unit; issue 7: mudou).
import { Badge, Text } from '@mantine/core';
import type { FamiliaListItem } from '@saude/shared/schemas/familia';
import { maskCns } from '../../../lib/form/masks';
import { FilterChoice, FilterText, ListPage, recordColumn, useList, type Column } from '../../../lib/list';
import { listParamsSchema, param } from '../../../lib/list/listParams';
import { FiltrosLotacao } from '../comum/FiltrosLotacao';
import { BASE_PATH, useFamilias } from './api';
import { ObitoBadge } from '../../municipes';

const paramsSchema = listParamsSchema.extend({
  responsavel: param.text(70),
  numero_prontuario: param.text(30),
  equipe_id: param.uuid(),
  profissional_id: param.uuid(),
  unidade_saude_id: param.uuid(),
  situacao: param.oneOf(['todas', 'ativas', 'mudou'], 'todas'),
});

const SITUACOES = [
  { value: 'todas', label: 'Todas' },
  { value: 'ativas', label: 'No território' },
  { value: 'mudou', label: 'Mudou-se' },
];

const columns: Column<FamiliaListItem>[] = [
  recordColumn('responsavel_nome', 'Responsável familiar', {
    badges: (f) => (
      <>
        {f.responsavel_obito && <ObitoBadge />}
        {f.mudou && (
          <Badge size="sm" color="orange" variant="light">
            Mudou-se
          </Badge>
        )}
      </>
    ),
    subtitle: (f) => f.responsavel_cns && `CNS ${maskCns(f.responsavel_cns)}`,
  }),
  { accessor: 'numero_prontuario', title: 'Prontuário', from: 'sm' },
  { accessor: 'numero_membros', title: 'Membros', textAlign: 'right' },
  {
    accessor: 'domicilio_endereco',
    title: 'Domicílio',
    render: (f) =>
      f.domicilio_endereco ?? (
        <Text size="sm" c="dimmed">
          Sem domicílio
        </Text>
      ),
    from: 'md',
  },
  { accessor: 'equipe_nome', title: 'Equipe', from: 'lg' },
];

export function FamiliaListPage() {
  const list = useList(paramsSchema, useFamilias, ({ situacao, ...filtros }) => ({
    ...filtros,
    mudou: situacao === 'todas' ? undefined : situacao === 'mudou',
  }));
  return (
    <ListPage
      title="Famílias"
      path={BASE_PATH}
      list={list}
      columns={columns}
      opens="edit"
      emptyText="Nenhuma família encontrada."
      novo={{ label: 'Nova família', vazio: 'Cadastrar família' }}
      search={{ field: 'responsavel', label: 'Buscar responsável', placeholder: 'Nome, CPF ou CNS do responsável' }}
      filters={
        <>
          <FilterText label="Nº do prontuário" maxLength={30} w={160} {...list.bind('numero_prontuario')} />
          <FilterChoice label="Situação" w={160} allowDeselect={false} data={SITUACOES} {...list.bind('situacao')} />
          <FiltrosLotacao value={list.params} onChange={list.setFilters} />
        </>
      }
    />
  );
}
