// /filas/parametrizacoes (spec §2 and §5, issue 17): the current unit's queues — where each is served, which
// categories feed it, how many tickets wait — and the unit's settings for calling tickets.
import { Alert, Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { TEMPO_CHAMADAS, type Fila } from '@saude/shared/schemas/fila';
import { usePode } from '../../../lib/access';
import { PainelChaveCard } from '../painel/PainelChaveCard';
import { confirmRemove, LoadError, notifyError, notifySaved } from '../../../lib/feedback';
import { FormSection } from '../../../lib/form/FormSection';
import { ApiError } from '../../../lib/http';
import { LinkButton } from '../../../lib/LinkButton';
import { useUsuario } from '../../../lib/session';
import { BASE_PATH, useDeleteFila, useFilas, useFilaUnidade, useSaveFilaUnidade } from './api';
import { CategoriaChip } from './CategoriaChip';

/** A unit has a handful of queues: one page holds them all. */
const TODAS = { page: 1, per_page: 100 };

export function ParametrizacaoPage() {
  useDocumentTitle('Parametrização de filas');
  const usuario = useUsuario();
  const podeCriar = usePode('filas/parametrizacoes:create');
  const podeEditarUnidade = usePode('filas/parametrizacoes:update');
  const filas = useFilas(TODAS);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Title order={1} fz="h2">
            Parametrização de filas
          </Title>
          <Text size="sm" c="dimmed">
            {usuario?.unidade_atual?.nome}
          </Text>
        </Stack>
        {podeCriar && (
          <LinkButton to={`${BASE_PATH}/new`} icon={IconPlus}>
            Nova fila
          </LinkButton>
        )}
      </Group>
      <FormSection title="Filas da unidade" readOnly>
        <LoadError error={filas.error} onRetry={() => void filas.refetch()} />
        {filas.data && filas.data.rows.length === 0 && (
          <Text size="sm" c="dimmed">
            Nenhuma fila cadastrada nesta unidade.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {filas.data?.rows.map((f) => (
            <FilaCard key={f.id} fila={f} />
          ))}
        </SimpleGrid>
      </FormSection>
      {/* The unit's settings for calling tickets, and the waiting room's panel key. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TempoChamadas />
        {podeEditarUnidade && <PainelChaveCard />}
      </SimpleGrid>
    </Stack>
  );
}

function FilaCard({ fila: f }: { fila: Fila }) {
  const podeEditar = usePode('filas/parametrizacoes:update');
  const podeRemover = usePode('filas/parametrizacoes:destroy');
  const remover = useDeleteFila();
  const titulo = `fila-${f.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titulo}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <Title order={2} fz="h4" id={titulo}>
              {f.nome}
            </Title>
            {!f.ativo && (
              <Badge color="gray" variant="light">
                Inativa
              </Badge>
            )}
          </Group>
          <Badge variant="light" color={f.aguardando > 0 ? 'blue' : 'gray'} size="lg" tt="none">
            {f.aguardando === 1 ? '1 aguardando' : `${f.aguardando} aguardando`}
          </Badge>
        </Group>
        <Stack gap={4}>
          <Text size="xs" fw={600} c="dimmed">
            Locais de atendimento
          </Text>
          <Text size="sm">
            {f.locais.map((l, i) => (
              <span key={l.id}>
                {i > 0 && ', '}
                {l.nome}
                {!l.ativo && ' (inativo)'}
              </span>
            ))}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="xs" fw={600} c="dimmed">
            Categorias
          </Text>
          {f.categorias.length === 0 ? (
            <Text size="sm">Nenhuma: recebe só senhas encaminhadas</Text>
          ) : (
            <Group gap={6}>
              {f.categorias.map((c) => (
                <CategoriaChip key={c.id} {...c} />
              ))}
            </Group>
          )}
        </Stack>
        {f.encaminhamentos_pendentes > 0 && (
          <Text size="sm" c="orange.9">
            {f.encaminhamentos_pendentes === 1
              ? '1 senha encaminhada aguardando: a fila não pode ser editada agora.'
              : `${f.encaminhamentos_pendentes} senhas encaminhadas aguardando: a fila não pode ser editada agora.`}
          </Text>
        )}
        {(podeEditar || podeRemover) && (
          <Group gap="sm">
            {podeEditar && (
              <LinkButton
                to={`${BASE_PATH}/${f.id}/edit`}
                variant="default"
                icon={IconPencil}
                aria-label={`Editar fila ${f.nome}`}
              >
                Editar
              </LinkButton>
            )}
            {podeRemover && (
              <Button
                color="red.9"
                variant="outline"
                mih={44}
                leftSection={<IconTrash size={16} aria-hidden />}
                aria-label={`Remover fila ${f.nome}`}
                onClick={() =>
                  confirmRemove({
                    model: `a fila ${f.nome}`,
                    removed: `Fila ${f.nome}`,
                    remove: () => remover.mutateAsync(f.id),
                    onRemoved: () => undefined,
                  })
                }
              >
                Remover
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The unit's seconds between repeated calls of the same ticket or patient (spec §7 tempo_chamadas). */
function TempoChamadas() {
  const unidade = useFilaUnidade();
  const podeEditar = usePode('filas/parametrizacoes:update');
  const save = useSaveFilaUnidade();
  const [valor, setValor] = useState<number | string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const atual = valor ?? unidade.data?.tempo_chamadas ?? '';
  const salvar = async () => {
    if (!unidade.data) return;
    setErro(null);
    try {
      await save.mutateAsync({ tempo_chamadas: atual, lock_version: unidade.data.lock_version });
      setValor(null);
      notifySaved('Parametrização do tempo entre chamadas');
    } catch (e) {
      const campo = e instanceof ApiError ? e.errors.tempo_chamadas?.[0] : undefined;
      if (campo) setErro(campo);
      else notifyError(e, { onReload: () => void unidade.refetch().then(() => setValor(null)) });
    }
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="tempo-chamadas">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="tempo-chamadas">
          Tempo entre chamadas
        </Title>
        <LoadError error={unidade.error} onRetry={() => void unidade.refetch()} />
        <Text size="sm" c="dimmed">
          Intervalo mínimo para chamar de novo a mesma senha ou o mesmo paciente.
        </Text>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void salvar();
          }}
        >
          <Group align="flex-end" gap="sm">
            <NumberInput
              label="Segundos"
              description={`De ${TEMPO_CHAMADAS.min} a ${TEMPO_CHAMADAS.max} segundos`}
              value={atual}
              onChange={(v) => setValor(v)}
              min={TEMPO_CHAMADAS.min}
              max={TEMPO_CHAMADAS.max}
              allowDecimal={false}
              clampBehavior="none"
              error={erro}
              disabled={!podeEditar || !unidade.data}
              w={200}
            />
            {podeEditar && (
              <Button type="submit" mih={44} loading={save.isPending} disabled={!unidade.data}>
                Salvar tempo
              </Button>
            )}
          </Group>
        </form>
        {!podeEditar && (
          <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            Só quem pode editar a parametrização altera este tempo.
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
