// The "Lembretes" card of the home page (issue 21, spec §3 "Reminder"): the user's own short notes. Type and press
// Enter to add (an optional date dd/MM/yyyy beside it), tick to mark done or undone, delete after confirming. Loaded
// as its own chunk after the home page paints: the shell's first load stays within its budget.
import { ActionIcon, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LEMBRETE_MAX, type Lembrete, type LembreteInput, type LembreteUpdate } from '@saude/shared/schemas/lembrete';
import { msg } from '@saude/shared/messages';
import { brToIso, isoToBr } from '@saude/shared/validation/dates';
import { confirmar } from '../../lib/feedback/confirmDelete';
import { notifyError, notifyRemoveFailed, notifySuccess } from '../../lib/feedback/notify';
import { ApiError, http } from '../../lib/http';

const API = '/api/v1/lembretes';
export const lembretesKey = ['lembretes'];

export default function LembretesCard() {
  const qc = useQueryClient();
  const lista = useQuery({
    queryKey: lembretesKey,
    queryFn: ({ signal }) => http.get<Lembrete[]>(API, undefined, signal),
  });
  const [descricao, setDescricao] = useState('');
  const [data, setData] = useState('');
  const [erros, setErros] = useState<Record<string, string[]>>({});
  const refrescar = () => qc.invalidateQueries({ queryKey: lembretesKey });
  const criar = useMutation({
    mutationFn: (body: LembreteInput) => http.post<Lembrete>(API, body),
    onSuccess: () => {
      setDescricao('');
      setData('');
      setErros({});
      void refrescar();
    },
    onError: (err) => (err instanceof ApiError && err.status === 422 ? setErros(err.errors) : notifyError(err)),
  });
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const errosLocais: Record<string, string[]> = {};
    if (descricao.trim() === '') errosLocais.descricao = [msg.obrigatorio];
    const iso = data.trim() === '' ? undefined : brToIso(data.trim());
    if (iso === null) errosLocais.data = [msg.dateFormat];
    setErros(errosLocais);
    if (Object.keys(errosLocais).length === 0) criar.mutate({ descricao, data: iso });
  };
  const itens = lista.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="lembretes-titulo">
      <Title order={2} fz="h4" id="lembretes-titulo" mb="sm">
        Lembretes
      </Title>
      <form onSubmit={enviar} aria-label="Adicionar lembrete">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Novo lembrete"
            placeholder="Digite e tecle Enter"
            value={descricao}
            onChange={(e) => setDescricao(e.currentTarget.value)}
            maxLength={LEMBRETE_MAX}
            error={erros.descricao?.[0]}
            style={{ flex: '1 1 260px' }}
          />
          <TextInput
            label="Data (opcional)"
            placeholder="dd/mm/aaaa"
            value={data}
            onChange={(e) => setData(e.currentTarget.value)}
            error={erros.data?.[0]}
            maxLength={10}
            inputMode="numeric"
            w={150}
          />
          <Button
            type="submit"
            mt={25}
            mih={36}
            loading={criar.isPending}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Adicionar
          </Button>
        </Group>
      </form>
      {lista.isPending && <Text mt="sm">Carregando lembretes…</Text>}
      {lista.isError && (
        <Text mt="sm" c="red.9">
          Não foi possível carregar os lembretes.
        </Text>
      )}
      {lista.isSuccess && itens.length === 0 && (
        <Text mt="sm" c="dark.5">
          Nenhum lembrete. Anote aqui o que não pode esquecer.
        </Text>
      )}
      <Stack gap={4} mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Lembretes">
        {itens.map((l) => (
          <Item key={l.id} l={l} onMudou={refrescar} />
        ))}
      </Stack>
    </Card>
  );
}

function Item({ l, onMudou }: { l: Lembrete; onMudou: () => Promise<unknown> }) {
  const atualizar = useMutation({
    mutationFn: (body: LembreteUpdate) => http.put<Lembrete>(`${API}/${l.id}`, body),
    onSuccess: () => void onMudou(),
    onError: (err) => notifyError(err, { onReload: () => void onMudou() }),
  });
  const excluir = useMutation({
    mutationFn: () => http.delete<void>(`${API}/${l.id}`),
    onSuccess: () => {
      notifySuccess('Lembrete excluído.');
      void onMudou();
    },
    onError: (err) => notifyRemoveFailed(err),
  });
  const feito = l.concluido_em !== null;
  const perguntar = () =>
    confirmar({
      title: 'Deseja excluir este lembrete?',
      children: <Text size="sm">{l.descricao}</Text>,
      labels: { confirm: 'Sim, excluir', cancel: 'Não, manter' },
      confirmProps: { color: 'red.9' },
      onConfirm: () => excluir.mutate(),
    });
  return (
    <Group component="li" gap="sm" wrap="nowrap" justify="space-between" py={4}>
      <Checkbox
        checked={feito}
        disabled={atualizar.isPending}
        onChange={(e) => atualizar.mutate({ concluido: e.currentTarget.checked, lock_version: l.lock_version })}
        label={
          <span style={{ textDecoration: feito ? 'line-through' : undefined }}>
            {l.descricao}
            {l.data && (
              <Text span size="sm" c="dark.5">
                {' '}
                · {isoToBr(l.data)}
              </Text>
            )}
          </span>
        }
        styles={{ body: { alignItems: 'center' } }}
      />
      <ActionIcon
        variant="subtle"
        color="red.9"
        size={44}
        onClick={perguntar}
        loading={excluir.isPending}
        aria-label={`Excluir lembrete ${l.descricao}`}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
