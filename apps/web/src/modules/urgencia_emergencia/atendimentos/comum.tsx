// Pieces shared by the care-visit screens (issue 16): names, the status badge. Light on purpose: the list imports it
// and must not pull the form kit.
import { Badge } from '@mantine/core';
import {
  SITUACAO_ATENDIMENTO_NOME,
  tiposChegada,
  type SituacaoAtendimento,
} from '@saude/shared/schemas/atendimento_tabelas';
import { descricao } from '../../../lib/format';
import type { TipoAtendimento } from './api';

export const MODEL = 'Atendimento';

/** A light alert's title in the text colour: yellow or red on their light background fail WCAG contrast (axe). */
export const ALERTA = { title: { color: 'var(--mantine-color-text)' } };

export const TITULOS: Record<TipoAtendimento, { lista: string; novo: string; detalhe: string }> = {
  atendimentos: { lista: 'Recepção', novo: 'Registrar chegada', detalhe: 'Atendimento' },
  atendimentos_retroativos: {
    lista: 'Atendimentos retroativos',
    novo: 'Registrar atendimento retroativo',
    detalhe: 'Atendimento retroativo',
  },
};

export const tipoChegadaNome = (id: number | null | undefined) => descricao(tiposChegada, id);

/** "chamado" or "chamada" when the patient's sex is known (e-SUS 0 masculino, 1 feminino), else "chamado(a)". */
export const chamadoPara = (sexoId: number | null | undefined) =>
  sexoId === 0 ? 'chamado' : sexoId === 1 ? 'chamada' : 'chamado(a)';

const CORES: Record<SituacaoAtendimento, string> = {
  aguardando: 'yellow',
  chamado: 'blue',
  em_atendimento: 'violet',
  concluido: 'green',
  cancelado: 'gray',
};

export function SituacaoBadge({ situacao }: { situacao: SituacaoAtendimento }) {
  return (
    // Dark text on the light badge: AA contrast for every colour (axe color-contrast).
    <Badge color={CORES[situacao]} variant="light" size="sm" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
      {SITUACAO_ATENDIMENTO_NOME[situacao]}
    </Badge>
  );
}
