// /municipes (spec §2, issue 5): one search box that understands a name, CPF, CNS or dd/MM/yyyy date, the advanced
// search, and the results with server pagination. The URL holds the state (style.md §10).
import { Alert, Button, Collapse } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCloudSearch, IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { formatCns, formatCpf, msg } from '@saude/shared';
import {
  BUSCA_AVANCADA_MINIMO_FILTROS,
  buscaAvancadaCampos,
  contarFiltrosBuscaAvancada,
  interpretarBusca,
  LIMITE_RANQUEAMENTO,
} from '@saude/shared/schemas/municipe_busca_texto';
import type { MunicipeListItem } from '@saude/shared/schemas/municipe';
import { dataBr, idadeTexto } from '../../lib/format';
import { ListPage, RecordCell, recordColumn, SearchBox, type Column } from '../../lib/list';
import { listParamsSchema, param, useListParams, type ParamField } from '../../lib/list/listParams';
import { ObitoBadge } from './ObitoBadge';
import { useBuscaAvancada, useMunicipes } from './api';
import { useCadsusDisponivel } from './cadsus/api';
import { filtrosPreenchidos } from './buscaAvancadaValores';
import { useUnidadesDoUsuario } from './unidades';

// The advanced search (a form with its own validation) loads when the panel first opens.
const BuscaAvancada = lazy(() => import('./BuscaAvancada').then((m) => ({ default: m.BuscaAvancada })));
// The national registry lookup (issue 24) too: its panel loads on first use.
const CadsusListaBusca = lazy(() => import('./cadsus/CadsusListaBusca').then((m) => ({ default: m.CadsusListaBusca })));

const paramsSchema = listParamsSchema.extend({
  q: param.text(100),
  /** '1' while the advanced search panel is open. */
  avancada: param.oneOf(['1']),
  ...(Object.fromEntries(buscaAvancadaCampos.map((c) => [c, param.text(100)])) as Record<
    (typeof buscaAvancadaCampos)[number],
    ParamField<string | undefined>
  >),
});

const semFiltrosAvancados = Object.fromEntries(buscaAvancadaCampos.map((c) => [c, undefined]));

const columns: Column<MunicipeListItem>[] = [
  recordColumn('nome', 'Nome', {
    badges: (m) => m.obito && <ObitoBadge />,
    subtitle: (m) => m.nome_social && `Nome social: ${m.nome_social}`,
  }),
  {
    accessor: 'data_nascimento',
    title: 'Nascimento',
    noWrap: true,
    render: (m) => (
      <RecordCell
        strong={false}
        title={dataBr(m.data_nascimento)}
        subtitle={idadeTexto(m.data_nascimento, m.data_obito)}
      />
    ),
  },
  { accessor: 'nome_mae', title: 'Nome da mãe', from: 'lg' },
  {
    accessor: 'cpf_numero',
    title: 'CPF',
    noWrap: true,
    render: (m) => (m.cpf_numero ? formatCpf(m.cpf_numero) : '—'),
    from: 'sm',
  },
  {
    accessor: 'codigo_cns',
    title: 'CNS',
    noWrap: true,
    render: (m) => (m.codigo_cns ? formatCns(m.codigo_cns) : '—'),
    from: 'md',
  },
  { accessor: 'unidade_referencia_nome', title: 'Unidade de referência', from: 'lg' },
];

export function MunicipeListPage() {
  const list = useListParams(paramsSchema);
  const { params, setFilters } = list;
  const avancadaAberta = params.avancada === '1';
  const filtros = filtrosPreenchidos(params);
  const avancadaValida = avancadaAberta && contarFiltrosBuscaAvancada(filtros) >= BUSCA_AVANCADA_MINIMO_FILTROS;

  // The rule the API applies, checked before asking: a 1–2 letter search says why on the box (issue 12).
  const busca = interpretarBusca(params.q);
  const erroBusca = busca.tipo === 'invalida' ? busca.mensagem : null;
  const simples = useMunicipes(
    { q: params.q || undefined, page: params.page, per_page: params.per_page },
    { enabled: erroBusca === null },
  );
  const avancada = useBuscaAvancada(
    avancadaValida ? { ...filtros, page: params.page, per_page: params.per_page } : undefined,
  );
  const ativa = avancadaValida ? avancada : simples;
  // A broad name is ranked only among its first matches (issue 41): say so, and how to narrow it.
  const ampla = (avancadaValida || busca.tipo === 'nome') && ativa.data?.limitado === true;
  const unidades = useUnidadesDoUsuario();
  const cadsusDisponivel = useCadsusDisponivel();
  const [cadsusAberto, setCadsusAberto] = useState(false);

  return (
    <ListPage
      title="Munícipes"
      path="/municipes"
      list={{ ...list, query: ativa }}
      columns={columns}
      opens="edit"
      emptyText="Nenhum munícipe encontrado."
      novo={{ label: 'Novo munícipe', vazio: 'Cadastrar munícipe' }}
      filters={
        <>
          <SearchBox
            label="Buscar munícipe"
            placeholder="Nome, CPF, CNS ou data de nascimento (dd/mm/aaaa)"
            value={params.q ?? ''}
            error={erroBusca}
            onSearch={(q) => setFilters({ q, avancada: undefined, ...semFiltrosAvancados })}
          />
          <Button
            variant={avancadaAberta ? 'light' : 'default'}
            mih={44}
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            aria-expanded={avancadaAberta}
            aria-controls="busca-avancada"
            onClick={() =>
              setFilters(
                avancadaAberta ? { avancada: undefined, ...semFiltrosAvancados } : { avancada: '1', q: undefined },
              )
            }
          >
            Busca avançada
          </Button>
          {cadsusDisponivel && (
            <Button
              variant={cadsusAberto ? 'light' : 'default'}
              mih={44}
              leftSection={<IconCloudSearch size={18} aria-hidden />}
              aria-expanded={cadsusAberto}
              aria-controls="busca-cadsus"
              onClick={() => setCadsusAberto((v) => !v)}
            >
              Buscar no CADSUS
            </Button>
          )}
        </>
      }
    >
      {ampla && (
        <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
          {msg.buscaAmpla(LIMITE_RANQUEAMENTO.toLocaleString('pt-BR'))}
        </Alert>
      )}
      <Collapse expanded={cadsusAberto} id="busca-cadsus">
        {cadsusAberto && (
          <Suspense fallback={null}>
            <CadsusListaBusca />
          </Suspense>
        )}
      </Collapse>
      <Collapse expanded={avancadaAberta} id="busca-avancada">
        {avancadaAberta && (
          <Suspense fallback={null}>
            <BuscaAvancada
              // A new URL (Back, Limpar) starts the panel from what the URL says.
              key={JSON.stringify(filtros)}
              valores={filtros}
              unidades={unidades}
              onBuscar={(f) => setFilters({ ...semFiltrosAvancados, ...f, avancada: '1', q: undefined })}
              onLimpar={() => setFilters({ ...semFiltrosAvancados, avancada: '1' })}
            />
          </Suspense>
        )}
      </Collapse>
    </ListPage>
  );
}
