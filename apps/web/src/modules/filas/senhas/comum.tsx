// What the door and the desk screens share: the ticket's status badge, its code in its category's colour, and the
// countdown before a ticket may be called again (lib/contagem.ts).
import { Badge, Text } from '@mantine/core';
import { situacaoSenhaLabel, type SenhaListItem, type SituacaoSenha } from '@saude/shared/schemas/senha';

const COR_SITUACAO: Record<SituacaoSenha, string> = {
  aguardando: 'gray',
  chamada: 'blue',
  em_atendimento: 'teal',
  concluida: 'green',
  ausente: 'orange',
};

export const SituacaoSenhaBadge = ({ situacao }: { situacao: SituacaoSenha }) => (
  <Badge color={COR_SITUACAO[situacao]} variant="light" radius="sm">
    {situacaoSenhaLabel[situacao]}
  </Badge>
);

const ESCURO = '#1a1a1a';
/** WCAG relative luminance of '#RRGGBB'. */
function luminancia(cor: string): number | null {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(cor);
  if (!m) return null;
  const [r, g, b] = m.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or dark text over a category colour: whichever contrasts more (WCAG), so any colour chosen stays legible. */
export function corDoTexto(fundo: string): string {
  const l = luminancia(fundo);
  if (l === null) return '#fff';
  const comBranco = 1.05 / (l + 0.05);
  const comEscuro = (l + 0.05) / (luminancia(ESCURO)! + 0.05);
  return comBranco >= comEscuro ? '#fff' : ESCURO;
}

/** A ticket's code on its category's colour. */
export const CodigoSenha = ({ senha }: { senha: Pick<SenhaListItem, 'codigo' | 'categoria'> }) => (
  <Text
    span
    fw={700}
    px={8}
    py={2}
    style={{ borderRadius: 4, background: senha.categoria.cor, color: corDoTexto(senha.categoria.cor) }}
  >
    {senha.codigo}
  </Text>
);

/** One action per press (issue 39): moved to lib, where the units' parameters screen uses it too. */
export { useUmaAcaoPorVez } from '../../../lib/umaAcaoPorVez';
