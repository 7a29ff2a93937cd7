// How a notice's situation shows: its word on a badge (colour is never the only cue).
import { Badge } from '@mantine/core';
import type { SituacaoAviso } from '@saude/shared/schemas/aviso';

// The schema's ROTULOS_SITUACAO_AVISO and SITUACOES_AVISO, written again here: importing them would bring zod to the
// list (issue 15's budget: a list screen adds at most 60 kB). The type keeps both in step.
export const SITUACOES: readonly SituacaoAviso[] = ['ativo', 'inativo', 'excluido'];
export const ROTULOS_SITUACAO = {
  ativo: 'Ativo',
  inativo: 'Inativo',
  excluido: 'Excluído',
} as const satisfies Record<SituacaoAviso, string>;

const COR: Record<SituacaoAviso, string> = { ativo: 'green', inativo: 'gray', excluido: 'red' };

export function SituacaoAvisoBadge({ situacao }: { situacao: SituacaoAviso }) {
  return (
    // Dark text on the light badge: AA contrast for every colour (axe color-contrast); the word carries the meaning.
    <Badge color={COR[situacao]} variant="light" size="sm" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
      {ROTULOS_SITUACAO[situacao]}
    </Badge>
  );
}

/** 'dd/MM/yyyy a dd/MM/yyyy'. */
export const vigenciaTexto = (inicio: string, fim: string) =>
  `${inicio.split('-').reverse().join('/')} a ${fim.split('-').reverse().join('/')}`;
