// /atencao_primaria/cadastros_domiciliares (spec §2, issue 7): search by address, CEP, micro-area, team, professional,
// unit and property type; server pagination; the URL holds the state (style.md §10).
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { z } from 'zod';
import { tipoImovel } from '@saude/shared/codes/tipo_imovel';
import type { CadastroDomiciliarListItem } from '@saude/shared/schemas/cadastro_domiciliar';
import { usePode } from '../../../lib/access';
import { CepInput, maskCep, touchInputStyles } from '../../../lib/form';
import { dataBr } from '../../../lib/format';
import {
  filtrosEmUso,
  ListPage,
  ListResults,
  listParamsSchema,
  NovoButton,
  SearchBox,
  useListParams,
} from '../../../lib/list';
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

const columns: DataTableColumn<CadastroDomiciliarListItem>[] = [
  {
    accessor: 'endereco',
    title: 'Endereço',
    render: (c) => (
      <Stack gap={2}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {c.endereco}
          </Text>
          {c.termo_recusa && (
            <Badge size="sm" color="gray" variant="filled">
              Recusou o cadastro
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {tipoImovelNome(c.tipo_imovel_id)}
        </Text>
      </Stack>
    ),
  },
  {
    accessor: 'cep',
    title: 'CEP',
    noWrap: true,
    render: (c) => (c.cep ? maskCep(c.cep) : '—'),
    visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.sm})`,
  },
  {
    accessor: 'st_micro_area',
    title: 'Micro-área',
    render: (c) => (c.fora_area ? 'Fora de área' : (c.st_micro_area ?? '—')),
  },
  {
    accessor: 'equipe_nome',
    title: 'Equipe',
    render: (c) => c.equipe_nome ?? '—',
    visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.lg})`,
  },
  {
    accessor: 'profissional_nome',
    title: 'Profissional',
    render: (c) => c.profissional_nome ?? '—',
    visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.xl})`,
  },
  {
    accessor: 'numero_familias',
    title: 'Famílias',
    textAlign: 'right',
    visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})`,
  },
  {
    accessor: 'data_cadastro',
    title: 'Data do cadastro',
    noWrap: true,
    render: (c) => dataBr(c.data_cadastro),
    visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})`,
  },
];

export function CadastroDomiciliarListPage() {
  useDocumentTitle('Cadastros domiciliares');
  const list = useListParams(paramsSchema);
  const { params, setFilters } = list;
  const podeCriar = usePode('atencao_primaria/cadastros_domiciliares:create');
  const lista = useDomicilios(params);
  const [cep, setCep] = useState(params.cep ?? '');

  return (
    <ListPage
      title="Cadastros domiciliares"
      action={podeCriar && <NovoButton to={`${BASE_PATH}/new`}>Novo cadastro domiciliar</NovoButton>}
      search={
        <SearchBox
          label="Buscar endereço"
          placeholder="Logradouro, número, bairro ou referência"
          value={params.endereco ?? ''}
          onSearch={(endereco) => setFilters({ endereco })}
        />
      }
      activeFilters={filtrosEmUso(params, [
        'cep',
        'micro_area',
        'tipo_imovel_id',
        'unidade_saude_id',
        'equipe_id',
        'profissional_id',
      ])}
      filters={
        <>
          <CepInput
            label="CEP"
            w={140}
            value={cep}
            onChange={(v) => {
              setCep(v);
              if (v.length === 8 || v === '') setFilters({ cep: v || undefined });
            }}
          />
          <FiltroMicroArea value={params.micro_area} onChange={(micro_area) => setFilters({ micro_area })} />
          <Select
            label="Tipo de imóvel"
            w={200}
            clearable
            searchable
            data={TIPOS}
            styles={touchInputStyles}
            value={params.tipo_imovel_id === undefined ? null : String(params.tipo_imovel_id)}
            onChange={(v) => setFilters({ tipo_imovel_id: v ?? undefined })}
            comboboxProps={{ width: 360, position: 'bottom-start' }}
          />
          <FiltrosLotacao value={params} onChange={setFilters} />
        </>
      }
    >
      <ListResults<CadastroDomiciliarListItem>
        list={list}
        query={lista}
        ariaLabel="Cadastros domiciliares"
        columns={columns}
        emptyText="Nenhum cadastro domiciliar encontrado."
        emptyAction={
          podeCriar && (
            <NovoButton to={`${BASE_PATH}/new`} light>
              Cadastrar domicílio
            </NovoButton>
          )
        }
        rowHref={(c) => `${BASE_PATH}/${c.id}/detalhes`}
      />
    </ListPage>
  );
}
