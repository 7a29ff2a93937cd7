// /filas/categorias/{id} (spec §2, issue 17): a category read-only — its ticket as the panel shows it, its priority,
// the queues it feeds and how many tickets it has had; edit and remove for who may.
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import type { Categoria } from '@saude/shared/schemas/categoria';
import { usePode } from '../../../lib/access';
import { BackButton, DetailItem, DetailSection } from '../../../lib/detail';
import { RemoveButton } from '../../../lib/feedback';
import { PageHeading } from '../../../lib/PageHeading';
import { LinkButton } from '../../../lib/LinkButton';
import { recordPage } from '../../../lib/recordPage';
import { BASE_PATH, useCategoria, useDeleteCategoria } from './api';
import { ContrasteSenha, SenhaExemplo } from './SenhaExemplo';

export const CategoriaDetalhesPage = recordPage(
  { load: useCategoria, backTo: BASE_PATH, label: 'Carregando categoria' },
  CategoriaDetalhes,
);

function CategoriaDetalhes({ atual: c }: { atual: Categoria }) {
  useDocumentTitle(`Categoria ${c.nome}`);
  const podeEditar = usePode('filas/categorias:update');
  const podeRemover = usePode('filas/categorias:destroy');
  const remover = useDeleteCategoria();
  const emUso = c.filas.length > 0 || c.senhas > 0;
  return (
    <Stack gap="md">
      <PageHeading
        title={c.nome}
        badges={
          !c.ativo && (
            <Badge color="gray" variant="light">
              Inativa
            </Badge>
          )
        }
        actions={
          podeEditar && (
            <LinkButton to={`${BASE_PATH}/${c.id}/edit`} icon={IconPencil}>
              Editar categoria
            </LinkButton>
          )
        }
      />
      <DetailSection title="Categoria">
        <DetailItem label="Senha no painel">
          <SenhaExemplo sigla={c.sigla} cor={c.cor} size="lg" />
        </DetailItem>
        <DetailItem label="Sigla">{c.sigla}</DetailItem>
        <DetailItem label="Prioridade">{c.prioridade === 1 ? '1 (chamada primeiro)' : String(c.prioridade)}</DetailItem>
        <DetailItem label="Cor">
          {c.cor}
          <ContrasteSenha cor={c.cor} />
        </DetailItem>
        <DetailItem label="Descrição">{c.descricao ?? 'Não informada'}</DetailItem>
        <DetailItem label="Senhas emitidas">{c.senhas.toLocaleString('pt-BR')}</DetailItem>
      </DetailSection>
      <DetailSection title="Filas que recebem esta categoria">
        {c.filas.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma fila recebe esta categoria.
          </Text>
        ) : (
          <List size="sm">
            {c.filas.map((f) => (
              <List.Item key={f.id}>
                {f.nome} — {f.unidade_saude_nome}
              </List.Item>
            ))}
          </List>
        )}
      </DetailSection>
      <Group justify="space-between">
        <BackButton to={BASE_PATH}>Voltar para a lista</BackButton>
        {podeRemover && (
          <Stack gap={4} align="flex-end">
            <RemoveButton model="categoria" remove={() => remover.mutateAsync(c.id)} goTo={BASE_PATH}>
              Remover categoria
            </RemoveButton>
            {emUso && (
              <Text size="xs" c="dimmed" maw={360} ta="right">
                Em uso por uma fila ou com senhas emitidas: não pode ser removida. Desative-a em "Editar categoria".
              </Text>
            )}
          </Stack>
        )}
      </Group>
    </Stack>
  );
}
