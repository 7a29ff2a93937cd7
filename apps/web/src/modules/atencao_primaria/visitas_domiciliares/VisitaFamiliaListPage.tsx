// /atencao_primaria/visitas_domiciliares (spec §2, issue 8): the families an agent visits, their own micro-areas first,
// with the date of the last visit. Filters: responsible, address, record number, micro-area; the URL holds them.
import { Badge, Group, Text } from '@mantine/core';
import { IconListCheck, IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { FamiliaParaVisita } from '@saude/shared/schemas/visita_domiciliar';
import { usePode } from '../../../lib/access';
import { LinkButton } from '../../../lib/LinkButton';
import { FilterText, ListPage, recordColumn, useList, type Column } from '../../../lib/list';
import { listParamsSchema, param } from '../../../lib/list/listParams';
import { FiltroMicroArea } from '../comum/FiltroMicroArea';
import { BASE_PATH, useFamiliasParaVisita } from './api';
import { colunasDaVisita, ultimaVisitaTexto } from './comum';
// Issue 25: the device's panel arrives after the list (the list's budget, issue 15).
const FilaPainel = lazy(() => import('./offline/FilaVisitas').then((m) => ({ default: m.FilaPainel })));

const paramsSchema = listParamsSchema.extend({
  responsavel: param.text(70),
  endereco: param.text(100),
  numero_prontuario: param.text(30),
  micro_area: param.match(/^\d{2}$/),
});

export const MINHA_MICRO_AREA = 'Minha micro-área';

const columns: Column<FamiliaParaVisita>[] = [
  recordColumn('responsavel_nome', 'Responsável', {
    badges: (f) => (
      <>
        {f.mudou && (
          <Badge color="gray" variant="filled" size="sm">
            Mudou-se
          </Badge>
        )}
        {/* By the name, so it stays on a phone, where the list is one column. */}
        {f.minha_micro_area && (
          <Badge color="teal" variant="light" size="sm">
            {MINHA_MICRO_AREA}
          </Badge>
        )}
      </>
    ),
    subtitle: (f) => (
      <>
        {f.numero_prontuario && `Prontuário ${f.numero_prontuario}`}
        {/* On a phone the list is one column (issue 12): what the other columns say, under the name. */}
        <Text component="span" size="xs" display="block" hiddenFrom="sm">
          {f.endereco ?? 'Sem domicílio vinculado'}
          <br />
          Micro-área {f.micro_area ?? 'fora de área'} · Última visita: {ultimaVisitaTexto(f.ultima_visita)}
        </Text>
      </>
    ),
  }),
  { accessor: 'endereco', title: 'Endereço', render: (f) => f.endereco ?? '—', from: 'sm' },
  { accessor: 'numero_membros', title: 'Membros', textAlign: 'right', width: 90, from: 'sm' },
  ...colunasDaVisita<FamiliaParaVisita>((f) => ultimaVisitaTexto(f.ultima_visita), 'ultima_visita'),
];

export function VisitaFamiliaListPage() {
  const list = useList(paramsSchema, useFamiliasParaVisita);
  // A visit to a property without a family (shop, vacant lot, strategic point) starts here; the agent's visits without
  // a family are listed (and cancelled) on their own page.
  const agente = usePode('atencao_primaria/visitas_domiciliares:create');
  const semFamilia = agente && (
    <Group gap="sm" wrap="wrap">
      <LinkButton to={`${BASE_PATH}/quem_visitar`} variant="filled" icon={IconListCheck}>
        Quem visitar
      </LinkButton>
      {/* The ACE's worklist (issue 44): the properties due an endemic-control visit. */}
      <LinkButton to={`${BASE_PATH}/quem_visitar/imoveis`} variant="light" icon={IconListCheck}>
        Imóveis para visitar
      </LinkButton>
      <LinkButton to={`${BASE_PATH}/sem_familia`} variant="subtle">
        Minhas visitas sem família
      </LinkButton>
      <LinkButton to={`${BASE_PATH}/membro/visitar`} variant="light" icon={IconMapPin}>
        Visita sem família
      </LinkButton>
    </Group>
  );
  return (
    <ListPage
      title="Visitas domiciliares"
      ariaLabel="Famílias para visita"
      path={BASE_PATH}
      list={list}
      columns={columns}
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
            {...list.bind('endereco')}
          />
          <FilterText label="Prontuário" maxLength={30} w={150} {...list.bind('numero_prontuario')} />
          <FiltroMicroArea {...list.bind('micro_area')} />
        </>
      }
    >
      {/* Issue 25: the device's queue and working set, for whoever records visits. */}
      {agente && (
        <Suspense fallback={null}>
          <FilaPainel />
        </Suspense>
      )}
    </ListPage>
  );
}
