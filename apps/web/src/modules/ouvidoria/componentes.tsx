// Small pieces the ombudsman's list, detail and bell share: the priority badge (its colour AND its name), the type
// (icon and name), the situation and the deadline in words (colour is never the only cue).
import { Badge, Group, Text } from '@mantine/core';
import { NOMES_SITUACAO, type SituacaoSolicitacao } from '@saude/shared/ouvidoria_constantes';
import { IconeTipo } from './IconeTipo';
import { dataBr } from '../../lib/format';
import { prazoTexto } from './formato';

export function PrioridadeBadge({ prioridade }: { prioridade: { nome: string; cor: string } }) {
  return (
    <Badge color={prioridade.cor} variant="filled" radius="sm" style={{ textTransform: 'none' }}>
      {prioridade.nome}
    </Badge>
  );
}

export function TipoSolicitacao({ tipo }: { tipo: { nome: string; icone: string } }) {
  return (
    <Group gap={6} wrap="nowrap">
      <IconeTipo icone={tipo.icone} />
      <span>{tipo.nome}</span>
    </Group>
  );
}

const CORES_SITUACAO: Record<SituacaoSolicitacao, string> = {
  // Hex, dark enough for AA as text on white (Mantine's outline shades of a named colour are lighter).
  aberta: '#1864AB',
  em_analise: '#5F3DC4',
  respondida: '#1E6B2E',
  encerrada: '#495057',
};

export function SituacaoBadge({ situacao }: { situacao: SituacaoSolicitacao }) {
  return (
    <Badge color={CORES_SITUACAO[situacao]} variant="outline" radius="sm" style={{ textTransform: 'none' }}>
      {NOMES_SITUACAO[situacao]}
    </Badge>
  );
}

/** '25/12/2026 · vence em 3 dias' (red and bold when past it — and it says "vencida"). */
export function Prazo({ prazo, dias }: { prazo: string; dias: number | null }) {
  const texto = prazoTexto(dias);
  const vencida = dias !== null && dias < 0;
  return (
    <Text size="sm" span c={vencida ? 'red.9' : undefined} fw={vencida ? 700 : undefined}>
      {dataBr(prazo)}
      {texto && ` · ${texto}`}
    </Text>
  );
}
