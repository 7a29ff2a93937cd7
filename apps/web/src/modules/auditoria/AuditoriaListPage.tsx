// /auditoria (issue 14): who read or changed personal data, and when — for one citizen ("quem viu este cadastro", the
// LGPD data-subject request, opened from the citizen's page) or the whole trail, by period, professional and kind.
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { acaoTexto, recursoTexto } from '@saude/shared/schemas/auditoria_textos';
import type { RegistroAcesso } from '@saude/shared/schemas/auditoria';
import { formatCpf } from '@saude/shared/validation/cpf';
import { Link } from 'react-router';
import { dataHoraBr } from '../../lib/format';
import { FilterChoice, FilterDate, ListPage, RecordCell, useList, type Column } from '../../lib/list';
import { ExportarCsvButton } from '../../lib/list/ExportarCsvButton';
import { listParamsSchema, param } from '../../lib/list/listParams';
import { useMunicipe } from '../municipes/api';
import { BASE_PATH, exportarAcessos, useAcessos } from './api';

const paramsSchema = listParamsSchema.extend({
  municipe_id: param.uuid(),
  profissional: param.text(70),
  tipo: param.oneOf(['leitura', 'escrita']),
  de: param.isoDate(),
  ate: param.isoDate(),
});

const TIPOS = [
  { value: 'leitura', label: 'Consultas' },
  { value: 'escrita', label: 'Alterações' },
];

/** The parts and filters a row names (never values): 'condicao_saude, q'. */
function detalhesTexto(details: RegistroAcesso['details']): string | null {
  if (!details) return null;
  const nomes = Object.entries(details).flatMap(([k, v]) =>
    Array.isArray(v) ? v.map(String) : typeof v === 'boolean' || typeof v === 'string' ? [`${k}: ${String(v)}`] : [],
  );
  return nomes.length > 0 ? nomes.join(', ') : null;
}

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
  { accessor: 'details', title: 'Partes e filtros', render: (r) => detalhesTexto(r.details) ?? '—', from: 'lg' },
  { accessor: 'ip', title: 'Endereço IP', from: 'md' },
];

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
    </ListPage>
  );
}
