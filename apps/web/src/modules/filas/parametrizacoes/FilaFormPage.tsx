// /filas/parametrizacoes/new and /{id}/edit (spec §5, issue 17): a queue of the current unit — its name, the
// locations it is served at (an editable list) and the categories that feed it (a category that feeds another queue
// of the unit shows which, and cannot be chosen). While forwarded tickets wait in it, the queue cannot be edited.
import { ActionIcon, Alert, Button, Card, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { msg } from '@saude/shared';
import { LIMITES_FILA, type Fila } from '@saude/shared/schemas/fila';
import { usePode } from '../../../lib/access';
import { BackButton } from '../../../lib/detail';
import { RemoveButton } from '../../../lib/feedback';
import { FieldGrid, FormSection, RecordForm, useFieldLabel, useRecordForm, type FieldRows } from '../../../lib/form';
import { comVersao, recordFormPage, staleEdit } from '../../../lib/recordPage';
import { BASE_PATH, getFila, useCategoriasDisponiveis, useDeleteFila, useFila, useSaveFila } from './api';
import { CategoriaChip } from './CategoriaChip';
import { filaFormSchema, filaParaForm, formParaApi, novaFila, ROTULOS, type FilaFormValues } from './formValues';

type Form = UseFormReturn<FilaFormValues, unknown, FilaFormValues>;

export const FilaFormPage = recordFormPage({ load: useFila, backTo: BASE_PATH, label: 'Carregando fila' }, FilaForm);

function FilaForm({ atual, recarregar }: { atual?: Fila; recarregar?: () => void }) {
  const titulo = atual ? `Editar fila ${atual.nome}` : 'Nova fila';
  useDocumentTitle(titulo);
  const navigate = useNavigate();
  const save = useSaveFila(atual?.id);
  const remover = useDeleteFila();
  const podeRemover = usePode('filas/parametrizacoes:destroy');
  const podeEditar = usePode(atual ? 'filas/parametrizacoes:update' : 'filas/parametrizacoes:create');
  const pendentes = atual?.encaminhamentos_pendentes ?? 0;
  const bloqueada = !podeEditar || pendentes > 0;
  const record = useRecordForm({
    schema: filaFormSchema,
    defaultValues: atual ? filaParaForm(atual) : novaFila(),
    model: 'Fila',
    genero: 'f',
    labels: ROTULOS,
    save: (values) => save.mutateAsync(comVersao(formParaApi(values), atual)),
    onSaved: () => BASE_PATH,
    stale: staleEdit(atual, recarregar, getFila, filaParaForm),
    canSave: !bloqueada,
  });
  const { form } = record;
  const campos: FieldRows<FilaFormValues> = [
    {
      kind: 'text',
      name: 'nome',
      label: ROTULOS.nome!,
      required: true,
      span: 'half',
      inputProps: { maxLength: LIMITES_FILA.nome },
    },
    {
      kind: 'checkbox',
      name: 'ativo',
      label: 'Fila ativa',
      description: 'Uma fila inativa não recebe novas senhas.',
      span: 'half',
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {titulo}
      </Title>
      {pendentes > 0 && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={msg.filaEncaminhamentosPendentes}
        >
          {pendentes === 1 ? 'Há 1 senha encaminhada' : `Há ${pendentes} senhas encaminhadas`} aguardando nesta fila.
          Edite-a depois que forem chamadas.
        </Alert>
      )}
      <RecordForm
        record={record}
        label={titulo}
        onCancel={() => void navigate(BASE_PATH)}
        locked={bloqueada}
        lockedActions={<BackButton to={BASE_PATH}>Voltar para as filas</BackButton>}
        extraActions={
          atual &&
          podeRemover && (
            <RemoveButton
              model="fila"
              remove={() => remover.mutateAsync(atual.id)}
              onRemoved={record.allowNavigation}
              goTo={BASE_PATH}
            >
              Remover fila
            </RemoveButton>
          )
        }
      >
        <FormSection title="Fila">
          <FieldGrid control={form.control} rows={campos} />
        </FormSection>
        <Locais form={form} />
        <Categorias form={form} filaId={atual?.id} />
      </RecordForm>
    </Stack>
  );
}

/** The queue's locations: added, renamed, deactivated, removed (one is required). */
function Locais({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'locais' });
  const erroLista = form.formState.errors.locais?.root?.message ?? form.formState.errors.locais?.message;
  return (
    <FormSection
      title="Locais de atendimento"
      description="Guichês, salas ou consultórios para onde as senhas são chamadas. Um local com senhas no histórico é desativado em vez de removido."
    >
      <Stack gap="sm">
        {fields.map((f, i) => (
          <Card key={f.id} withBorder radius="sm" padding="sm" component="fieldset" aria-label={`Local ${i + 1}`}>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <div style={{ flex: 1 }}>
                <FieldGrid
                  control={form.control}
                  rows={[
                    {
                      kind: 'text',
                      name: `locais.${i}.nome`,
                      label: `Nome do local ${i + 1}`,
                      required: true,
                      span: { base: 12, sm: 8 },
                      inputProps: { maxLength: LIMITES_FILA.local },
                    },
                    {
                      kind: 'checkbox',
                      name: `locais.${i}.ativo`,
                      label: 'Ativo',
                      span: { base: 12, sm: 4 },
                    },
                  ]}
                />
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                size={44}
                mt={22}
                aria-label={`Remover local ${i + 1}`}
                disabled={fields.length === 1}
                onClick={() => remove(i)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Card>
        ))}
        {erroLista && (
          <Text size="sm" c="red.8" role="alert">
            {erroLista}
          </Text>
        )}
        <Group>
          <Button
            variant="default"
            mih={44}
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => append({ id: null, nome: null, ativo: true })}
          >
            Adicionar local
          </Button>
        </Group>
      </Stack>
    </FormSection>
  );
}

