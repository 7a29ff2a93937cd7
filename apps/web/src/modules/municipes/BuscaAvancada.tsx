// The advanced search of issue 5: the filters named as the citizen's fields, at least two of them.
import { Alert, Button, Card, Grid, Group, Select, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { msg } from '@saude/shared/messages';
import {
  BUSCA_AVANCADA_MINIMO_FILTROS,
  buscaAvancadaCampos,
  contarFiltrosBuscaAvancada,
  municipeBuscaAvancadaBaseSchema,
} from '@saude/shared/schemas/municipe';
import {
  CnsField,
  CpfField,
  DateField,
  PhoneField,
  TextField,
  touchInputStyles,
  useFieldLabel,
  type Option,
} from '../../lib/form';
import { filtrosPreenchidos, type FiltrosAvancados } from './buscaAvancadaValores';

const formSchema = municipeBuscaAvancadaBaseSchema.pick({
  nome: true,
  nome_social: true,
  nome_mae: true,
  nome_pai: true,
  data_nascimento: true,
  cpf_numero: true,
  codigo_cns: true,
  telefone: true,
  residencia_logradouro: true,
  unidade_saude_referencia_id: true,
  micro_area: true,
});

type Campo = keyof z.input<typeof formSchema>;
const COL = { base: 12, sm: 6, md: 4 };
/** The filters typed as the citizen's fields, in the form's order. */
const CAMPOS: Array<[Campo, string, typeof TextField]> = [
  ['nome', 'Nome', TextField],
  ['nome_social', 'Nome social', TextField],
  ['data_nascimento', 'Data de nascimento', DateField],
  ['nome_mae', 'Nome da mãe', TextField],
  ['nome_pai', 'Nome do pai', TextField],
  ['cpf_numero', 'CPF', CpfField],
  ['codigo_cns', 'CNS', CnsField],
  ['telefone', 'Telefone', PhoneField],
  ['residencia_logradouro', 'Logradouro', TextField],
];

export interface BuscaAvancadaProps {
  /** The filters in effect (from the URL). */
  valores: FiltrosAvancados;
  /** Units to filter by: the user's own (there is no list of every unit yet); empty means all. */
  unidades: Option[];
  onBuscar: (filtros: FiltrosAvancados) => void;
  onLimpar: () => void;
}

export function BuscaAvancada({ valores, unidades, onBuscar, onLimpar }: BuscaAvancadaProps) {
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: valores, mode: 'onBlur' });
  const { control } = form;
  const [poucos, setPoucos] = useState(false);
  const unidadeLabel = useFieldLabel({ label: 'Unidade de referência' });
  const unidade = form.watch('unidade_saude_referencia_id');

  const buscar = () => {
    const filtros = filtrosPreenchidos(form.getValues());
    // Issue 5: fewer than two filters never reach the API (which would answer the same message).
    if (contarFiltrosBuscaAvancada(filtros) < BUSCA_AVANCADA_MINIMO_FILTROS) {
      setPoucos(true);
      return;
    }
    setPoucos(false);
    void form.handleSubmit(() => onBuscar(filtros))();
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="busca-avancada-titulo">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          buscar();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="h4" id="busca-avancada-titulo">
            Busca avançada
          </Title>
          <Grid gap="sm">
            {CAMPOS.map(([name, label, Field]) => (
              <Grid.Col key={name} span={COL}>
                <Field control={control} name={name} label={label} />
              </Grid.Col>
            ))}
            <Grid.Col span={COL}>
              <Select
                {...unidadeLabel}
                data={[{ value: '', label: 'Todas' }, ...unidades]}
                value={unidade ?? ''}
                styles={touchInputStyles}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                onChange={(v) => form.setValue('unidade_saude_referencia_id', v || undefined)}
              />
            </Grid.Col>
            <Grid.Col span={COL}>
              <TextField
                control={control}
                name="micro_area"
                label="Microárea"
                inputProps={{ inputMode: 'numeric', maxLength: 2 }}
              />
            </Grid.Col>
          </Grid>
          {poucos && (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {msg.buscaAvancadaDoisFiltros}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" mih={44}>
              Buscar
            </Button>
            <Button
              variant="default"
              mih={44}
              onClick={() => {
                form.reset(Object.fromEntries(buscaAvancadaCampos.map((c) => [c, undefined])));
                setPoucos(false);
                onLimpar();
              }}
            >
              Limpar filtros
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
