// /municipes/unificacoes/comparar?a=&b= (issue 45): two records of one person side by side, a choice per field (the
// default: the filled one, or the more recently saved), which record stays, what each holds that moves, and the
// conflicts that refuse the merge — shown before, never resolved silently. Merging asks for confirmation first.
import { Alert, Button, Group, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { unificacaoMsg } from '@saude/shared/schemas/municipe_unificacao';
import type { CampoUnificavel, Comparacao } from '@saude/shared/schemas/municipe_unificacao';
import { isoToBr } from '@saude/shared/validation/dates';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../../lib/PageHeading';
import { confirmar, ErrorPage, LoadError, notifyError, notifySuccess } from '../../../lib/feedback';
import { ApiError } from '../../../lib/http';
import { useComparacao, useUnificar } from './api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const texto = (v: Comparacao['campos'][number]['a']) => {
  if (v === null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return isoToBr(v) ?? v;
  return String(v);
};

export function UnificarPage() {
  const [params] = useSearchParams();
  const a = params.get('a') ?? '';
  const b = params.get('b') ?? '';
  if (!UUID.test(a) || !UUID.test(b)) return <ErrorPage status={404} />;
  return <Unificar a={a} b={b} />;
}

function Unificar({ a, b }: { a: string; b: string }) {
  const query = useComparacao(a, b);
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Text>Carregando…</Text>;
  return <Formulario c={query.data} />;
}

function Formulario({ c }: { c: Comparacao }) {
  const navigate = useNavigate();
  const unificar = useUnificar();
  const [sobrevivente, setSobrevivente] = useState<'a' | 'b'>('a');
  const [escolhas, setEscolhas] = useState<Record<string, 'a' | 'b'>>(
    Object.fromEntries(c.campos.map((f) => [f.campo, f.padrao])),
  );
  const [erro, setErro] = useState<string[]>([]);
  const diferentes = c.campos.filter((f) => texto(f.a) !== texto(f.b));
  const iguais = c.campos.length - diferentes.length;
  const nome = (l: 'a' | 'b') => c[l].nome;
  const absorvido = sobrevivente === 'a' ? 'b' : 'a';
  const bloqueado = c.conflitos.length > 0;

  const enviar = () =>
    unificar.mutate(
      {
        municipe_a_id: c.a.id,
        municipe_b_id: c.b.id,
        sobrevivente,
        escolhas: escolhas as Partial<Record<CampoUnificavel, 'a' | 'b'>>,
        lock_version_a: c.a.lock_version,
        lock_version_b: c.b.lock_version,
      },
      {
        onSuccess: (u) => {
          notifySuccess(unificacaoMsg.unificacaoFeita);
          void navigate(`/municipes/${u.sobrevivente_id}/edit`);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 422) setErro(e.errors.base ?? [e.message]);
          else notifyError(e);
        },
      },
    );

  const pedirConfirmacao = () =>
    confirmar({
      title: 'Unificar cadastros?',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {nome(absorvido)} será unificado em {nome(sobrevivente)}. Todos os registros dele (cadastros, famílias,
            visitas, atendimentos, notificações) passam para {nome(sobrevivente)}.
          </Text>
          <Text size="sm">
            A unificação pode ser desfeita depois, na aba Unificações, dentro do prazo do município.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Sim, unificar', cancel: 'Não, voltar' },
      onConfirm: enviar,
    });

  return (
    <Stack gap="md">
      <PageHeading title="Unificar cadastros" />
      {[...c.conflitos, ...erro.filter((e) => !c.conflitos.includes(e))].length > 0 && (
        <Alert color="red" title="Não é possível unificar" role="alert">
          <Stack gap={4}>
            {[...new Set([...c.conflitos, ...erro])].map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Radio.Group
        label="Qual cadastro fica"
        description="O outro passa a apontar para ele e some das listas e buscas."
        value={sobrevivente}
        onChange={(v) => setSobrevivente(v as 'a' | 'b')}
      >
        <Group mt="xs" gap="lg" wrap="wrap">
          <Radio value="a" label={`${c.a.nome} (A)`} />
          <Radio value="b" label={`${c.b.nome} (B)`} />
        </Group>
      </Radio.Group>
      <Group gap="lg" align="flex-start" wrap="wrap">
        {(['a', 'b'] as const).map((l) => (
          <Stack key={l} gap={2}>
            <Text fw={600} size="sm">
              Registros de {c[l].nome} ({l.toUpperCase()})
            </Text>
            {Object.entries(c.vinculos[l]).length === 0 ? (
              <Text size="sm">Nenhum</Text>
            ) : (
              Object.entries(c.vinculos[l]).map(([t, n]) => (
                <Text key={t} size="sm">
                  {t}: {n}
                </Text>
              ))
            )}
          </Stack>
        ))}
      </Group>
      <Title order={2} fz="h4">
        Campos diferentes ({diferentes.length})
      </Title>
      <Text size="sm" c="dimmed">
        Escolha o valor que fica em cada campo. {iguais} campo(s) iguais nos dois cadastros não aparecem.
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Campo</Table.Th>
              <Table.Th scope="col">A: {c.a.nome}</Table.Th>
              <Table.Th scope="col">B: {c.b.nome}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {diferentes.map((f) => (
              <Table.Tr key={f.campo}>
                <Table.Th scope="row" fw={500}>
                  {f.rotulo}
                </Table.Th>
                {(['a', 'b'] as const).map((l) => (
                  <Table.Td key={l}>
                    <Radio
                      name={f.campo}
                      value={l}
                      checked={escolhas[f.campo] === l}
                      onChange={() => setEscolhas((e) => ({ ...e, [f.campo]: l }))}
                      label={texto(f[l])}
                      aria-label={`${f.rotulo}: ${texto(f[l])} (${l.toUpperCase()})`}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="sm">
        <Button mih={44} disabled={bloqueado} loading={unificar.isPending} onClick={pedirConfirmacao}>
          Unificar
        </Button>
        <Button mih={44} variant="default" onClick={() => void navigate('/municipes/unificacoes')}>
          Voltar
        </Button>
      </Group>
    </Stack>
  );
}
