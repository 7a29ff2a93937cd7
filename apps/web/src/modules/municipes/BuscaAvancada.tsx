// The advanced search of issue 5: the filters named as the citizen's fields, at least two of them.
import { Alert, Button, Card, Grid, Group, Select, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@saude/shared/messages';
import {
  BUSCA_AVANCADA_MINIMO_FILTROS,
  buscaAvancadaCampos,
  contarFiltrosBuscaAvancada,
  municipeBuscaAvancadaBaseSchema,
  type BuscaAvancadaCampo,
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

export type FiltrosAvancados = Partial<Record<BuscaAvancadaCampo, string>>;

/** The filters' values as the URL keeps them: only the ones filled. */
export function filtrosPreenchidos(v: Partial<Record<string, unknown>>): FiltrosAvancados {
  const out: FiltrosAvancados = {};
  for (const c of buscaAvancadaCampos) {
    const x = v[c];
    if (typeof x === 'string' && x.trim() !== '') out[c] = x.trim();
  }
  return out;
}

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
          <Title order={3} fz="h4" id="busca-avancada-titulo">
            Busca avançada
          </Title>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <TextField control={control} name="nome" label="Nome" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <TextField control={control} name="nome_social" label="Nome social" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <DateField control={control} name="data_nascimento" label="Data de nascimento" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <TextField control={control} name="nome_mae" label="Nome da mãe" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <TextField control={control} name="nome_pai" label="Nome do pai" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <CpfField control={control} name="cpf_numero" label="CPF" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <CnsField control={control} name="codigo_cns" label="CNS" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <PhoneField control={control} name="telefone" label="Telefone" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <TextField control={control} name="residencia_logradouro" label="Logradouro" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
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
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
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
