// Tab `quem_acessou` of /municipes/{id}/edit (issue 46): who read or changed this citizen's data — when, who, with
// which profile, in which unit, and which part of the record — by period, professional and part, exportable as CSV.
// Only for who reads the audit trail (managers); the API decides again, and every page read is audited there.
import { Group, Stack, Text, Title } from '@mantine/core';
import { acaoTexto, recursoTexto } from '@saude/shared/schemas/auditoria_textos';
import { PARTES_ACESSO, parteTexto, type AcessoMunicipe } from '@saude/shared/schemas/municipe_acessos';
import { todayIso } from '@saude/shared/validation/dates';
import { usePode } from '../../../lib/access';
import { ErrorPage, LoadError } from '../../../lib/feedback';
import { dataHoraBr } from '../../../lib/format';
import {
  DataList,
  FilterChoice,
  FilterDate,
  listParamsSchema,
  param,
  RecordCell,
  SearchBox,
  useListParams,
  type Column,
} from '../../../lib/list';
import { ExportarCsvButton } from '../../../lib/list/ExportarCsvButton';
import { useMunicipeTab } from '../context';
import { exportarAcessosMunicipe, useAcessosMunicipe } from './api';

/** The period opens on the last twelve months: the manager widens it (the API needs one, to read only its months). */
const umAnoAtras = () => {
  const d = new Date(`${todayIso()}T12:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.toISOString().slice(0, 10);
};
const comPadrao =
  (padrao: () => string) =>
  (raw: string | undefined): string =>
    param.isoDate()(raw) ?? padrao();

const paramsSchema = listParamsSchema.extend({
  de: comPadrao(umAnoAtras),
  ate: comPadrao(todayIso),
  profissional: param.text(70),
  parte: param.oneOf(PARTES_ACESSO.map((p) => p.value)),
});

const columns: Column<AcessoMunicipe>[] = [
  { accessor: 'created_at', title: 'Data e hora', render: (r) => dataHoraBr(r.created_at), noWrap: true },
  {
    accessor: 'profissional_nome',
    title: 'Profissional',
    render: (r) => <RecordCell title={r.profissional_nome ?? 'Sem sessão'} strong={false} subtitle={r.perfil_nome} />,
  },
  { accessor: 'unidade_nome', title: 'Unidade', from: 'sm' },
  { accessor: 'parte', title: 'Parte', render: (r) => parteTexto(r.parte) },
  {
    accessor: 'action',
    title: 'Acesso',
    render: (r) => (
      <RecordCell
        title={r.tipo === 'leitura' ? 'Consulta' : 'Alteração'}
        strong={false}
        subtitle={`${acaoTexto(r.action)} · ${recursoTexto(r.resource)}`}
      />
    ),
  },
];

export function QuemAcessouTab() {
  const podeVer = usePode('municipes/lgpd:show');
  if (!podeVer) return <ErrorPage status={403} />;
  return <QuemAcessou />;
}

function QuemAcessou() {
  const { municipe } = useMunicipeTab();
  const list = useListParams(paramsSchema);
  const { sort: _s, order: _o, ...filtros } = list.params;
  const query = useAcessosMunicipe(municipe.id, filtros);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="h3">
            Quem acessou
          </Title>
          <Text size="sm" c="dimmed">
            Consultas e alterações dos dados deste munícipe, com quem, perfil, unidade e parte do cadastro.
          </Text>
        </Stack>
        <Group gap="sm">
          <ExportarCsvButton baixar={() => exportarAcessosMunicipe(municipe.id, filtros, 'csv')} />
          <ExportarCsvButton
            rotulo="Exportar PDF"
            baixar={() => exportarAcessosMunicipe(municipe.id, filtros, 'pdf')}
          />
        </Group>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filtros dos acessos">
        {/* Keyed by the value: a cleared date goes back to the default, and the field shows it. */}
        <FilterDate key={`de-${list.params.de}`} label="De" {...list.bind('de')} />
        <FilterDate key={`ate-${list.params.ate}`} label="Até" {...list.bind('ate')} />
        <SearchBox
          label="Profissional"
          placeholder="Nome do profissional"
          autoFocus={false}
          value={list.params.profissional ?? ''}
          onSearch={(q) => list.setFilters({ profissional: q })}
        />
        <FilterChoice
          label="Parte do cadastro"
          w={260}
          clearable
          placeholder="Todas"
          data={PARTES_ACESSO.map((p) => ({ value: p.value, label: p.label }))}
          {...list.bind('parte')}
        />
      </Group>
      <LoadError error={query.error} onRetry={() => void query.refetch()} />
      <DataList<AcessoMunicipe>
        columns={columns}
        ariaLabel="Quem acessou"
        emptyText="Nenhum acesso neste período."
        records={query.data?.rows}
        total={query.data?.total}
        fetching={query.isFetching}
        page={list.params.page}
        perPage={list.params.per_page}
        onPageChange={list.setPage}
        onPerPageChange={list.setPerPage}
      />
    </Stack>
  );
}
