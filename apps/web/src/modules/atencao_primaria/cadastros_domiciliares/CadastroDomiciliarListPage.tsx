// /atencao_primaria/cadastros_domiciliares (spec §2, issue 7): search by address, CEP, micro-area, team, professional,
// unit and property type; server pagination; the URL holds the state (style.md §10).
import { Badge } from '@mantine/core';
import { tipoImovel } from '@saude/shared/codes/tipo_imovel';
import type { CadastroDomiciliarListItem } from '@saude/shared/schemas/cadastro_domiciliar';
import { maskCep } from '../../../lib/form/masks';
import { dataBr } from '../../../lib/format';
import { FilterCep, FilterChoice, ListPage, recordColumn, useList, type Column } from '../../../lib/list';
import { listParamsSchema, param } from '../../../lib/list/listParams';
import { FiltroMicroArea } from '../comum/FiltroMicroArea';
import { FiltrosLotacao } from '../comum/FiltrosLotacao';
import { BASE_PATH, useDomicilios } from './api';
import { tipoImovelNome } from './comum';

const paramsSchema = listParamsSchema.extend({
  endereco: param.text(100),
  cep: param.match(/^\d{8}$/),
  micro_area: param.match(/^\d{2}$/),
  equipe_id: param.uuid(),
  profissional_id: param.uuid(),
  unidade_saude_id: param.uuid(),
  tipo_imovel_id: param.int(),
});

const TIPOS = tipoImovel.map((t) => ({ value: String(t.codigo), label: t.descricao }));

const columns: Column<CadastroDomiciliarListItem>[] = [
  recordColumn('endereco', 'Endereço', {
    badges: (c) =>
      c.termo_recusa && (
        <Badge size="sm" color="gray" variant="filled">
          Recusou o cadastro
        </Badge>
      ),
    subtitle: (c) => tipoImovelNome(c.tipo_imovel_id),
  }),
  {
    accessor: 'cep',
    title: 'CEP',
    noWrap: true,
    render: (c) => (c.cep ? maskCep(c.cep) : '—'),
    from: 'sm',
  },
  {
    accessor: 'st_micro_area',
    title: 'Micro-área',
    render: (c) => (c.fora_area ? 'Fora de área' : (c.st_micro_area ?? '—')),
  },
  { accessor: 'equipe_nome', title: 'Equipe', from: 'lg' },
  { accessor: 'profissional_nome', title: 'Profissional', from: 'xl' },
  { accessor: 'numero_familias', title: 'Famílias', textAlign: 'right', from: 'md' },
  {
    accessor: 'data_cadastro',
    title: 'Data do cadastro',
    noWrap: true,
    render: (c) => dataBr(c.data_cadastro),
    from: 'md',
  },
];

export function CadastroDomiciliarListPage() {
  const list = useList(paramsSchema, useDomicilios);
  return (
    <ListPage
      title="Cadastros domiciliares"
      path={BASE_PATH}
      list={list}
      columns={columns}
      emptyText="Nenhum cadastro domiciliar encontrado."
      novo={{ label: 'Novo cadastro domiciliar', vazio: 'Cadastrar domicílio' }}
      search={{ field: 'endereco', label: 'Buscar endereço', placeholder: 'Logradouro, número, bairro ou referência' }}
      filters={
        <>
          <FilterCep {...list.bind('cep')} />
          <FiltroMicroArea {...list.bind('micro_area')} />
          <FilterChoice
            label="Tipo de imóvel"
            w={200}
            clearable
            searchable
            data={TIPOS}
            comboboxProps={{ width: 360, position: 'bottom-start' }}
            {...list.bind('tipo_imovel_id')}
          />
          <FiltrosLotacao value={list.params} onChange={list.setFilters} />
        </>
      }
    />
  );
}
