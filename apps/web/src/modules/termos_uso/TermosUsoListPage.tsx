// /termos_uso (issue 21, spec §2): every version, newest first, with its state and how many accepted it; managers
// write a new version (a draft) and open any to edit, publish or see who accepted.
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '@saude/shared/validation/dates';
import { usePode } from '../../lib/access';
import { Paginacao } from '../../lib/list/Paginacao';
import { RowsTable } from '../../lib/RowsTable';
import { BASE_PATH, POR_PAGINA, useTermosUso } from './api';

export function TermosUsoListPage() {
  useDocumentTitle('Termos de uso');
  const podeCriar = usePode('termos_uso:create');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const lista = useTermosUso(page);
  const total = lista.data?.total ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          Termos de uso
        </Title>
        {podeCriar && (
          <Button component={Link} to={`${BASE_PATH}/new`} leftSection={<IconPlus size={16} aria-hidden />} mih={44}>
            Nova versão
          </Button>
        )}
      </Group>
      {lista.isPending && <Text>Carregando versões…</Text>}
      {lista.isError && <Text c="red.9">Não foi possível carregar as versões.</Text>}
      {lista.isSuccess && total === 0 && <Text>Nenhuma versão cadastrada.</Text>}
      {total > 0 && (
        <RowsTable
          minWidth={560}
          label="Versões dos termos de uso"
          striped
          highlightOnHover
          columns={['Versão', 'Título', 'Situação', { label: 'Aceites', ta: 'right' }]}
        >
          {lista.data?.rows.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>{v.versao}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`${BASE_PATH}/${v.id}/edit`} c="saude.9" fw={600}>
                  {v.titulo}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {v.publicado_em ? (
                  <Text size="sm">Publicada em {formatDateTime(v.publicado_em)}</Text>
                ) : (
                  <Badge color="yellow.9" variant="light" style={{ textTransform: 'none' }}>
                    Rascunho
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">{v.aceites}</Table.Td>
            </Table.Tr>
          ))}
        </RowsTable>
      )}
      <Paginacao
        total={total}
        porPagina={POR_PAGINA}
        page={page}
        onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })}
      />
    </Stack>
  );
}
