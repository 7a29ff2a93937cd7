// /urgencia_emergencia/atendimentos/{id}/show and /atendimentos_retroativos/{id}/show (spec §2, issue 16): the visit
// read-only, its history (who registered, called, changed, cancelled it, when) and the actions: Chamar, Cancelar
// (with a justification).
import { Alert, Anchor, Box, Button, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { useId, useState } from 'react';
import { formatCns, formatCpf } from '@saude/shared';
import { parentesco } from '@saude/shared/codes/parentesco';
import type { Atendimento, EventoAtendimento } from '@saude/shared/schemas/atendimento';
import { podeSerChamado } from '@saude/shared/schemas/atendimento_tabelas';
import { usePode } from '../../../lib/access';
import { BackButton, DetailItem, DetailSection } from '../../../lib/detail';
import { maskPhone } from '../../../lib/form/masks';
import { dataBr, dataHoraBr, descricao, idadeTexto, simNaoTexto } from '../../../lib/format';
import { recordPage, type RecordPageProps } from '../../../lib/recordPage';
import {
  caminhoDe,
  carregarAtendimento,
  useConcluirAtendimento,
  useIniciarAtendimento,
  type TipoAtendimento,
} from './api';
import { notifyError, notifySuccess } from '../../../lib/feedback';
import { BotaoChamar } from './BotaoChamar';
import { CancelarAtendimentoDialog } from './CancelarAtendimentoDialog';
import { ALERTA, SituacaoBadge, tipoChegadaNome, TITULOS } from './comum';

const EVENTO: Record<EventoAtendimento['evento'], string> = {
  criado: 'Chegada registrada',
  alterado: 'Ficha alterada',
  chamado: 'Paciente chamado',
  iniciado: 'Atendimento iniciado',
  concluido: 'Atendimento concluído',
  cancelado: 'Atendimento cancelado',
};

function DetalhesAtendimento({ atual }: RecordPageProps<Atendimento>) {
  return <Detalhes tipo="atendimentos" atual={atual} />;
}
function DetalhesRetroativo({ atual }: RecordPageProps<Atendimento>) {
  return <Detalhes tipo="atendimentos_retroativos" atual={atual} />;
}

export const AtendimentoDetalhesPage = recordPage(carregarAtendimento('atendimentos'), DetalhesAtendimento);
export const AtendimentoRetroativoDetalhesPage = recordPage(
  carregarAtendimento('atendimentos_retroativos'),
  DetalhesRetroativo,
);

function Detalhes({ tipo, atual: a }: { tipo: TipoAtendimento; atual: Atendimento }) {
  const titulo = `${TITULOS[tipo].detalhe} · ${a.paciente_nome}`;
  useDocumentTitle(titulo);
  const voltar = caminhoDe(tipo);
  const podeChamar = usePode(`urgencia_emergencia/${tipo}:chamar`) && podeSerChamado(a.situacao);
  const podeCancelar =
    usePode(`urgencia_emergencia/${tipo}:cancelar`) && a.situacao !== 'cancelado' && a.situacao !== 'concluido';
  const [cancelando, setCancelando] = useState(false);
  const cancelado = a.situacao === 'cancelado';
  const aberto = a.situacao !== 'cancelado' && a.situacao !== 'concluido';
  const podeEditar = usePode(`urgencia_emergencia/${tipo}:update`) && aberto;
  const iniciar = useIniciarAtendimento(tipo);
  const concluir = useConcluirAtendimento(tipo);
  const passo = (m: typeof iniciar, aviso: string) =>
    m.mutate({ id: a.id }, { onSuccess: () => notifySuccess(aviso), onError: (e) => notifyError(e) });
  const ocupado = iniciar.isPending || concluir.isPending;
  const historicoId = useId();

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1} fz="h2" td={cancelado ? 'line-through' : undefined}>
            {titulo}
          </Title>
          <SituacaoBadge situacao={a.situacao} />
        </Group>
        <Group gap="sm">
          {podeChamar && <BotaoChamar tipo={tipo} atendimento={a} mih={44} />}
          {podeEditar && a.situacao !== 'em_atendimento' && (
            <Button
              mih={44}
              variant="light"
              loading={iniciar.isPending}
              disabled={ocupado}
              onClick={() => passo(iniciar, 'Atendimento iniciado.')}
            >
              Iniciar atendimento
            </Button>
          )}
          {podeEditar && a.situacao === 'em_atendimento' && (
            <Button
              mih={44}
              loading={concluir.isPending}
              disabled={ocupado}
              onClick={() => passo(concluir, 'Atendimento concluído.')}
            >
              Concluir atendimento
            </Button>
          )}
          {podeEditar && (
            <Button mih={44} variant="default" component={Link} to={`${voltar}/${a.id}/edit`}>
              Editar
            </Button>
          )}
          {podeCancelar && (
            <Button mih={44} color="red" variant="light" onClick={() => setCancelando(true)}>
              Cancelar atendimento
            </Button>
          )}
        </Group>
      </Group>

      {cancelado && (
        <Alert color="red" variant="light" styles={ALERTA} title="Atendimento cancelado">
          <Text size="sm">
            Cancelado em {dataHoraBr(a.cancelado_em)}
            {a.cancelado_por_nome && ` por ${a.cancelado_por_nome}`}. Justificativa: {a.justificativa_cancelamento}
          </Text>
        </Alert>
      )}

      <DetailSection title="Paciente">
        <DetailItem label="Nome">{a.paciente_nome}</DetailItem>
        <DetailItem label="Nascimento">
          {a.data_nascimento ? `${dataBr(a.data_nascimento)} (${idadeTexto(a.data_nascimento)})` : '—'}
        </DetailItem>
        <DetailItem label="Documento">
          {a.cpf_numero ? `CPF ${formatCpf(a.cpf_numero)}` : a.codigo_cns ? `CNS ${formatCns(a.codigo_cns)}` : '—'}
        </DetailItem>
        {a.municipe_id && (
          <DetailItem label="Histórico na unidade">
            <Anchor component={Link} to={`${voltar}?municipe_id=${a.municipe_id}`} c="saude.9">
              Ver atendimentos deste munícipe
            </Anchor>
          </DetailItem>
        )}
        {a.sem_identificacao && (
          <DetailItem label="Identificação">
            {a.municipe_id ? 'Registrado sem identificação, já identificado' : 'Paciente sem identificação'}
          </DetailItem>
        )}
      </DetailSection>

      <DetailSection title="Chegada">
        <DetailItem label="Senha">{a.senha ?? '—'}</DetailItem>
        <DetailItem label="Chegada">{dataHoraBr(a.data_chegada)}</DetailItem>
        <DetailItem label="Ficha">{dataHoraBr(a.data_ficha)}</DetailItem>
        <DetailItem label="Tipo de chegada">{tipoChegadaNome(a.tipo_chegada_id)}</DetailItem>
        {a.placa_veiculo && <DetailItem label="Placa do veículo">{a.placa_veiculo}</DetailItem>}
        <DetailItem label="Registrado por">
          {a.profissional_nome ?? '—'}
          {a.ocupacao_nome && ` (${a.ocupacao_nome})`}
        </DetailItem>
        <DetailItem label="Unidade de saúde">{a.unidade_saude_nome ?? '—'}</DetailItem>
        {a.retroativo && (
          <DetailItem label="Motivo do registro retroativo">{a.justificativa_retroativo ?? '—'}</DetailItem>
        )}
      </DetailSection>

      <DetailSection title="Atendimento">
        <DetailItem label="Especialidade">{a.especialidade_nome ?? 'Não informada'}</DetailItem>
        <DetailItem label="Convênio">{a.convenio ?? '—'}</DetailItem>
        <DetailItem label="Acolhimento">{simNaoTexto(a.acolhimento, 'Não informado')}</DetailItem>
        <DetailItem label="Síndrome gripal">{simNaoTexto(a.sindrome_gripal, 'Não informado')}</DetailItem>
        <DetailItem label="Violência">{simNaoTexto(a.violencia, 'Não informado')}</DetailItem>
        <DetailItem label="Acidente de trabalho">{simNaoTexto(a.acidente_trabalho, 'Não informado')}</DetailItem>
      </DetailSection>

      <DetailSection title="Acompanhante">
        <DetailItem label="Possui acompanhante">{simNaoTexto(a.possui_acompanhante, 'Não informado')}</DetailItem>
        {a.possui_acompanhante && (
          <>
            <DetailItem label="Nome">{a.acompanhante_nome ?? '—'}</DetailItem>
            <DetailItem label="RG">{a.rg ?? '—'}</DetailItem>
            <DetailItem label="Parentesco">{descricao(parentesco, a.parentesco_id)}</DetailItem>
            <DetailItem label="Telefone">{a.telefone ? maskPhone(a.telefone) : '—'}</DetailItem>
          </>
        )}
      </DetailSection>

      <Box component="section" aria-labelledby={historicoId}>
        <Title order={2} fz="h4" id={historicoId} mb="xs">
          Histórico
        </Title>
        <Timeline bulletSize={14} lineWidth={2}>
          {a.historico.map((h, i) => (
            <Timeline.Item key={`${h.evento}-${h.em}-${i}`} title={EVENTO[h.evento]}>
              <Text size="sm">
                {dataHoraBr(h.em)}
                {h.por_nome && ` · ${h.por_nome}`}
              </Text>
              {h.detalhe && (
                <Text size="sm" c="dimmed">
                  Justificativa: {h.detalhe}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Box>

      <BackButton to={voltar}>Voltar para a lista</BackButton>
      <CancelarAtendimentoDialog tipo={tipo} atendimento={a} opened={cancelando} onClose={() => setCancelando(false)} />
    </Stack>
  );
}
