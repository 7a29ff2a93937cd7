// Correction requests on the citizen's record (issue 46, LGPD art. 18 III): the open ones show to whoever edits the
// citizen, who closes each as corrected or refuses it with the reason the citizen will be told; the data-protection
// officer (and the manager) records new ones. The closed ones stay listed below, for the history.
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFilePencil } from '@tabler/icons-react';
import { useState } from 'react';
import {
  CAMPOS_CORRECAO,
  campoCorrecaoTexto,
  correcaoCreateSchema,
  correcaoFecharSchema,
  SITUACOES_CORRECAO,
  type Correcao,
} from '@saude/shared/schemas/municipe_lgpd';
import { usePode } from '../../../lib/access';
import { notifyError, notifySuccess } from '../../../lib/feedback';
import { ApiError } from '../../../lib/http';
import { SelectField, setServerErrors, TextareaField, useZodForm } from '../../../lib/form';
import { dataHoraBr } from '../../../lib/format';
import { useCorrecoes, useCriarCorrecao, useFecharCorrecao } from './api';

const OPCOES_CAMPO = Object.entries(CAMPOS_CORRECAO).map(([value, label]) => ({ value, label }));

export function CorrecoesPainel({ municipeId }: { municipeId: string }) {
  const podeVer = usePode('municipes/correcoes:index');
  const podeCriar = usePode('municipes/correcoes:create');
  const podeFechar = usePode('municipes/correcoes:update');
  const lista = useCorrecoes(municipeId, podeVer);
  const [novo, setNovo] = useState(false);
  const [recusando, setRecusando] = useState<Correcao | null>(null);
  const fechar = useFecharCorrecao(municipeId);
  if (!podeVer) return null;
  const todas = lista.data ?? [];
  const abertas = todas.filter((c) => c.situacao === 'aberta');
  const encerradas = todas.filter((c) => c.situacao !== 'aberta');
  if (todas.length === 0 && !podeCriar) return null;

  const corrigida = async (c: Correcao) => {
    try {
      await fechar.mutateAsync({ id: c.id, situacao: 'corrigida', lock_version: c.lock_version });
      notifySuccess('Pedido de correção marcado como corrigido.');
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="correcoes-titulo">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs">
          <IconFilePencil size={20} aria-hidden />
          <Title order={2} fz="h4" id="correcoes-titulo">
            Pedidos de correção
          </Title>
          {abertas.length > 0 && (
            <Badge color="yellow" variant="filled" c="dark">
              {abertas.length} em aberto
            </Badge>
          )}
        </Group>
        {podeCriar && (
          <Button variant="light" mih={44} onClick={() => setNovo(true)}>
            Registrar pedido de correção
          </Button>
        )}
      </Group>
      <Stack gap="sm" mt="sm">
        {todas.length === 0 && (
          <Text size="sm" c="dimmed">
            Nenhum pedido de correção.
          </Text>
        )}
        {abertas.map((c) => (
          // The field as the first line, not the Alert's title: the yellow title fails the contrast ratio.
          <Alert key={c.id} color="yellow" variant="light">
            <Stack gap={6}>
              <Text size="sm" fw={700}>
                {campoCorrecaoTexto(c.campo)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.descricao}
              </Text>
              <Text size="xs" c="dimmed">
                Pedido em {dataHoraBr(c.solicitada_em)}
                {c.solicitada_por_nome ? ` por ${c.solicitada_por_nome}` : ''}
              </Text>
              {podeFechar && (
                <Group gap="sm">
                  <Button size="sm" mih={44} loading={fechar.isPending} onClick={() => void corrigida(c)}>
                    Marcar como corrigido
                  </Button>
                  <Button size="sm" mih={44} variant="default" onClick={() => setRecusando(c)}>
                    Recusar…
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        ))}
        {encerradas.length > 0 && (
          <details>
            <summary style={{ cursor: 'pointer', minHeight: 44, display: 'flex', alignItems: 'center' }}>
              <Text span size="sm">
                Pedidos encerrados ({encerradas.length})
              </Text>
            </summary>
            <Stack gap="xs" mt="xs">
              {encerradas.map((c) => (
                <Text key={c.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    {campoCorrecaoTexto(c.campo)}
                  </Text>
                  : {c.descricao} — {SITUACOES_CORRECAO.rotulos[c.situacao]}
                  {c.fechada_em ? ` em ${dataHoraBr(c.fechada_em)}` : ''}
                  {c.fechada_por_nome ? ` por ${c.fechada_por_nome}` : ''}
                  {c.motivo_recusa ? `. Motivo: ${c.motivo_recusa}` : ''}
                </Text>
              ))}
            </Stack>
          </details>
        )}
      </Stack>
      <Modal opened={novo} onClose={() => setNovo(false)} title="Registrar pedido de correção" centered size="lg">
        {novo && <NovoPedido municipeId={municipeId} onClose={() => setNovo(false)} />}
      </Modal>
      <Modal
        opened={recusando !== null}
        onClose={() => setRecusando(null)}
        title="Recusar pedido de correção"
        centered
        size="lg"
      >
        {recusando && <Recusa municipeId={municipeId} correcao={recusando} onClose={() => setRecusando(null)} />}
      </Modal>
    </Paper>
  );
}

function NovoPedido({ municipeId, onClose }: { municipeId: string; onClose: () => void }) {
  const criar = useCriarCorrecao(municipeId);
  const form = useZodForm(correcaoCreateSchema, { campo: '', descricao: '' });
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await criar.mutateAsync(v);
      notifySuccess('Pedido de correção registrado.');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validacao' && setServerErrors(form, err.errors) > 0) return;
      notifyError(err);
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Registrar pedido de correção">
      <Stack gap="md">
        <Text size="sm">
          O pedido fica no cadastro do munícipe até ser corrigido ou recusado, e aparece na cópia dos dados.
        </Text>
        <SelectField
          control={form.control}
          name="campo"
          label="Dado a corrigir"
          required
          searchable
          data={OPCOES_CAMPO}
        />
        <TextareaField
          control={form.control}
          name="descricao"
          label="Correção pedida"
          required
          description="O valor correto ou o que está errado, nas palavras do munícipe. Até 1000 caracteres."
          inputProps={{ maxLength: 1000, autosize: true, minRows: 3 }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" mih={44} loading={criar.isPending}>
            Registrar pedido
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Recusa({ municipeId, correcao, onClose }: { municipeId: string; correcao: Correcao; onClose: () => void }) {
  const fechar = useFecharCorrecao(municipeId);
  // The shared closing rule: a refusal without its reason is refused here as by the API.
  const form = useZodForm(correcaoFecharSchema, {
    situacao: 'recusada',
    motivo_recusa: '',
    lock_version: correcao.lock_version,
  });
  const onSubmit = form.handleSubmit(async ({ motivo_recusa, lock_version }) => {
    try {
      await fechar.mutateAsync({ id: correcao.id, situacao: 'recusada', motivo_recusa, lock_version });
      notifySuccess('Pedido de correção recusado.');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validacao' && setServerErrors(form, err.errors) > 0) return;
      notifyError(err);
      onClose();
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Recusar pedido de correção">
      <Stack gap="md">
        <Text size="sm">
          {campoCorrecaoTexto(correcao.campo)}: {correcao.descricao}
        </Text>
        <TextareaField
          control={form.control}
          name="motivo_recusa"
          label="Motivo da recusa"
          required
          description="O motivo é comunicado ao munícipe e aparece na cópia dos dados."
          inputProps={{ maxLength: 1000, autosize: true, minRows: 3, ...({ 'data-autofocus': true } as object) }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" color="red" mih={44} loading={fechar.isPending}>
            Recusar pedido
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
