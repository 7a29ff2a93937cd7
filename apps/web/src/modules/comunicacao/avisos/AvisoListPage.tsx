// /comunicacao/avisos (spec §2, §3, issue 19): the staff notices, newest first, 10 per page (spec §9), with their
// period, situation, whether they ask for a reply, who answers for them and how many confirmed and replied. Managers
// (`:todos`) see every notice and filter by target; everyone else sees the notices aimed at them (the API scopes it),
// with no target filters and no write buttons.
import { ActionIcon, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { AvisoListItem } from '@saude/shared/schemas/aviso';
import { usePode } from '../../../lib/access';
import { FilterChoice, ListPage, recordColumn, useList, type Column } from '../../../lib/list';
import { listParamsSchema, param, type ParamField } from '../../../lib/list/listParams';
import { RemoveIcon } from '../../../lib/feedback';
import { BASE_PATH, useAvisos, useDeleteAviso, type AvisoListFilters } from './api';
import { ROTULOS_SITUACAO_AVISO, SITUACOES_AVISO } from '@saude/shared/aviso_constantes';
import {
  contagensTexto,
  EXCLUSAO_AVISO,
  rotuloSituacao,
  SituacaoAvisoBadge,
  vigenciaTexto,
} from './components/SituacaoAviso';

const FiltrosAlvos = lazy(() => import('./components/FiltrosAlvos'));

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A list of ids, comma-separated in one parameter (as the API also reads it). */
const ids: ParamField<string | undefined> = param.match(new RegExp(`^${UUID}(,${UUID}){0,49}$`, 'i'));

const paramsSchema = listParamsSchema.extend({
  titulo: param.text(100),
  situacao: param.oneOf(SITUACOES_AVISO),
  tipo_unidade_ids: ids,
  unidade_ids: ids,
  perfil_ids: ids,
  profissional_ids: ids,
});

const OPCOES_SITUACAO = SITUACOES_AVISO.map((s) => ({ value: s, label: ROTULOS_SITUACAO_AVISO[s] }));

const contagem = (accessor: 'total_visualizacoes' | 'total_respostas', title: string): Column<AvisoListItem> => ({
  accessor,
  title,
  textAlign: 'right',
  width: 110,
  from: 'sm',
  render: (a) => a[accessor].toLocaleString('pt-BR'),
});

/** `excluir` only with the destroy permission. */
function colunas(podeEditar: boolean, excluir?: (id: string) => Promise<unknown>): Column<AvisoListItem>[] {
  return [
    recordColumn('titulo', 'Título', {
      subtitle: (a) => (
        <>
          {a.mensagem}
          {/* On a phone the list is one column: the period and situation under the title. */}
          <Text component="span" size="xs" display="block" hiddenFrom="sm">
            {vigenciaTexto(a.data_inicial, a.data_final)} · {rotuloSituacao(a)} · {contagensTexto(a)}
          </Text>
        </>
      ),
    }),
    {
      accessor: 'data_inicial',
      title: 'Vigência',
      // Wraps after 'a' on a tablet, so the situation's word and the row's buttons keep their room.
      from: 'sm',
      render: (a) => vigenciaTexto(a.data_inicial, a.data_final),
    },
    {
      accessor: 'situacao',
      title: 'Situação',
      from: 'sm',
      render: (a) => <SituacaoAvisoBadge aviso={a} />,
    },
    {
      accessor: 'checar_resposta',
      title: 'Pede resposta',
      from: 'md',
      render: (a) => (a.checar_resposta ? 'Sim' : 'Não'),
    },
    { accessor: 'responsavel_nome', title: 'Responsável', from: 'lg' },
    contagem('total_visualizacoes', 'Visualizações'),
    contagem('total_respostas', 'Respostas'),
    {
      accessor: 'acoes',
      title: <VisuallyHidden>Ações</VisuallyHidden>,
      textAlign: 'right',
      noWrap: true,
      render: (a) => (
        // The row opens the notice; its buttons do their own thing.
        <Group gap={0} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
          <ActionIcon
            component={Link}
            to={`${BASE_PATH}/${a.id}/show`}
            variant="subtle"
            size={44}
            aria-label={`Ver aviso ${a.titulo}`}
          >
            <IconEye size={18} aria-hidden />
          </ActionIcon>
          {podeEditar && a.situacao !== 'excluido' && (
            <ActionIcon
              component={Link}
              to={`${BASE_PATH}/${a.id}/edit`}
              variant="subtle"
              size={44}
              aria-label={`Editar aviso ${a.titulo}`}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          )}
          {excluir && a.situacao !== 'excluido' && (
            <RemoveIcon
              model="aviso"
              texts={EXCLUSAO_AVISO}
              label={`Excluir aviso ${a.titulo}`}
              remove={() => excluir(a.id)}
            />
          )}
        </Group>
      ),
    },
  ];
}

export function AvisoListPage() {
  const todos = usePode('comunicacao/avisos:todos');
  const podeEditar = usePode('comunicacao/avisos:update');
  const podeExcluir = usePode('comunicacao/avisos:destroy');
  const remover = useDeleteAviso();
  const list = useList(paramsSchema, useAvisos, (p) => p as AvisoListFilters);
  const { params } = list;
  return (
    <ListPage
      title="Avisos"
      path={BASE_PATH}
      list={list}
      columns={colunas(podeEditar, podeExcluir ? remover.mutateAsync : undefined)}
      opens="show"
      emptyText={todos ? 'Nenhum aviso encontrado.' : 'Nenhum aviso para você.'}
      novo={{ label: 'Novo aviso', vazio: 'Criar aviso' }}
      search={{ field: 'titulo', label: 'Buscar aviso', placeholder: 'Parte do título' }}
      filters={
        todos ? (
          <>
            <FilterChoice
              label="Situação"
              w={170}
              data={OPCOES_SITUACAO}
              clearable
              placeholder="Ativos e inativos"
              {...list.bind('situacao')}
            />
            <Suspense fallback={null}>
              <FiltrosAlvos
                valores={params}
                onChange={(patch) => list.setFilters(patch as Record<string, string | undefined>)}
              />
            </Suspense>
          </>
        ) : undefined
      }
    />
  );
}
