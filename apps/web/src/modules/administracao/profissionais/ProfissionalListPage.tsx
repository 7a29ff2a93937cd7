// /administracao/profissionais (issue 22): the professionals by name, 10 per page, with login, CPF and the units of
// their active assignments; searched by name, login or CPF, filtered by unit and situation. A row opens its form.
import { Badge, Text } from '@mantine/core';
import type { ProfissionalListItem } from '@saude/shared/schemas/administracao_profissionais';
import { maskCpf, opcoesNomeadas } from '../../../lib/form';
import {
  cadastroListProps,
  FilterChoice,
  ListPage,
  recordColumn,
  situacaoAtivo,
  useList,
  type Column,
} from '../../../lib/list';
import { param } from '../../../lib/list/listParams';
import { BASE_PATH, useLotacaoOpcoes, useProfissionais } from './api';

const situacao = situacaoAtivo('m', 'ativas');

const paramsSchema = situacao.params({ texto: param.text(120), unidade_saude_id: param.uuid() });

const columns: Column<ProfissionalListItem>[] = [
  recordColumn('nome', 'Nome', {
    badges: (p) => (
      <>
        {situacao.badge(p.ativo)}
        {p.ativo && p.senha_provisoria && (
          <Badge size="sm" color="yellow" variant="light">
            Senha provisória
          </Badge>
        )}
      </>
    ),
    subtitle: (p) => (
      <Text component="span" size="xs" hiddenFrom="sm">
        {p.login} · {p.unidades.join(', ') || 'Sem lotação ativa'}
      </Text>
    ),
  }),
  { accessor: 'login', title: 'Login', from: 'sm' },
  { accessor: 'cpf_numero', title: 'CPF', noWrap: true, from: 'md', render: (p) => maskCpf(p.cpf_numero) },
  {
    accessor: 'unidades',
    title: 'Unidades (lotações ativas)',
    from: 'sm',
    render: (p) =>
      p.unidades.join(', ') || (
        <Text span size="sm" c="dimmed">
          Sem lotação ativa
        </Text>
      ),
  },
];

export function ProfissionalListPage() {
  const opcoes = useLotacaoOpcoes();
  const list = useList(paramsSchema, useProfissionais, situacao.toFilters);
  const unidades = opcoesNomeadas(opcoes.data?.unidades);
  return (
    <ListPage
      {...cadastroListProps('Profissionais', ['profissional', 'm'], BASE_PATH, 'Nome, login ou CPF')}
      list={list}
      columns={columns}
      filters={
        <>
          <FilterChoice
            label="Unidade"
            w={240}
            searchable
            clearable
            data={unidades}
            {...list.bind('unidade_saude_id')}
          />
          <situacao.Filter {...list.bind('situacao')} />
        </>
      }
    />
  );
}
