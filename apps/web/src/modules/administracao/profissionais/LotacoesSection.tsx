// The professional's assignments (issue 22), on their edit page: each unit × occupation × team × profile with its
// period; add, edit (a dialog), end (a confirmation: the end is today and the access to that unit stops at once).
import { Badge, Button, Card, Group, Modal, MultiSelect, Stack, Table, Text, Title } from '@mantine/core';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { Lotacao, LotacaoOpcoes } from '@saude/shared/schemas/administracao_profissionais';
import { usePode } from '../../../lib/access';
import { notifyError, notifySuccess } from '../../../lib/feedback';
import {
  CodeSearchField,
  DateField,
  SelectField,
  setServerErrors,
  useZodForm,
  opcoesNomeadas,
} from '../../../lib/form';
import { dataBr } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { RowsTable } from '../../../lib/RowsTable';
import { useEncerrarLotacao, useLotacaoOpcoes, useSaveLotacao } from './api';
import {
  lotacaoFormSchema,
  lotacaoParaApi,
  lotacaoParaForm,
  novaLotacao,
  ROTULOS_LOTACAO as R,
  type LotacaoFormValues,
} from './formValues';

const periodo = (l: Lotacao) =>
  l.inicio
    ? `${dataBr(l.inicio)}${l.fim ? ` a ${dataBr(l.fim)}` : ' em diante'}`
    : l.fim
      ? `até ${dataBr(l.fim)}`
      : '—';

