// A category as a chip in its own colour, with its letters ('P · Preferencial 60+').
import { Badge } from '@mantine/core';
import { textoSobre } from '@saude/shared/senha_cores';

export function CategoriaChip({
  nome,
  sigla,
  cor,
  ativo = true,
}: {
  nome: string;
  sigla: string;
  cor: string;
  ativo?: boolean;
}) {
  return (
    <Badge
      variant="filled"
      radius="sm"
      size="lg"
      tt="none"
      style={{ background: cor, color: textoSobre(cor).cor, border: '1px solid rgba(0, 0, 0, 0.15)' }}
    >
      {sigla} · {nome}
      {ativo ? '' : ' (inativa)'}
    </Badge>
  );
}
