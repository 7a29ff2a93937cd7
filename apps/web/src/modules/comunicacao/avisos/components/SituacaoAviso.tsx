// How a notice's situation shows: its word on a badge (colour is never the only cue).
import { Badge } from '@mantine/core';
import { msg, plural, todayIso } from '@saude/shared';
import { ROTULOS_SITUACAO_AVISO, type SituacaoAviso } from '@saude/shared/aviso_constantes';
import type { RemoveTexts } from '../../../../lib/feedback';

type Exibida = SituacaoAviso | 'encerrado' | 'agendado';

const COR: Record<Exibida, string> = {
  ativo: 'green',
  inativo: 'gray',
  excluido: 'red',
  encerrado: 'gray',
  agendado: 'blue',
};
const ROTULO: Record<Exibida, string> = { ...ROTULOS_SITUACAO_AVISO, encerrado: 'Encerrado', agendado: 'Agendado' };

type Periodo = { situacao: SituacaoAviso; data_inicial: string; data_final: string };

/** An active notice out of its period is not shown as "Ativo" (issue 39): ended, or not yet begun. */
export function situacaoExibida(a: Periodo, hoje = todayIso()): Exibida {
  if (a.situacao !== 'ativo') return a.situacao;
  if (a.data_final < hoje) return 'encerrado';
  if (a.data_inicial > hoje) return 'agendado';
  return 'ativo';
}

export const rotuloSituacao = (a: Periodo) => ROTULO[situacaoExibida(a)];

export function SituacaoAvisoBadge({ aviso }: { aviso: Periodo }) {
  const s = situacaoExibida(aviso);
  return (
    // Dark text on the light badge: AA contrast for every colour (axe color-contrast); the word carries the meaning,
    // so a narrow table column widens for it instead of cutting it to 'Encerr…' (max-content).
    <Badge
      color={COR[s]}
      variant="light"
      size="sm"
      miw="max-content"
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
    >
      {ROTULO[s]}
    </Badge>
  );
}

/** 'dd/MM/yyyy a dd/MM/yyyy'. */
export const vigenciaTexto = (inicio: string, fim: string) =>
  `${inicio.split('-').reverse().join('/')} a ${fim.split('-').reverse().join('/')}`;

/** '1 visualização, 3 respostas'. */
export const contagensTexto = (a: { total_visualizacoes: number; total_respostas: number }) =>
  `${plural(a.total_visualizacoes, 'visualização', 'visualizações')}, ${plural(a.total_respostas, 'resposta', 'respostas')}`;

/**
 * Deleting a notice (spec §8): the kit's RemoveButton/RemoveIcon worded 'Deseja excluir esse aviso?' → 'Aviso excluído
 * com sucesso!'. A soft delete (situacao excluido): it leaves the lists and the pop-ups, its confirmations stay.
 */
export const EXCLUSAO_AVISO: RemoveTexts = {
  title: msg.avisoConfirmarExclusao,
  body: 'O aviso deixa de aparecer para os destinatários.',
  confirm: 'Sim, excluir',
  removed: msg.avisoExcluido,
};