/** The categories that feed the queue; one that feeds another queue of the unit is shown with it, not chosen. */
function Categorias({ form, filaId }: { form: Form; filaId?: string }) {
  const disponiveis = useCategoriasDisponiveis();
  const labelProps = useFieldLabel({ label: ROTULOS.categoria_ids! });
  const todas = disponiveis.data ?? [];
  const porId = new Map(todas.map((c) => [c.id, c]));
  return (
    <FormSection
      title="Categorias"
      description="As senhas destas categorias entram nesta fila. Sem categoria, a fila só recebe senhas encaminhadas."
    >
      <Controller
        control={form.control}
        name="categoria_ids"
        render={({ field, fieldState }) => {
          const data = todas
            .filter((c) => c.ativo || field.value.includes(c.id))
            .map((c) => {
              const outra = c.fila_id !== null && c.fila_id !== filaId;
              return {
                value: c.id,
                label: outra ? `${c.nome} (${c.sigla}) — já está na fila ${c.fila_nome}` : `${c.nome} (${c.sigla})`,
                disabled: outra && !field.value.includes(c.id),
              };
            });
          return (
            <Stack gap="sm">
              <MultiSelect
                {...labelProps}
                name={field.name}
                data={data}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                placeholder={field.value.length === 0 ? 'Nenhuma categoria' : undefined}
                searchable
                clearable
                nothingFoundMessage="Nenhuma categoria encontrada"
                description="Categorias de outra fila desta unidade aparecem indisponíveis, com o nome da fila."
              />
              {field.value.length > 0 && (
                <Group gap={6} role="group" aria-label="Categorias escolhidas">
                  {field.value.map((id) => {
                    const c = porId.get(id);
                    return c ? <CategoriaChip key={id} {...c} /> : null;
                  })}
                </Group>
              )}
            </Stack>
          );
        }}
      />
    </FormSection>
  );
}
