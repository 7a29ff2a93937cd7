// Pieces shared by the household screens: the property type's name, the one-line address and the header card.
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { tipoImovel } from '@saude/shared/codes/tipo_imovel';
import { enderecoLinha, type EnderecoPartes } from '@saude/shared/endereco';
import type { CadastroDomiciliar } from '@saude/shared/schemas/cadastro_domiciliar';
import { maskCep } from '../../../lib/form';
import { descricao } from '../../../lib/format';

export const MODEL = 'Cadastro domiciliar';

export const tipoImovelNome = (id: number | null | undefined) => descricao(tipoImovel, id);

/** 'Rua das Flores, 12 - Apto 3 - Centro', as the lists' `endereco` (one shared function). */
export const enderecoTexto = (c: EnderecoPartes): string => enderecoLinha(c);

/** Which home this is (ux.md detail header): address, property type, micro-area, unit and team. */
export function DomicilioCabecalho({ c, children }: { c: CadastroDomiciliar; children?: ReactNode }) {
  const cidade = [c.municipio_nome, c.uf].filter(Boolean).join('/');
  return (
    <Card withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              {enderecoTexto(c)}
            </Title>
            <Badge variant="light" color="cyan">
              {tipoImovelNome(c.tipo_imovel_id)}
            </Badge>
            {c.termo_recusa && (
              <Badge variant="filled" color="gray">
                Recusou o cadastro
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {[
              c.cep ? `CEP ${maskCep(c.cep)}` : undefined,
              cidade || undefined,
              c.fora_area ? 'Fora de área' : c.st_micro_area ? `Micro-área ${c.st_micro_area}` : undefined,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Text size="sm" c="dimmed">
            {[c.unidade_saude_nome, c.equipe_nome].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        {children}
      </Group>
    </Card>
  );
}
