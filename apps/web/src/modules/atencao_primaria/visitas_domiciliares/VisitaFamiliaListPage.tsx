// /atencao_primaria/visitas_domiciliares (spec §2, issue 8): the families an agent visits, their own micro-areas first,
// with the date of the last visit. Filters: responsible, address, record number, micro-area; the URL holds them.
import { Badge, Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { z } from 'zod';
import type { FamiliaParaVisita } from '@saude/shared/schemas/visita_domiciliar';
import { usePode } from '../../../lib/access';
import { FilterText, ListPage, listParamsSchema, RecordCell, useListParams, type Column } from '../../../lib/list';
import { FiltroMicroArea } from '../comum/FiltroMicroArea';
import { BASE_PATH, useFamiliasParaVisita } from './api';
import { ultimaVisitaTexto } from './comum';

const paramsSchema = listParamsSchema.extend({
  responsavel: z.string().trim().max(70).optional(),
  endereco: z.string().trim().max(100).optional(),
  numero_prontuario: z.string().trim().max(30).optional(),
  micro_area: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
});

export const MINHA_MICRO_AREA = 'Minha micro-área';

const columns: Column<FamiliaParaVisita>[] = [
  {
    accessor: 'responsavel_nome',
    title: 'Responsável',
    render: (f) => (
      <RecordCell
        title={f.responsavel_nome}
        badges={
          f.mudou && (
            <Badge color="gray" variant="filled" size="sm">
              Mudou-se
            </Badge>
          )
        }
        subtitle={f.numero_prontuario && `Prontuário ${f.numero_prontuario}`}
      />
    ),
  },
  { accessor: 'endereco', title: 'Endereço', render: (f) => f.endereco ?? '—' },
  {
    accessor: 'micro_area',
    title: 'Micro-área',
    render: (f) => (
      <Stack gap={4} align="flex-start">
        <Text size="sm">{f.micro_area ?? 'Fora de área'}</Text>
        {/* max-content: the badge stays whole at 800 px; the address column gives way instead. */}
        {f.minha_micro_area && (
          <Badge color="teal" variant="light" size="sm" style={{ minWidth: 'max-content' }}>
            {MINHA_MICRO_AREA}
          </Badge>
        )}
      </Stack>
    ),
  },
  { accessor: 'numero_membros', title: 'Membros', textAlign: 'right', width: 90 },
  {
    accessor: 'ultima_visita',
    title: 'Última visita',
    noWrap: true,
    render: (f) => ultimaVisitaTexto(f.ultima_visita),
  },
];

export function VisitaFamiliaListPage() {
  useDocumentTitle('Visitas domiciliares');
  const list = useListParams(paramsSchema);
  const query = useFamiliasParaVisita(list.params);
  // A visit to a property without a family (shop, vacant lot, strategic point) starts here.
  const semFamilia = usePode('atencao_primaria/visitas_domiciliares:create') && (
    <Button
      component={Link}
      to={`${BASE_PATH}/membro/visitar`}
      variant="light"
      mih={44}
      leftSection={<IconMapPin size={18} aria-hidden />}
    >
      Visita sem família
    </Button>
  );
  return (
    <ListPage
      title="Visitas domiciliares"
      ariaLabel="Famílias para visita"
      list={list}
      query={query}
      columns={columns}
      rowHref={(f) => `${BASE_PATH}/${f.id}/detalhes`}
      emptyText="Nenhuma família encontrada. Confira os filtros ou cadastre a família no domicílio."
      action={semFamilia}
      search={{ field: 'responsavel', label: 'Responsável', placeholder: 'Nome do responsável pela família' }}
      filters={
        <>
          <FilterText
            label="Endereço"
            placeholder="Rua, número ou bairro"
            maxLength={100}
            w={240}
            value={list.params.endereco}
            onChange={(endereco) => list.setFilters({ endereco })}
          />
          <FilterText
            label="Prontuário"
            maxLength={30}
            w={150}
            value={list.params.numero_prontuario}
            onChange={(numero_prontuario) => list.setFilters({ numero_prontuario })}
          />
          <FiltroMicroArea value={list.params.micro_area} onChange={(micro_area) => list.setFilters({ micro_area })} />
        </>
      }
    />
  );
}
