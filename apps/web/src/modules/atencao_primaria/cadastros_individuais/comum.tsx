// Pieces shared by the registration screens: situation badge, masked documents, exit reason names, the person header.
import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCns, formatCpf } from '@saude/shared';
import { motivoSaidaCadastro } from '@saude/shared/codes/motivo_saida_cadastro';
import type { CadastroIndividual, SituacaoCadastro } from '@saude/shared/schemas/cadastro_individual';
import { isoToBr } from '../../../lib/form';
import { descricao, idadeTexto } from '../../../lib/format';
import { RecordHeader } from '../../../lib/RecordHeader';

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

export const motivoSaidaNome = (id: number | null) => descricao(motivoSaidaCadastro, id);

/** Name, birth, age and documents of the person, on top of every registration screen. */
export function PessoaCabecalho({ c, children }: { c: CadastroIndividual; children?: ReactNode }) {
  const m = c.municipe;
  return (
    <RecordHeader title={m.nome} badges={<SituacaoBadge situacao={c.situacao} />} actions={children}>
      {m.nome_social && (
        <Text size="sm" c="dimmed">
          Nome social: {m.nome_social}
        </Text>
      )}
      <Text size="sm">
        {isoToBr(m.data_nascimento)} · {idadeTexto(m.data_nascimento, c.data_obito)}
        {m.cpf_numero && ` · CPF ${formatCpf(m.cpf_numero)}`}
        {m.codigo_cns && ` · CNS ${formatCns(m.codigo_cns)}`}
      </Text>
      {m.nome_mae && (
        <Text size="sm" c="dimmed">
          Mãe: {m.nome_mae}
        </Text>
      )}
    </RecordHeader>
  );
}
