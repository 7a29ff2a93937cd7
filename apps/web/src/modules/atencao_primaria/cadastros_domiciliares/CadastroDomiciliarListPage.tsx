// /atencao_primaria/cadastros_domiciliares (spec §2, issue 7): search by address, CEP, micro-area, team, professional,
// unit and property type; server pagination; the URL holds the state (style.md §10).
import { Badge, Select } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { z } from 'zod';
import { tipoImovel } from '@saude/shared/codes/tipo_imovel';
import type { CadastroDomiciliarListItem } from '@saude/shared/schemas/cadastro_domiciliar';
import { usePode } from '../../../lib/access';
import { CepInput, maskCep, touchInputStyles } from '../../../lib/form';
import { dataBr } from '../../../lib/format';
import { ListPage, listParamsSchema, RecordCell, useListParams, type Column } from '../../../lib/list';
import { FiltroMicroArea } from '../comum/FiltroMicroArea';
import { FiltrosLotacao } from '../comum/FiltrosLotacao';
import { BASE_PATH, useDomicilios } from './api';
import { tipoImovelNome } from './comum';

const uuid = z.uuid().optional();
const paramsSchema = listParamsSchema.extend({
  endereco: z.string().trim().max(100).optional(),
  cep: z
    .string()
    .regex(/^\d{8}$/)
    .optional(),
  micro_area: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
  equipe_id: uuid,
  profissional_id: uuid,
  unidade_saude_id: uuid,
  tipo_imovel_id: z.coerce.number().int().optional(),
});

const TIPOS = tipoImovel.map((t) => ({ value: String(t.codigo), label: t.descricao }));

const columns: Column<CadastroDomiciliarListItem>[] = [
  {
    accessor: 'endereco',
    title: 'Endereço',
    render: (c) => (
      <RecordCell
        title={c.endereco}
        badges={
          c.termo_recusa && (
            <Badge size="sm" color="gray" variant="filled">
              Recusou o cadastro
            </Badge>
          )
        }
        subtitle={tipoImovelNome(c.tipo_imovel_id)}
      />
    ),
  },
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
  useDocumentTitle('Cadastros domiciliares');
  const list = useListParams(paramsSchema);
  const podeCriar = usePode('atencao_primaria/cadastros_domiciliares:create');
  const query = useDomicilios(list.params);
  const [cep, setCep] = useState(list.params.cep ?? '');
  return (
    <ListPage
      title="Cadastros domiciliares"
      list={list}
      query={query}
      columns={columns}
      rowHref={(c) => `${BASE_PATH}/${c.id}/detalhes`}
      emptyText="Nenhum cadastro domiciliar encontrado."
      novo={podeCriar && { to: `${BASE_PATH}/new`, label: 'Novo cadastro domiciliar', vazio: 'Cadastrar domicílio' }}
      search={{ field: 'endereco', label: 'Buscar endereço', placeholder: 'Logradouro, número, bairro ou referência' }}
      filters={
        <>
          <CepInput
            label="CEP"
            w={140}
            value={cep}
            onChange={(v) => {
              setCep(v);
              if (v.length === 8 || v === '') list.setFilters({ cep: v || undefined });
            }}
          />
          <FiltroMicroArea value={list.params.micro_area} onChange={(micro_area) => list.setFilters({ micro_area })} />
          <Select
            label="Tipo de imóvel"
            w={200}
            clearable
            searchable
            data={TIPOS}
            styles={touchInputStyles}
            value={list.params.tipo_imovel_id === undefined ? null : String(list.params.tipo_imovel_id)}
            onChange={(v) => list.setFilters({ tipo_imovel_id: v ?? undefined })}
            comboboxProps={{ width: 360, position: 'bottom-start' }}
          />
          <FiltrosLotacao value={list.params} onChange={list.setFilters} />
        </>
      }
    />
  );
}
