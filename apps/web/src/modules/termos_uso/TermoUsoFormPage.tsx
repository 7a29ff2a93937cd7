// /termos_uso/new and /termos_uso/:id/edit (issue 21): a draft's title and rich text, saved, published after a
// confirmation, or deleted; a published version is shown read-only with who accepted it.
import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { msg } from '@saude/shared/messages';
import { LIMITES_TERMO, type TermoUso } from '@saude/shared/schemas/termo_uso';
import { formatDateTime } from '@saude/shared/validation/dates';
import { usePode } from '../../lib/access';
import { Paginacao } from '../../lib/list/Paginacao';
import { confirmar } from '../../lib/feedback/confirmDelete';
import { notifyError, notifyRemoveFailed, notifySuccess } from '../../lib/feedback/notify';
import { ErrorSummary } from '../../lib/form/ErrorSummary';
import { ApiError } from '../../lib/http';
import { RowsTable } from '../../lib/RowsTable';
import {
  BASE_PATH,
  POR_PAGINA,
  useAceites,
  useAlterarTermo,
  useCriarTermo,
  useExcluirTermo,
  usePublicarTermo,
  useTermoUso,
} from './api';
import { EditorTermo } from './EditorTermo';
import { TextoTermo } from './TextoTermo';

export function TermoUsoFormPage() {
  const { id } = useParams();
  const termo = useTermoUso(id);
  useDocumentTitle(id ? 'Versão dos termos de uso' : 'Nova versão dos termos de uso');
  if (id && termo.isPending) return <Text aria-busy="true">Carregando a versão…</Text>;
  if (id && termo.isError) return <Alert color="red.9">Não foi possível carregar a versão.</Alert>;
  if (termo.data?.publicado_em) return <VersaoPublicada termo={termo.data} />;
  return <Rascunho key={termo.data?.lock_version ?? 'novo'} termo={termo.data} />;
}

