// /urgencia_emergencia/atendimentos (the reception) and /atendimentos_retroativos (spec §2, issue 16): the unit's
// arrivals, today by default (the late entries: all of them), filters by period, status, professional and citizen;
// "Chamar" on each row that may still be called; cancelled rows struck through. "Registrar chegada" picks a citizen
// (or creates one) and opens their arrival form.
import { Alert, Button, Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatCns, formatCpf } from '@saude/shared';
import type { AtendimentoListItem } from '@saude/shared/schemas/atendimento';
import {
  podeSerChamado,
  situacoesAtendimento,
  SITUACAO_ATENDIMENTO_NOME,
} from '@saude/shared/schemas/atendimento_tabelas';
import { usePode } from '../../../lib/access';
import { dataBr, horaBr } from '../../../lib/format';
import { FilterChoice, FilterDate, FilterText, ListPage, RecordCell, useList, type Column } from '../../../lib/list';
import { listParamsSchema, param } from '../../../lib/list/listParams';
import { caminhoDe, recursoDe, useContextoAtendimento, type TipoAtendimento } from './api';
import { BotaoChamar } from './BotaoChamar';
import { SituacaoBadge, tipoChegadaNome, TITULOS } from './comum';
import { opcoesNomeadas } from '../../../lib/form';

// The citizen search is the form kit's (SearchSelect): fetched after the list is drawn, as the date filters are.
const RegistrarChegada = lazy(() => import('./RegistrarChegada').then((m) => ({ default: m.RegistrarChegada })));

const paramsSchema = listParamsSchema.extend({
  data_inicio: param.isoDate(),
  data_fim: param.isoDate(),
  situacao: param.oneOf(situacoesAtendimento),
  profissional_id: param.uuid(),
  municipe_id: param.uuid(),
  paciente: param.text(100),
});

const SITUACOES = situacoesAtendimento.map((s) => ({ value: s, label: SITUACAO_ATENDIMENTO_NOME[s] }));

export const AtendimentoListPage = () => <Lista tipo="atendimentos" />;
export const AtendimentoRetroativoListPage = () => <Lista tipo="atendimentos_retroativos" />;

/** A cancelled visit stays in the list, struck through. */
const Riscado = ({ on, children }: { on: boolean; children: string }) =>
  on ? (
    <Text span inherit td="line-through">
      {children}
    </Text>
  ) : (
    <>{children}</>
  );

function Lista({ tipo }: { tipo: TipoAtendimento }) {
  const path = caminhoDe(tipo);
  const titulos = TITULOS[tipo];
  const list = useList(paramsSchema, recursoDe(tipo).useList);
  const ctx = useContextoAtendimento(tipo);
  const podeChamar = usePode(`urgencia_emergencia/${tipo}:chamar`);
  const podeCriar = usePode(`urgencia_emergencia/${tipo}:create`);
  const retroativo = tipo === 'atendimentos_retroativos';
  const { params } = list;
  const semPeriodo = !params.data_inicio && !params.data_fim && !params.municipe_id && !params.paciente;

  const columns: Column<AtendimentoListItem>[] = [
    {
      accessor: 'paciente_nome',
      title: 'Paciente',
      render: (a) => (
        <RecordCell
          title={<Riscado on={a.situacao === 'cancelado'}>{a.paciente_nome}</Riscado>}
          badges={
            <>
              <SituacaoBadge situacao={a.situacao} />
              {a.sem_identificacao && !a.municipe_id && (
                <Text span size="xs" c="dimmed">
                  Sem identificação
                </Text>
              )}
            </>
          }
          subtitle={
            a.cpf_numero
              ? `CPF ${formatCpf(a.cpf_numero)}`
              : a.codigo_cns
                ? `CNS ${formatCns(a.codigo_cns)}`
                : undefined
          }
        />
      ),
    },
    { accessor: 'senha', title: 'Senha', render: (a) => a.senha ?? '—', from: 'sm' },
    {
      accessor: 'data_chegada',
      title: 'Chegada',
      noWrap: true,
      render: (a) => (
        <Riscado on={a.situacao === 'cancelado'}>
          {retroativo ? `${dataBr(a.data_chegada)} ${horaBr(a.data_chegada)}` : horaBr(a.data_chegada)}
        </Riscado>
      ),
    },
    {
      accessor: 'tipo_chegada_id',
      title: 'Tipo de chegada',
      render: (a) => tipoChegadaNome(a.tipo_chegada_id),
      from: 'md',
    },
    { accessor: 'especialidade_nome', title: 'Especialidade', render: (a) => a.especialidade_nome ?? '—', from: 'lg' },
    { accessor: 'profissional_nome', title: 'Registrado por', from: 'xl' },
  ];
  if (podeChamar) {
    columns.push({
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      render: (a) =>
        podeSerChamado(a.situacao) ? (
          <BotaoChamar
            tipo={tipo}
            atendimento={a}
            rotulo={`${a.situacao === 'chamado' ? 'Chamar novamente' : 'Chamar'} ${a.paciente_nome}`}
            size="xs"
            mih={36}
            variant="light"
          />
        ) : null,
    });
  }

  return (
    <ListPage
      title={titulos.lista}
      path={path}
      list={list}
      columns={columns}
      opens="show"
      emptyText={semPeriodo && !retroativo ? 'Nenhuma chegada hoje.' : 'Nenhum atendimento encontrado.'}
      filters={
        <>
          <FilterDate label="De" value={params.data_inicio} onChange={(v) => list.setFilters({ data_inicio: v })} />
          <FilterDate label="Até" value={params.data_fim} onChange={(v) => list.setFilters({ data_fim: v })} />
          <FilterText
            label="Paciente"
            placeholder="Nome, CPF ou CNS"
            maxLength={100}
            w={220}
            {...list.bind('paciente')}
          />
          <FilterChoice label="Situação" w={170} data={SITUACOES} clearable {...list.bind('situacao')} />
          <FilterChoice
            label="Profissional"
            w={240}
            data={opcoesNomeadas(ctx.data?.profissionais)}
            clearable
            searchable
            {...list.bind('profissional_id')}
          />
        </>
      }
    >
      {podeCriar && (
        <Suspense fallback={null}>
          <RegistrarChegada tipo={tipo} />
        </Suspense>
      )}
      {params.municipe_id && (
        <Alert variant="light" color="gray" p="xs">
          <Group justify="space-between" gap="sm">
            <Text size="sm">Mostrando os atendimentos de um munícipe.</Text>
            <Button size="xs" variant="default" mih={36} onClick={() => list.setFilters({ municipe_id: undefined })}>
              Mostrar todos
            </Button>
          </Group>
        </Alert>
      )}
      {semPeriodo && !retroativo && (
        <Text size="sm" c="dimmed">
          Chegadas de hoje. Escolha um período para ver outros dias.
        </Text>
      )}
    </ListPage>
  );
}