export function LotacoesSection({
  profissionalId,
  lotacoes,
  recarregar,
}: {
  profissionalId: string;
  lotacoes: Lotacao[];
  recarregar: () => void;
}) {
  const podeCriar = usePode('administracao/lotacoes:create');
  const podeEditar = usePode('administracao/lotacoes:update');
  const podeEncerrar = usePode('administracao/lotacoes:destroy');
  const encerrar = useEncerrarLotacao(profissionalId);
  // undefined: closed; null: a new assignment; else the one edited.
  const [editando, setEditando] = useState<Lotacao | null | undefined>(undefined);

  const confirmarEncerrar = (l: Lotacao) =>
    modals.openConfirmModal({
      title: 'Encerrar lotação',
      children: <Text size="sm">{adminMsg.lotacaoConfirmarEncerrar(l.unidade_nome)}</Text>,
      labels: { confirm: 'Sim, encerrar', cancel: 'Não, manter' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        encerrar.mutateAsync(l.id).then(
          () => notifySuccess(adminMsg.lotacaoEncerradaOk),
          (err: unknown) => notifyError(err, { onReload: recarregar }),
        );
      },
    });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="titulo-lotacoes">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4" id="titulo-lotacoes">
            Lotações
          </Title>
          {podeCriar && (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditando(null)}>
              Adicionar lotação
            </Button>
          )}
        </Group>
        {lotacoes.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma lotação. Sem uma lotação ativa o profissional entra, mas não tem acesso a nenhuma unidade.
          </Text>
        ) : (
          <RowsTable
            minWidth={640}
            label="Lotações do profissional"
            verticalSpacing="xs"
            columns={['Unidade', 'Ocupação', 'Equipe e microáreas', 'Perfil', 'Período']}
            acoes
          >
            {lotacoes.map((l) => (
              <Table.Tr key={l.id} data-testid="lotacao">
                <Table.Td>
                  <Text size="sm">{l.unidade_nome}</Text>
                  {!l.ativo && (
                    <Badge size="sm" color="gray" variant="light">
                      Encerrada
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{l.ocupacao_nome}</Text>
                  <Text size="xs" c="dimmed">
                    CBO {l.ocupacao_codigo}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{l.equipe_nome ?? '—'}</Text>
                  {l.micro_areas.length > 0 && (
                    <Text size="xs" c="dimmed">
                      Microáreas {l.micro_areas.join(', ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{l.perfil_nome}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {periodo(l)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* Stacked: on a tablet the table is narrow and two buttons side by side were cut off. */}
                  <Stack gap={2} align="flex-end">
                    {podeEditar && (
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconPencil size={16} aria-hidden />}
                        aria-label={`Editar lotação em ${l.unidade_nome}`}
                        onClick={() => setEditando(l)}
                      >
                        Editar
                      </Button>
                    )}
                    {podeEncerrar && l.ativo && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconPlayerStop size={16} aria-hidden />}
                        aria-label={`Encerrar lotação em ${l.unidade_nome}`}
                        onClick={() => confirmarEncerrar(l)}
                      >
                        Encerrar
                      </Button>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </RowsTable>
        )}
      </Stack>
      <Modal
        opened={editando !== undefined}
        onClose={() => setEditando(undefined)}
        title={editando ? 'Editar lotação' : 'Nova lotação'}
        centered
        size="lg"
      >
        {editando !== undefined && (
          <LotacaoForm
            profissionalId={profissionalId}
            atual={editando ?? undefined}
            onClose={() => setEditando(undefined)}
            recarregar={recarregar}
          />
        )}
      </Modal>
    </Card>
  );
}

function LotacaoForm({
  profissionalId,
  atual,
  onClose,
  recarregar,
}: {
  profissionalId: string;
  atual?: Lotacao;
  onClose: () => void;
  recarregar: () => void;
}) {
  const opcoes = useLotacaoOpcoes();
  const save = useSaveLotacao(profissionalId, atual?.id);
  const form = useZodForm(lotacaoFormSchema, atual ? lotacaoParaForm(atual) : novaLotacao());
  const [unidadeId, equipeId] = useWatch({ control: form.control, name: ['unidade_saude_id', 'equipe_id'] });
  const { unidades, equipes, microAreas, perfis } = escolhas(opcoes.data, atual, unidadeId, equipeId);
  // A team belongs to one unit, micro-areas to one team: another unit or team drops what no longer fits.
  const carregado = opcoes.data !== undefined;
  useEffect(() => {
    if (!carregado) return;
    if (equipeId && !equipes.some((e) => e.value === equipeId)) form.setValue('equipe_id', null);
    const atuais = form.getValues('micro_areas');
    const cabem = atuais.filter((m) => microAreas.includes(m));
    if (cabem.length !== atuais.length) form.setValue('micro_areas', cabem);
  }, [carregado, unidadeId, equipeId, equipes, microAreas, form]);

  const onSubmit = form.handleSubmit(async (v) => {
    const corpo = lotacaoParaApi(v);
    try {
      await save.mutateAsync(
        atual ? { ...corpo, lock_version: atual.lock_version } : { ...corpo, profissional_id: profissionalId },
      );
      notifySuccess(adminMsg.lotacaoSalva);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validacao' && setServerErrors(form, err.errors) > 0) return;
      if (err instanceof ApiError && err.code === 'edicao_desatualizada') {
        onClose();
        return notifyError(err, { onReload: recarregar });
      }
      notifyError(err);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={atual ? 'Editar lotação' : 'Nova lotação'}>
      <Stack gap="sm">
        <SelectField
          control={form.control}
          name="unidade_saude_id"
          label={R.unidade_saude_id}
          required
          data={unidades}
        />
        <CodeSearchField<LotacaoFormValues>
          control={form.control}
          name="ocupacao_codigo"
          label={R.ocupacao_codigo}
          required
          tabela="cbo"
          placeholder="Digite o nome ou o código da ocupação"
        />
        <SelectField
          control={form.control}
          name="equipe_id"
          label={R.equipe_id}
          data={equipes}
          description={unidadeId ? undefined : 'Escolha a unidade primeiro'}
        />
        <Controller
          control={form.control}
          name="micro_areas"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={R.micro_areas}
              description={equipeId ? 'As microáreas da equipe que este profissional atende' : 'Só com uma equipe'}
              data={microAreas}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={!equipeId}
              error={fieldState.error?.message}
              // Typed as well as picked: "07" finds the micro-area at once in a long list.
              searchable
              clearable
              size="md"
            />
          )}
        />
        <SelectField control={form.control} name="perfil_id" label={R.perfil_id} required data={perfis} />
        <Group grow align="flex-start">
          <DateField control={form.control} name="inicio" label={R.inicio} required />
          <DateField control={form.control} name="fim" label={R.fim} />
        </Group>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Salvar lotação
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The choices of the selects: the active units (and the edited assignment's, if no longer active), their teams. */
function escolhas(
  o: LotacaoOpcoes | undefined,
  atual: Lotacao | undefined,
  unidadeId: string | null,
  equipeId: string | null,
) {
  const unidades = opcoesNomeadas(o?.unidades);
  if (atual && !unidades.some((u) => u.value === atual.unidade_saude_id))
    unidades.push({ value: atual.unidade_saude_id, label: atual.unidade_nome });
  const daUnidade = o?.unidades.find((u) => u.id === unidadeId)?.equipes ?? [];
  const equipes = opcoesNomeadas(daUnidade);
  const microAreas = daUnidade.find((e) => e.id === equipeId)?.micro_areas ?? [];
  const perfis = opcoesNomeadas(o?.perfis);
  return { unidades, equipes, microAreas, perfis };
}
