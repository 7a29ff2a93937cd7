// /atencao_primaria/familias (spec §2, §3 filters: team, responsible, record number, professional, unit; issue 7: mudou).
import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import type { FamiliaListItem } from '@saude/shared/schemas/familia';
import { maskCns, touchInputStyles } from '../../../lib/form';
import {
  DataList,
  ListPage,
  SearchBox,
  listParamsSchema,
  useListParams,
  ListError,
  filtrosEmUso,
} from '../../../lib/list';
import { usePode } from '../../municipes/api';
import { FiltrosLotacao } from '../opcoes/FiltrosLotacao';
import { BASE_PATH, useFamilias } from './api';

const uuid = z.uuid().optional();
const paramsSchema = listParamsSchema.extend({
  responsavel: z.string().trim().max(70).optional(),
  numero_prontuario: z.string().trim().max(30).optional(),
  equipe_id: uuid,
  profissional_id: uuid,
  unidade_saude_id: uuid,
  situacao: z.enum(['todas', 'ativas', 'mudou']).default('todas'),
});

const SITUACOES = [
  { value: 'todas', label: 'Todas' },
  { value: 'ativas', label: 'No território' },
  { value: 'mudou', label: 'Mudou-se' },
];

const columns: DataTableColumn<FamiliaListItem>[] = [
  {
    accessor: 'responsavel_nome',
    title: 'Responsável familiar',
    render: (f) => (
      <Stack gap={2}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {f.responsavel_nome}
          </Text>
          {f.mudou && (
            <Badge size="sm" color="orange" variant="light">
              Mudou-se
            </Badge>
          )}
        </Group>
        {f.responsavel_cns && (
          <Text size="xs" c="dimmed">
            CNS {maskCns(f.responsavel_cns)}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    accessor: 'numero_prontuario',
    title: 'Prontuário',
    render: (f) => f.numero_prontuario ?? '—',
    visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.sm})`,
  },
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
    visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})`,
  },
  {
    accessor: 'equipe_nome',
    title: 'Equipe',
    render: (f) => f.equipe_nome ?? '—',
    visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.lg})`,
  },
];

export function FamiliaListPage() {
  useDocumentTitle('Famílias');
  const navigate = useNavigate();
  const { params, setPage, setPerPage, setFilters } = useListParams(paramsSchema);
  const podeCriar = usePode('atencao_primaria/familias:create');
  const lista = useFamilias({
    responsavel: params.responsavel,
    numero_prontuario: params.numero_prontuario,
    equipe_id: params.equipe_id,
    profissional_id: params.profissional_id,
    unidade_saude_id: params.unidade_saude_id,
    mudou: params.situacao === 'todas' ? undefined : params.situacao === 'mudou',
    page: params.page,
    per_page: params.per_page,
  });
  const [prontuario, setProntuario] = useState(params.numero_prontuario ?? '');

  const novo = podeCriar ? (
    <Button component={Link} to={`${BASE_PATH}/new`} leftSection={<IconPlus size={18} aria-hidden />} mih={44}>
      Nova família
    </Button>
  ) : undefined;

  return (
    <ListPage
      title="Famílias"
      action={novo}
      search={
        <SearchBox
          label="Buscar responsável"
          placeholder="Nome, CPF ou CNS do responsável"
          value={params.responsavel ?? ''}
          onSearch={(responsavel) => setFilters({ responsavel })}
        />
      }
      activeFilters={filtrosEmUso(
        params,
        ['numero_prontuario', 'situacao', 'unidade_saude_id', 'equipe_id', 'profissional_id'],
        { situacao: 'todas' },
      )}
      filters={
        <>
          <TextInput
            label="Nº do prontuário"
            w={160}
            styles={touchInputStyles}
            value={prontuario}
            onChange={(e) => setProntuario(e.currentTarget.value)}
            onBlur={() => setFilters({ numero_prontuario: prontuario.trim() || undefined })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setFilters({ numero_prontuario: prontuario.trim() || undefined });
            }}
          />
          <Select
            label="Situação"
            w={160}
            allowDeselect={false}
            data={SITUACOES}
            styles={touchInputStyles}
            value={params.situacao}
            onChange={(v) => setFilters({ situacao: v ?? 'todas' })}
          />
          <FiltrosLotacao value={params} onChange={setFilters} />
        </>
      }
    >
      <ListError error={lista.error} onRetry={() => void lista.refetch()} />
      <DataList<FamiliaListItem>
        ariaLabel="Famílias"
        columns={columns}
        records={lista.data?.rows}
        total={lista.data?.total}
        fetching={lista.isFetching}
        page={params.page}
        perPage={params.per_page}
        onPageChange={setPage}
        onPerPageChange={setPerPage}
        emptyText="Nenhuma família encontrada."
        emptyAction={
          podeCriar ? (
            <Button component={Link} to={`${BASE_PATH}/new`} variant="light" mih={44}>
              Cadastrar família
            </Button>
          ) : undefined
        }
        onRowClick={(f) => void navigate(`${BASE_PATH}/${f.id}/edit`)}
      />
    </ListPage>
  );
}
