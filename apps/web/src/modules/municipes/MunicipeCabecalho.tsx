import { Anchor, Badge, Card, Group, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { formatCns, formatCpf } from '@saude/shared';
import type { Municipe } from '@saude/shared/schemas/municipe';
import { isoToBr } from '../../lib/form';
import { usePode } from '../../lib/access';
import { idadeTexto } from '../../lib/format';
import { CopiaDados } from './lgpd/CopiaDados';

/** Who this is (ux.md detail header): name, age, CPF/CNS, reference unit. */
export function MunicipeCabecalho({ municipe: m }: { municipe: Municipe }) {
  // The LGPD data-subject request starts here: who read or changed this citizen's data (the manager and the
  // data-protection officer, issue 46), on the record's own "Quem acessou" tab.
  const podeVerAcessos = usePode('municipes/lgpd:show');
  const itens: Array<[string, ReactNode]> = [
    ['Nascimento', `${isoToBr(m.data_nascimento)} (${idadeTexto(m.data_nascimento, m.data_obito)})`],
    ['CPF', m.cpf_numero ? formatCpf(m.cpf_numero) : 'Não informado'],
    ['CNS', m.codigo_cns ? formatCns(m.codigo_cns) : 'Não informado'],
    ['Unidade de referência', m.unidade_referencia_nome ?? 'Não informada'],
  ];
  return (
    <Card withBorder radius="md" padding="md">
      <Group gap="sm" align="center">
        <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
          {m.nome}
        </Title>
        {m.data_obito && (
          <Badge color="dark" variant="filled">
            Falecido(a)
          </Badge>
        )}
      </Group>
      {m.nome_social && <Text c="dimmed">Nome social: {m.nome_social}</Text>}
      <Group gap="lg" mt="xs" wrap="wrap">
        {itens.map(([rotulo, valor]) => (
          <Text key={rotulo} size="sm">
            <Text span c="dimmed">
              {rotulo}:{' '}
            </Text>
            <Text span fw={500}>
              {valor}
            </Text>
          </Text>
        ))}
      </Group>
      <Group gap="md" mt="xs" wrap="wrap" justify="space-between">
        {podeVerAcessos && (
          <Anchor component={Link} to={`/municipes/${m.id}/edit/quem_acessou`} size="sm" display="inline-flex">
            <IconHistory size={16} aria-hidden style={{ marginRight: 4 }} />
            Quem acessou este cadastro
          </Anchor>
        )}
        <CopiaDados municipeId={m.id} />
      </Group>
    </Card>
  );
}
