// /municipes/unificacoes (issue 45): the manager's queue of likely duplicate citizens — the whole-registry search with
// its progress, each pair with its score and reasons, "Comparar" and "Não é a mesma pessoa" — and, in the second tab,
// the merges made, each undoable within the municipality's period.
import { Badge, Button, Group, Progress, Stack, Tabs, Text } from '@mantine/core';
import {
  MOTIVOS_DUPLICADO,
  type BuscaDuplicados,
  type Duplicado,
  type Unificacao,
  unificacaoMsg,
} from '@saude/shared/schemas/municipe_unificacao';
import { isoToBr } from '@saude/shared/validation/dates';
import { Link, useSearchParams } from 'react-router';
import { LinkButton } from '../../../lib/LinkButton';
import { PageHeading } from '../../../lib/PageHeading';
import { LoadError, notifyError, notifySuccess } from '../../../lib/feedback';
import { dataHoraBr } from '../../../lib/format';
import { DataList, listParamsSchema, param, RecordCell, useListParams, type Column } from '../../../lib/list';
import { useBuscaAtual, useDescartarDuplicado, useDuplicados, useIniciarBusca, useUnificacoes } from './api';
import { useDesfazerUnificacaoConfirmado } from './desfazer';

const paramsSchema = listParamsSchema.extend({ aba: param.oneOf(['pares', 'unificacoes'], 'pares') });

const pessoa = (p: Duplicado['a']) => (
  <RecordCell
    title={p.nome}
    strong={false}
    subtitle={[
      `Nasc. ${isoToBr(p.data_nascimento) ?? ''}`,
      p.nome_mae ? `Mãe: ${p.nome_mae}` : null,
      p.codigo_cns ? `CNS ${p.codigo_cns}` : p.cartao_provisorio ? `Provisório ${p.cartao_provisorio}` : null,
    ]
      .filter(Boolean)
      .join(' · ')}
  />
);