function Rascunho({ termo }: { termo: TermoUso | undefined }) {
  const navigate = useNavigate();
  const podeSalvar = usePode(termo ? 'termos_uso:update' : 'termos_uso:create');
  const podePublicar = usePode('termos_uso:publicar');
  const podeExcluir = usePode('termos_uso:destroy');
  const [titulo, setTitulo] = useState(termo?.titulo ?? '');
  const [texto, setTexto] = useState(termo?.texto ?? '');
  const [erros, setErros] = useState<Record<string, string[]>>({});
  const criar = useCriarTermo();
  const alterar = useAlterarTermo(termo?.id ?? '');
  const publicar = usePublicarTermo(termo?.id ?? '');
  const excluir = useExcluirTermo();
  const alterado = titulo !== (termo?.titulo ?? '') || texto !== (termo?.texto ?? '');

  // Issue 39: a refusal with fields is said on them and in the summary, not also in a toast; any other failure's toast
  // goes with the next save.
  const [falhaId, setFalhaId] = useState<string | undefined>();
  const falhou = (err: unknown) => {
    if (err instanceof ApiError && Object.keys(err.errors).length > 0) return setErros(err.errors);
    setFalhaId(notifyError(err));
  };
  const salvar = () => {
    setErros({});
    if (falhaId) notifications.hide(falhaId);
    const body = { titulo, texto };
    if (!termo)
      criar.mutate(body, {
        onSuccess: (novo) => {
          notifySuccess(msg.termoSalvo);
          void navigate(`${BASE_PATH}/${novo.id}/edit`, { replace: true });
        },
        onError: falhou,
      });
    else
      alterar.mutate(
        { ...body, lock_version: termo.lock_version },
        {
          onSuccess: () => notifySuccess(msg.termoSalvo),
          onError: falhou,
        },
      );
  };
  const confirmarPublicacao = (t: TermoUso) =>
    confirmar({
      title: 'Publicar versão',
      children: <Text size="sm">{msg.termoConfirmarPublicacao}</Text>,
      labels: { confirm: 'Sim, publicar', cancel: 'Não, voltar' },
      onConfirm: () =>
        publicar.mutate(t.lock_version, {
          onSuccess: () => {
            notifySuccess(msg.termoPublicado);
            // The publisher accepts it too, like everyone: the guard sends them there and back here.
            void navigate(`${BASE_PATH}/${t.id}/edit`, { replace: true });
          },
          onError: falhou,
        }),
    });
  const confirmarExclusao = (t: TermoUso) =>
    confirmar({
      title: 'Excluir rascunho',
      children: <Text size="sm">{msg.termoConfirmarExclusao}</Text>,
      labels: { confirm: 'Sim, excluir', cancel: 'Não, manter' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        excluir.mutate(t.id, {
          onSuccess: () => {
            notifySuccess(msg.termoExcluido);
            void navigate(BASE_PATH, { replace: true });
          },
          onError: (err) => notifyRemoveFailed(err),
        }),
    });

  return (
    <Stack gap="md">
      <Cabecalho termo={termo} />
      <TextInput
        label="Título"
        withAsterisk
        maxLength={LIMITES_TERMO.titulo}
        value={titulo}
        onChange={(e) => setTitulo(e.currentTarget.value)}
        error={erros.titulo?.[0]}
        readOnly={!podeSalvar}
      />
      <EditorTermo value={texto} onChange={setTexto} error={erros.texto?.[0]} />
      <ErrorSummary model="Termo de uso" errors={erros} labels={{ titulo: 'Título', texto: 'Texto' }} />
      <Group justify="space-between" wrap="wrap">
        <Anchor component={Link} to={BASE_PATH} c="saude.9">
          Voltar para as versões
        </Anchor>
        <Group gap="sm">
          {termo && podeExcluir && (
            <Button variant="outline" color="red.9" mih={44} onClick={() => confirmarExclusao(termo)}>
              Excluir rascunho
            </Button>
          )}
          {termo && podePublicar && (
            <Button
              variant="outline"
              color="saude.9"
              mih={44}
              onClick={() => confirmarPublicacao(termo)}
              loading={publicar.isPending}
              // What is published is what is saved: save the changes first.
              disabled={alterado}
              title={alterado ? 'Salve as alterações antes de publicar' : undefined}
            >
              Publicar
            </Button>
          )}
          {podeSalvar && (
            <Button mih={44} onClick={salvar} loading={criar.isPending || alterar.isPending}>
              Salvar
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

function Cabecalho({ termo }: { termo: TermoUso | undefined }) {
  return (
    <div>
      <Title order={1} fz="h2">
        {termo ? `Termos de uso — versão ${termo.versao}` : 'Nova versão dos termos de uso'}
      </Title>
      <Text size="sm" c="dark.5">
        {termo?.publicado_em
          ? `Publicada em ${formatDateTime(termo.publicado_em)}${termo.publicado_por_nome ? ` por ${termo.publicado_por_nome}` : ''}.`
          : 'Rascunho: só é exibido aos usuários depois de publicado.'}
      </Text>
    </div>
  );
}

function VersaoPublicada({ termo }: { termo: TermoUso }) {
  const podeVerAceites = usePode('termos_uso:update');
  const [page, setPage] = useState(1);
  const aceites = useAceites(termo.id, page, podeVerAceites);
  const total = aceites.data?.total ?? 0;
  useEffect(() => setPage(1), [termo.id]);
  return (
    <Stack gap="md">
      <Cabecalho termo={termo} />
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h3" mb="sm">
          {termo.titulo}
        </Title>
        <TextoTermo html={termo.texto} />
      </Paper>
      {podeVerAceites && (
        <Stack gap="sm">
          <Title order={2} fz="h3">
            Aceites ({termo.aceites})
          </Title>
          {aceites.isSuccess && total === 0 && <Text>Ninguém aceitou esta versão ainda.</Text>}
          {total > 0 && (
            <RowsTable
              minWidth={720}
              label="Aceites desta versão"
              striped
              columns={['Profissional', 'Login', 'Aceito em', 'Unidade', 'IP', 'Navegador']}
            >
              {aceites.data?.rows.map((a) => (
                <Table.Tr key={`${a.login}-${a.aceito_em}`}>
                  <Table.Td>{a.profissional_nome}</Table.Td>
                  <Table.Td>{a.login}</Table.Td>
                  <Table.Td>{formatDateTime(a.aceito_em)}</Table.Td>
                  <Table.Td>{a.unidade_nome ?? '—'}</Table.Td>
                  <Table.Td>{a.ip ?? '—'}</Table.Td>
                  <Table.Td style={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{a.user_agent ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </RowsTable>
          )}
          <Paginacao total={total} porPagina={POR_PAGINA} page={page} onChange={setPage} />
        </Stack>
      )}
      <Anchor component={Link} to={BASE_PATH} c="saude.9">
        Voltar para as versões
      </Anchor>
    </Stack>
  );
}
