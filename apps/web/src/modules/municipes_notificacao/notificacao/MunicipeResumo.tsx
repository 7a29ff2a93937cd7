// Who the notifications are about (ux.md detail header): age, sex, CNS masked, address; the death marked.
import { Group, Text } from '@mantine/core';
import { formatCns } from '@saude/shared';
import { sexo } from '@saude/shared/codes';
import type { NotificacaoMunicipe } from '@saude/shared/schemas/notificacao_compulsoria';
import { dataBr, descricao } from '../../../lib/format';
import { ObitoBadge } from '../../municipes';

export function MunicipeResumo({ municipe: m }: { municipe: NotificacaoMunicipe }) {
  const partes = [
    m.idade,
    m.sexo_id === null ? null : descricao(sexo, m.sexo_id),
    `Nascimento ${dataBr(m.data_nascimento)}`,
    m.codigo_cns ? `CNS ${formatCns(m.codigo_cns)}` : 'Sem CNS',
  ].filter(Boolean);
  return (
    <>
      <Text size="sm">{partes.join(' · ')}</Text>
      <Text size="sm">{m.endereco ?? 'Endereço não informado'}</Text>
      {m.obito && (
        <Group gap="xs">
          <ObitoBadge />
          {m.data_obito && <Text size="sm">Falecido(a) em {dataBr(m.data_obito)}</Text>}
        </Group>
      )}
    </>
  );
}