export function DuplicadosPage() {
  const list = useListParams(paramsSchema);
  const [, setSearch] = useSearchParams();
  return (
    <Stack gap="md">
      <PageHeading title="Cadastros duplicados" />
      <Tabs
        value={list.params.aba}
        onChange={(aba) => setSearch(aba === 'unificacoes' ? { aba } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="pares">Pares sugeridos</Tabs.Tab>
          <Tabs.Tab value="unificacoes">Unificações</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pares" pt="md">
          <Pares page={list.params.page} perPage={list.params.per_page} list={list} />
        </Tabs.Panel>
        <Tabs.Panel value="unificacoes" pt="md">
          <Unificacoes page={list.params.page} perPage={list.params.per_page} list={list} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

type ListControls = { setPage: (p: number) => void; setPerPage: (p: number) => void };

function Busca() {
  const atual = useBuscaAtual();
  const iniciar = useIniciarBusca();
  const busca: BuscaDuplicados | null | undefined = atual.data?.busca;
  const rodando = busca?.situacao === 'em_andamento';
  const pct = busca && busca.etapas > 0 ? Math.round((100 * busca.etapas_concluidas) / busca.etapas) : 0;
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        <Button
          mih={44}
          loading={iniciar.isPending}
          disabled={rodando}
          onClick={() => iniciar.mutate(undefined, { onError: (e) => notifyError(e) })}
        >
          Buscar duplicados em todo o cadastro
        </Button>
        {busca && (
          <Text size="sm" aria-live="polite">
            {rodando
              ? `Buscando… ${pct}% (${busca.etapas_concluidas} de ${busca.etapas} anos de nascimento)`
              : busca.situacao === 'concluida'
                ? `Última busca concluída em ${dataHoraBr(busca.concluida_em)}: ${busca.encontrados} par(es) novo(s) ou atualizado(s).`
                : 'A última busca não terminou. Busque de novo.'}
          </Text>
        )}
      </Group>
      {rodando && <Progress value={pct} aria-label="Progresso da busca de duplicados" size="lg" animated />}
    </Stack>
  );
}

function Pares({ page, perPage, list }: { page: number; perPage: number; list: ListControls }) {
  const query = useDuplicados({ page, per_page: perPage });
  const descartar = useDescartarDuplicado();
  const columns: Column<Duplicado>[] = [
    {
      accessor: 'score',
      title: 'Pontuação',
      render: (d) => <Badge color={d.score >= 90 ? 'red.9' : 'blue.9'}>{d.score}</Badge>,
    },
    { accessor: 'a', title: 'Cadastro A', render: (d) => pessoa(d.a) },
    { accessor: 'b', title: 'Cadastro B', render: (d) => pessoa(d.b) },
    {
      accessor: 'motivos',
      title: 'Por quê',
      from: 'sm',
      render: (d) => d.motivos.map((m) => MOTIVOS_DUPLICADO[m as keyof typeof MOTIVOS_DUPLICADO] ?? m).join('; '),
    },
    {
      accessor: 'id',
      title: 'Ações',
      render: (d) => (
        <Group gap="xs" wrap="wrap">
          <LinkButton
            size="xs"
            to={`/municipes/unificacoes/comparar?a=${d.a.id}&b=${d.b.id}`}
            aria-label={`Comparar ${d.a.nome} e ${d.b.nome}`}
          >
            Comparar
          </LinkButton>
          <Button
            size="xs"
            variant="default"
            mih={44}
            aria-label={`Não é a mesma pessoa: ${d.a.nome} e ${d.b.nome}`}
            onClick={() =>
              descartar.mutate(d.id, {
                onSuccess: () => notifySuccess(unificacaoMsg.duplicadoDescartado),
                onError: (e) => notifyError(e),
              })
            }
          >
            Não é a mesma pessoa
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Busca />
      <Pagina
        query={query}
        columns={columns}
        ariaLabel="Pares sugeridos"
        emptyText="Nenhum par de cadastros duplicados pendente."
        page={page}
        perPage={perPage}
        list={list}
      />
    </Stack>
  );
}

function Unificacoes({ page, perPage, list }: { page: number; perPage: number; list: ListControls }) {
  const query = useUnificacoes({ page, per_page: perPage });
  const { pedir: pedirDesfazer } = useDesfazerUnificacaoConfirmado();
  const columns: Column<Unificacao>[] = [
    { accessor: 'unificado_em', title: 'Data', render: (u) => dataHoraBr(u.unificado_em), noWrap: true },
    {
      accessor: 'sobrevivente_nome',
      title: 'Ficou',
      render: (u) => <Link to={`/municipes/${u.sobrevivente_id}/edit`}>{u.sobrevivente_nome}</Link>,
    },
    { accessor: 'absorvido_nome', title: 'Unificado nele' },
    {
      accessor: 'movidos',
      title: 'Registros movidos',
      from: 'sm',
      render: (u) =>
        Object.entries(u.movidos)
          .map(([t, n]) => `${t}: ${n}`)
          .join('; ') || 'Nenhum',
    },
    {
      accessor: 'id',
      title: 'Situação',
      render: (u) =>
        u.desfeito_em ? (
          <Text size="sm">Desfeita em {dataHoraBr(u.desfeito_em)}</Text>
        ) : new Date(u.desfazer_ate) < new Date() ? (
          <Text size="sm">Prazo para desfazer encerrado</Text>
        ) : (
          <Button
            size="xs"
            mih={44}
            color="red.9"
            variant="outline"
            aria-label={`Desfazer a unificação de ${u.absorvido_nome}`}
            onClick={() => pedirDesfazer(u)}
          >
            Desfazer
          </Button>
        ),
    },
  ];
  return (
    <Pagina
      query={query}
      columns={columns}
      ariaLabel="Unificações"
      emptyText="Nenhuma unificação feita."
      page={page}
      perPage={perPage}
      list={list}
    />
  );
}

/** One page of a list of this screen, with its load error. */
function Pagina<T>({
  query,
  columns,
  ariaLabel,
  emptyText,
  page,
  perPage,
  list,
}: {
  query: { data?: { rows: T[]; total: number }; error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };
  columns: Column<T>[];
  ariaLabel: string;
  emptyText: string;
  page: number;
  perPage: number;
  list: ListControls;
}) {
  return (
    <Stack gap="md">
      <LoadError error={query.error} onRetry={() => void query.refetch()} />
      <DataList<T>
        columns={columns}
        ariaLabel={ariaLabel}
        emptyText={emptyText}
        records={query.data?.rows}
        total={query.data?.total}
        fetching={query.isFetching}
        page={page}
        perPage={perPage}
        onPageChange={list.setPage}
        onPerPageChange={list.setPerPage}
      />
    </Stack>
  );
}
