// /filas/parametrizacoes/new and /{id}/edit (spec §5, issue 17): a queue of the current unit — its name, the
// locations it is served at (an editable list) and the categories that feed it (a category that feeds another queue
// of the unit shows which, and cannot be chosen). While forwarded tickets wait in it, the queue cannot be edited.
import { ActionIcon, Alert, Button, Card, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { msg } from '@saude/shared';
import { LIMITES_FILA, type Fila } from '@saude/shared/schemas/fila';
import { FieldGrid, FormSection, useFieldLabel, type FieldRows } from '../../../lib/form';
import { RecordFormFrame, recordFormPage, useRecordFormPage, type RecordFormProps } from '../../../lib/recordPage';
import { BASE_PATH, filas, useCategoriasDisponiveis } from './api';
import { CategoriaChip } from './CategoriaChip';
import { filaCodec, ROTULOS, type FilaFormValues } from './formValues';

type Form = UseFormReturn<FilaFormValues, unknown, FilaFormValues>;

export const FilaFormPage = recordFormPage({ dados: filas, label: 'Carregando fila' }, FilaForm);

function FilaForm({ atual, recarregar }: RecordFormProps<Fila>) {
  const pendentes = atual?.encaminhamentos_pendentes ?? 0;
  const page = useRecordFormPage({
    dados: filas,
    atual,
    recarregar,
    titulo: atual ? `Editar fila ${atual.nome}` : 'Nova fila',
    codec: filaCodec,
    depoisDeSalvar: () => BASE_PATH,
    // While forwarded tickets wait in it, the queue is read-only.
    editavel: pendentes === 0,
    textoVoltar: 'Voltar para as filas',
    model: 'Fila',
    genero: 'f',
    remover: true,
  });
  const { form } = page;
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
    <RecordFormFrame
      page={page}
      nota={
        pendentes > 0 && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={msg.filaEncaminhamentosPendentes}
          >
            {pendentes === 1 ? 'Há 1 senha encaminhada' : `Há ${pendentes} senhas encaminhadas`} aguardando nesta fila.
            Edite-a depois que forem chamadas.
          </Alert>
        )
      }
      sections={[['Fila', campos]]}
    >
      <Locais form={form} />
      <Categorias form={form} filaId={atual?.id} />
    </RecordFormFrame>
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
