// Pieces shared by the registration screens: situation badge, masked documents, exit reason names.
import { Badge } from '@mantine/core';
import { formatCns, formatCpf } from '@saude/shared';
import { motivoSaidaCadastro } from '@saude/shared/codes';
import type { SituacaoCadastro } from '@saude/shared/schemas/cadastro_individual';

export const MODEL = 'Cadastro individual';

export function SituacaoBadge({ situacao }: { situacao: SituacaoCadastro }) {
  return situacao === 'ativo' ? (
    <Badge color="green" variant="light">
      Ativo
    </Badge>
  ) : (
    <Badge color="gray" variant="filled">
      Saída do cadastro
    </Badge>
  );
}

/** 'CPF 123.456.789-09' / 'CNS 700 …' / '—'. */
export function documentoTexto(cpf: string | null, cns: string | null): string {
  if (cpf) return `CPF ${formatCpf(cpf)}`;
  if (cns) return `CNS ${formatCns(cns)}`;
  return '—';
}

export const motivoSaidaNome = (id: number | null) =>
  motivoSaidaCadastro.find((m) => m.codigo === id)?.descricao ?? '—';

/** An ISO timestamp as 'dd/MM/yyyy HH:mm' in the browser's time. */
export function dataHoraBr(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
