// /auditoria (issue 14): who read or changed personal data, and when — for one citizen ("quem viu este cadastro", the
// LGPD data-subject request, opened from the citizen's page) or the whole trail, by period, professional and kind.
// `?record_id=` narrows it to one record's history (issue 22: the administration edit pages link here), with a chip
// to clear it, and each change shows its before → after.
import { Alert, Anchor, Badge, CloseButton, Group, Text } from '@mantine/core';
import { acaoTexto, recursoTexto } from '@saude/shared/schemas/auditoria_textos';
import type { RegistroAcesso } from '@saude/shared/schemas/auditoria';
import { formatCpf } from '@saude/shared/validation/cpf';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { dataHoraBr } from '../../lib/format';
import { FilterChoice, FilterDate, ListPage, RecordCell, useList, type Column } from '../../lib/list';
import { ExportarCsvButton } from '../../lib/list/ExportarCsvButton';
import { listParamsSchema, param } from '../../lib/list/listParams';
import { useMunicipe } from '../municipes';
import { BASE_PATH, exportarAcessos, useAcessos } from './api';

const paramsSchema = listParamsSchema.extend({
  municipe_id: param.uuid(),
  profissional: param.text(70),
  tipo: param.oneOf(['leitura', 'escrita']),
  de: param.isoDate(),
  ate: param.isoDate(),
  record_id: param.match(/^[0-9A-Za-z_-]{1,64}$/),
  resource: param.match(/^[a-z_]+(\/[a-z_]+)*$/),
});

const TIPOS = [
  { value: 'leitura', label: 'Consultas' },
  { value: 'escrita', label: 'Alterações' },
];

// A change's fields are named by the records' schemas (zod): that part comes a moment after the rows (issue 40; the
// list's JavaScript budget, bench/bundle.mjs).
const Detalhes = lazy(() => import('./Detalhes').then((m) => ({ default: m.Detalhes })));

const columns: Column<RegistroAcesso>[] = [
  { accessor: 'created_at', title: 'Data e hora', render: (r) => dataHoraBr(r.created_at), noWrap: true },
  {
    accessor: 'profissional_nome',
    title: 'Profissional',
    render: (r) => <RecordCell title={r.profissional_nome ?? 'Sem sessão'} strong={false} subtitle={r.unidade_nome} />,
  },
  {
    accessor: 'action',
    title: 'Acesso',
    render: (r) => <RecordCell title={acaoTexto(r.action)} subtitle={recursoTexto(r.resource)} />,
  },
  // Always shown: for one record's history the before → after is what the manager came for.
  {
    accessor: 'details',
    title: 'Detalhes',
    render: (r) => (
      <Suspense fallback="…">
        <Detalhes details={r.details} resource={r.resource} />
      </Suspense>
    ),
  },
  { accessor: 'ip', title: 'Endereço IP', from: 'md' },
];

/** The visible filter of one record's history; the manager clears it to see the whole trail again. */
function FiltroRegistro({ id, limpar }: { id: string; limpar: () => void }) {
  return (
    <Group gap="xs">
      <Text size="sm">Mostrando o histórico de um registro:</Text>
      <Badge
        size="lg"
        variant="light"
        color="blue"
        tt="none"
        c="blue.9"
        rightSection={<CloseButton size="sm" aria-label="Remover o filtro do registro" onClick={limpar} c="blue.9" />}
      >
        Registro {id}
      </Badge>
    </Group>
  );
}

function Titular({ id }: { id: string }) {
  const { data } = useMunicipe(id);
  return (
    <Alert color="blue" variant="light" title="Acessos aos dados de um munícipe">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {data ? (
            <>
              <strong>{data.nome}</strong>
              {data.cpf_numero && ` · CPF ${formatCpf(data.cpf_numero)}`}
            </>
          ) : (
            'Carregando…'
          )}
        </Text>
        {/* Dark blue on the light blue band: the theme's link colour is below 4.5:1 there (axe). */}
        <Anchor component={Link} to={BASE_PATH} size="sm" c="blue.9" underline="always">
          Ver os acessos de todos
        </Anchor>
      </Group>
    </Alert>
  );
}

/** The trail has one order (newest first): the API's filters are the URL's without sort. */
const semOrdem = ({ sort: _sort, order: _order, ...filtros }: ReturnType<typeof paramsSchema.parse>) => filtros;

export function AuditoriaListPage() {
  const list = useList(paramsSchema, useAcessos, semOrdem);
  const filtros = semOrdem(list.params);
  return (
    <ListPage
      title="Histórico de acessos"
      list={list}
      columns={columns}
      emptyText="Nenhum acesso encontrado."
      action={<ExportarCsvButton baixar={() => exportarAcessos(filtros)} />}
      search={{ field: 'profissional', label: 'Buscar profissional', placeholder: 'Nome do profissional' }}
      filters={
        <>
          <FilterChoice
            label="Tipo de acesso"
            w={170}
            clearable
            data={TIPOS}
            placeholder="Todos"
            {...list.bind('tipo')}
          />
          <FilterDate label="De" {...list.bind('de')} />
          <FilterDate label="Até" {...list.bind('ate')} />
        </>
      }
    >
      {list.params.municipe_id && <Titular id={list.params.municipe_id} />}
      {list.params.record_id && (
        <FiltroRegistro
          id={list.params.record_id}
          limpar={() => list.setFilters({ record_id: undefined, resource: undefined })}
        />
      )}
    </ListPage>
  );
}
