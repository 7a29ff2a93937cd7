// Pieces shared by the household screens: the property type's name, the one-line address and the header card.
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { tipoImovel } from '@saude/shared/codes/tipo_imovel';
import { enderecoLinha, type EnderecoPartes } from '@saude/shared/endereco';
import type { CadastroDomiciliar, FamiliaDoDomicilio } from '@saude/shared/schemas/cadastro_domiciliar';
import { maskCep } from '../../../lib/form';
import { descricao } from '../../../lib/format';
import { RecordHeader } from '../../../lib/RecordHeader';
import { BASE_PATH as FAMILIAS_PATH } from '../familias/api';
import { ObitoBadge } from '../../municipes';

export const MODEL = 'Cadastro domiciliar';

export const tipoImovelNome = (id: number | null | undefined) => descricao(tipoImovel, id);

/** A linked family in the home's tables: its head (a link to the family), 'Óbito' and 'Mudou-se' beside. */
export function ResponsavelFamilia({ f, fw }: { f: FamiliaDoDomicilio; fw?: number }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Anchor component={Link} to={`${FAMILIAS_PATH}/${f.id}/edit`} size="sm" fw={fw}>
        {f.responsavel_nome}
      </Anchor>
      {f.responsavel_obito && <ObitoBadge />}
      {f.mudou && (
        <Badge color="orange" variant="light">
          Mudou-se
        </Badge>
      )}
    </Group>
  );
}

/** 'Rua das Flores, 12 - Apto 3 - Centro', as the lists' `endereco` (one shared function). */
export const enderecoTexto = (c: EnderecoPartes): string => enderecoLinha(c);

/** Which home this is (ux.md detail header): address, property type, micro-area, unit and team. */
export function DomicilioCabecalho({ c, children }: { c: CadastroDomiciliar; children?: ReactNode }) {
  const cidade = [c.municipio_nome, c.uf].filter(Boolean).join('/');
  return (
    <RecordHeader
      title={enderecoTexto(c)}
      badges={
        <>
          <Badge variant="light" color="cyan">
            {tipoImovelNome(c.tipo_imovel_id)}
          </Badge>
          {c.termo_recusa && (
            <Badge variant="filled" color="gray">
              Recusou o cadastro
            </Badge>
          )}
        </>
      }
      actions={children}
    >
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
    </RecordHeader>
  );
}
