// The family form's own fields: the living-since month and the members (the head first, not removable).
import { ActionIcon, Alert, Badge, Button, Grid, Group, InputBase, Paper, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { PARENTESCO_RESPONSAVEL, parentescoFamilia, type Familia } from '@saude/shared/schemas/familia';
import {
  codeOptions,
  FormSection,
  ReadOnlyValue,
  SelectField,
  touchInputStyles,
  useFieldLabel,
  useReadOnlyView,
} from '../../../lib/form';
import type { FamiliaFormValues } from './formValues';
import { MunicipePicker, ObitoBadge, type MunicipeResumo } from '../../municipes';

type Form = UseFormReturn<FamiliaFormValues, unknown, FamiliaFormValues>;

/** The head's kinship is given by being the head: the others choose from the e-SUS table. */
const PARENTESCOS = codeOptions(parentescoFamilia.filter((p) => p.codigo !== PARENTESCO_RESPONSAVEL));

export const resumoDe = (m: Familia['membros'][number]): MunicipeResumo => ({
  id: m.municipe_id,
  nome: m.nome,
  data_nascimento: m.data_nascimento,
  cpf_numero: m.cpf_numero,
  codigo_cns: m.codigo_cns,
  obito: m.obito,
});

/** Month and year typed as MM/aaaa (e-SUS "Reside desde"). */
export function MesAnoField({ form }: { form: Form }) {
  const labelProps = useFieldLabel({
    label: 'Reside desde',
    tooltip: 'Mês e ano em que a família passou a morar no domicílio.',
  });
  const view = useReadOnlyView();
  if (view) return <ReadOnlyValue label="Reside desde">{form.getValues('reside_desde')}</ReadOnlyValue>;
  return (
    <Controller
      control={form.control}
      name="reside_desde"
      render={({ field, fieldState }) => (
        <InputBase
          {...labelProps}
          component={IMaskInput}
          mask="00/0000"
          placeholder="mm/aaaa"
          inputMode="numeric"
          autoComplete="off"
          value={field.value}
          onAccept={(v: string) => {
            if (v !== field.value) field.onChange(v);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={fieldState.error?.message}
          styles={touchInputStyles}
        />
      )}
    />
  );
}

export function Membros({
  form,
  conhecidos,
  conhecer,
  atual,
}: {
  form: Form;
  conhecidos: Record<string, MunicipeResumo>;
  conhecer: (m: MunicipeResumo | undefined) => void;
  atual?: Familia;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'membros' });
  const responsavelId = useWatch({ control: form.control, name: 'responsavel_id' });
  const responsavel = responsavelId ? conhecidos[responsavelId] : undefined;
  const erroLista = form.formState.errors.membros?.root?.message ?? form.formState.errors.membros?.message;
  const membroAtual = (id: string) => atual?.membros.find((m) => m.municipe_id === id);
  const view = useReadOnlyView();
  return (
    <FormSection title="Membros">
      <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-0)" aria-label="Responsável familiar (membro)">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600}>
            {responsavel?.nome ?? 'Escolha o responsável familiar acima'}
          </Text>
          <Group gap="xs">
            {responsavel?.obito && <ObitoBadge />}
            <Badge variant="light" color="cyan">
              Responsável familiar
            </Badge>
          </Group>
        </Group>
      </Paper>
      {fields.map((f, i) => {
        const m = membroAtual(form.getValues(`membros.${i}.municipe_id`));
        return (
          <Paper key={f.id} withBorder p="sm" radius="sm">
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <Grid gap="sm" style={{ flex: 1, minWidth: 0 }}>
                <Grid.Col span={{ base: 12, sm: 7 }}>
                  <MunicipePicker
                    control={form.control}
                    name={`membros.${i}.municipe_id`}
                    label={`Membro ${i + 1}`}
                    required
                    inicial={m ? resumoDe(m) : undefined}
                    onEscolhido={conhecer}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 5 }}>
                  <SelectField
                    control={form.control}
                    name={`membros.${i}.parentesco_id`}
                    label={`Parentesco do membro ${i + 1}`}
                    required
                    data={PARENTESCOS}
                  />
                </Grid.Col>
              </Grid>
              {!view && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  mt={26}
                  aria-label={`Remover membro ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          </Paper>
        );
      })}
      {erroLista && (
        <Alert color="red" variant="light">
          {erroLista}
        </Alert>
      )}
      {!view && (
        <Group>
          <Button
            variant="light"
            mih={44}
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => append({ municipe_id: '', parentesco_id: null }, { shouldFocus: true })}
          >
            Adicionar membro
          </Button>
        </Group>
      )}
    </FormSection>
  );
}
