// /municipes_notificacao (spec §2, issue 18): the citizens with at least one compulsory notification, newest first,
// with their counts by status; filters by disease, status, period, unit, neighbourhood and name (folded under
// "Filtros" on a tablet); a row opens the citizen's notifications (/{id}/detalhes). "Notificar munícipe" finds any
// citizen to start a notification. The map of the same filters is its own lazy chunk (Leaflet), above the table;
// the table is the map's accessible alternative.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMap, IconMapOff } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import { isoToBr, msg } from '@saude/shared';
import type { NotificacaoListItem } from '@saude/shared/schemas/notificacao_compulsoria';
import { usePode } from '../../../lib/access';
import { notifyRefused } from '../../../lib/feedback/notify';
import { FilterChoice, FilterDate, FilterText, ListPage, RecordCell, useList, type Column } from '../../../lib/list';
import { useLotacoes, useUsuario } from '../../../lib/session';
import { ExportarCsvButton } from '../../../lib/list/ExportarCsvButton';
import { BASE_PATH, exportarNotificacoes, useMunicipesNotificacao } from './api';
import { DOENCAS, filtrosDoMapa, paramsSchema, type ParamsNotificacao } from './filtros';
import { ESTILO_SITUACAO, SITUACOES } from './situacao';

// The citizen search is the form kit's (SearchSelect): fetched after the list is drawn, as the date filters are.
const NotificarMunicipe = lazy(() => import('./NotificarMunicipe').then((m) => ({ default: m.NotificarMunicipe })));
// Leaflet and the clustering: only this page pays for them, after its rows.
const MapaNotificacoes = lazy(() => import('../mapa/MapaNotificacoes'));

export const TITULO = 'Notificações compulsórias';

const OPCOES_SITUACAO = SITUACOES.map((s) => ({ value: s, label: ESTILO_SITUACAO[s].rotulo }));

const contagem = (accessor: keyof NotificacaoListItem & string, title: string): Column<NotificacaoListItem> => ({
  accessor,
  title,
  textAlign: 'right',
  width: 110,
  from: 'sm',
});

const columns: Column<NotificacaoListItem>[] = [
  {
    accessor: 'nome',
    title: 'Munícipe',
    render: (m) => (
      <RecordCell
        title={m.nome}
        subtitle={
          <>
            {m.idade ?? isoToBr(m.data_nascimento)}
            {/* On a phone the list is one column: the counts under the name. */}
            <Text component="span" size="xs" display="block" hiddenFrom="sm">
              {m.bairro ?? 'Bairro não informado'} · {m.total} registrada(s): {m.suspeitos} suspeita(s), {m.confirmados}{' '}
              confirmada(s), {m.descartados} descartada(s)
            </Text>
          </>
        }
      />
    ),
  },
  { accessor: 'idade', title: 'Idade', render: (m) => m.idade ?? '—', from: 'lg' },
  { accessor: 'bairro', title: 'Bairro', render: (m) => m.bairro ?? '—', from: 'sm' },
  contagem('total', 'Registradas'),
  contagem('suspeitos', 'Suspeitas'),
  contagem('confirmados', 'Confirmadas'),
  contagem('descartados', 'Descartadas'),
  {
    accessor: 'ultima_notificacao',
    title: 'Última notificação',
    noWrap: true,
    render: (m) => isoToBr(m.ultima_notificacao),
  },
];

/** Units to filter by: where the user works, the current one first (without `:todos` only it is seen anyway). */
function useUnidades() {
  const usuario = useUsuario();
  const lotacoes = useLotacoes().data ?? [];
  const out = new Map<string, string>();
  if (usuario?.unidade_atual) out.set(usuario.unidade_atual.id, usuario.unidade_atual.nome);
  for (const l of lotacoes) if (!out.has(l.unidade_saude_id)) out.set(l.unidade_saude_id, l.unidade_nome);
  return [...out].map(([value, label]) => ({ value, label }));
}

export function NotificacaoListPage() {
  const list = useList(paramsSchema, useMunicipesNotificacao);
  const podeCriar = usePode('municipes_notificacao:create');
  const unidades = useUnidades();
  const { params } = list;
  return (
    <ListPage
      title={TITULO}
      path={BASE_PATH}
      list={list}
      columns={columns}
      ariaLabel="Munícipes com notificações"
      action={<ExportarCsv params={params} />}
      emptyText="Nenhuma notificação encontrada."
      search={{ field: 'nome', label: 'Munícipe', placeholder: 'Nome ou nome social' }}
      filters={
        <>
          <FilterChoice
            label="Doença ou agravo"
            w={300}
            data={DOENCAS}
            clearable
            searchable
            {...list.bind('doenca_agravo_id')}
          />
          <FilterChoice label="Situação" w={200} data={OPCOES_SITUACAO} clearable {...list.bind('situacao')} />
          <FilterDate label="De" value={params.data_inicio} onChange={(v) => list.setFilters({ data_inicio: v })} />
          <FilterDate label="Até" value={params.data_fim} onChange={(v) => list.setFilters({ data_fim: v })} />
          <FilterChoice
            label="Unidade notificadora"
            w={240}
            data={unidades}
            clearable
            searchable
            {...list.bind('unidade_saude_id')}
          />
          <FilterText label="Bairro" maxLength={72} w={200} {...list.bind('bairro')} />
        </>
      }
    >
      {podeCriar && (
        <Suspense fallback={null}>
          <NotificarMunicipe />
        </Suspense>
      )}
      <SecaoMapa params={params} />
    </ListPage>
  );
}

/** The epidemiology team's extract (issue 18): the list's filters, one line per notification, for a period. */
function ExportarCsv({ params }: { params: ParamsNotificacao }) {
  return (
    <ExportarCsvButton
      baixar={async () => {
        if (params.data_inicio && params.data_fim) return exportarNotificacoes(filtrosDoMapa(params));
        notifyRefused('Exportar CSV', msg.exportacaoSemPeriodo);
        return undefined;
      }}
    />
  );
}

/** The map of the list's filters, shown by default and hidden on request (a phone's screen, a slow connection). */
function SecaoMapa({ params }: { params: ParamsNotificacao }) {
  const [aberto, setAberto] = useState(true);
  const id = useId();
  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} fz="h4">
            Mapa das notificações
          </Title>
          <Button
            variant="default"
            mih={44}
            leftSection={aberto ? <IconMapOff size={18} aria-hidden /> : <IconMap size={18} aria-hidden />}
            aria-expanded={aberto}
            aria-controls={id}
            onClick={() => setAberto((v) => !v)}
          >
            {aberto ? 'Ocultar mapa' : 'Mostrar mapa'}
          </Button>
        </Group>
        <div id={id}>
          {aberto && (
            <Suspense
              fallback={
                <Text size="sm" c="dimmed">
                  Carregando o mapa…
                </Text>
              }
            >
              <MapaNotificacoes filtros={filtrosDoMapa(params)} />
            </Suspense>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
