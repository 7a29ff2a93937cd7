// /atencao_primaria/cadastros_individuais (spec §2, issue 6): search by name or CPF/CNS, micro-area, situation and
// registration date range; server pagination; the URL holds the state (style.md §10).
import type { CadastroIndividualListItem } from '@saude/shared/schemas/cadastro_individual';
import { dataBr, idadeTexto } from '../../../lib/format';
import { FilterChoice, FilterDate, ListPage, RecordCell, recordColumn, useList, type Column } from '../../../lib/list';
import { listParamsSchema, param } from '../../../lib/list/listParams';
import { FiltroMicroArea } from '../comum/FiltroMicroArea';
import { FiltrosLotacao } from '../comum/FiltrosLotacao';
import { BASE_PATH, useCadastros } from './api';
import { documentoTexto, SituacaoBadge } from './comum';

const paramsSchema = listParamsSchema.extend({
  busca: param.text(70),
  micro_area: param.match(/^\d{2}$/),
  situacao: param.oneOf(['ativo', 'saida'], 'ativo'),
  unidade_saude_id: param.uuid(),
  equipe_id: param.uuid(),
  profissional_id: param.uuid(),
  data_cadastro_inicio: param.isoDate(),
  data_cadastro_fim: param.isoDate(),
});

const SITUACOES = [
  { value: 'ativo', label: 'Ativos' },
  { value: 'saida', label: 'Saída do cadastro' },
];

/** Digits only (CPF/CNS, masked or not) go to `q`; anything else is a name. */
export function filtroBusca(busca: string | undefined): { nome?: string; q?: string } {
  const b = busca?.trim();
  if (!b) return {};
  return /^[\d\s./-]+$/.test(b) ? { q: b.replace(/\D/g, '') } : { nome: b };
}

const columns: Column<CadastroIndividualListItem>[] = [
  recordColumn('nome', 'Nome', { subtitle: (c) => c.nome_social && `Nome social: ${c.nome_social}` }),
  {
    accessor: 'data_nascimento',
    title: 'Nascimento',
    noWrap: true,
    render: (c) => (
      <RecordCell strong={false} title={dataBr(c.data_nascimento)} subtitle={idadeTexto(c.data_nascimento)} />
    ),
  },
  {
    accessor: 'cpf_numero',
    title: 'CPF/CNS',
    noWrap: true,
    render: (c) => documentoTexto(c.cpf_numero, c.codigo_cns),
    from: 'sm',
  },
  { accessor: 'equipe_nome', title: 'Equipe', from: 'lg' },
  {
    accessor: 'micro_area',
    title: 'Micro-área',
    render: (c) => (c.fora_area ? 'Fora de área' : (c.micro_area ?? '—')),
    from: 'md',
  },
  {
    accessor: 'data_cadastro',
    title: 'Data do cadastro',
    noWrap: true,
    render: (c) => dataBr(c.data_cadastro),
    from: 'lg',
  },
  { accessor: 'situacao', title: 'Situação', render: (c) => <SituacaoBadge situacao={c.situacao} /> },
];

export function CadastroIndividualListPage() {
  const list = useList(paramsSchema, useCadastros, ({ busca, ...filtros }) => ({ ...filtros, ...filtroBusca(busca) }));
  return (
    <ListPage
      title="Cadastros individuais"
      path={BASE_PATH}
      list={list}
      columns={columns}
      emptyText="Nenhum cadastro individual encontrado."
      novo={{ label: 'Novo cadastro' }}
      search={{ field: 'busca', label: 'Buscar cadastro', placeholder: 'Nome, CPF ou CNS' }}
      filters={
        <>
          <FiltroMicroArea {...list.bind('micro_area')} />
          <FilterChoice label="Situação" w={200} allowDeselect={false} data={SITUACOES} {...list.bind('situacao')} />
          <FiltrosLotacao value={list.params} onChange={list.setFilters} />
          <FilterDate label="Cadastrado de" {...list.bind('data_cadastro_inicio')} />
          <FilterDate label="Até" {...list.bind('data_cadastro_fim')} />
        </>
      }
    />
  );
}
