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

/** White or dark text over a category colour (luminance threshold 128, as spec §3 says for the theme). */
export function corDoTexto(fundo: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fundo);
  if (!m) return '#fff';
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b > 128 ? '#1a1a1a' : '#fff';
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
