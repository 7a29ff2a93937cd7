// How a notice's situation shows: its word on a badge (colour is never the only cue).
import { Badge } from '@mantine/core';
import { ROTULOS_SITUACAO_AVISO, type SituacaoAviso } from '@saude/shared/aviso_constantes';

const COR: Record<SituacaoAviso, string> = { ativo: 'green', inativo: 'gray', excluido: 'red' };

export function SituacaoAvisoBadge({ situacao }: { situacao: SituacaoAviso }) {
  return (
    // Dark text on the light badge: AA contrast for every colour (axe color-contrast); the word carries the meaning.
    <Badge color={COR[situacao]} variant="light" size="sm" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
      {ROTULOS_SITUACAO_AVISO[situacao]}
    </Badge>
  );
}

/** 'dd/MM/yyyy a dd/MM/yyyy'. */
export const vigenciaTexto = (inicio: string, fim: string) =>
  `${inicio.split('-').reverse().join('/')} a ${fim.split('-').reverse().join('/')}`;
