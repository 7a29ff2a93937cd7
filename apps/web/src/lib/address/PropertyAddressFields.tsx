// The address of a property held at the form's top level (households, visits without a family): the address block,
// "Sem número" and "Complemento". The number is required unless "Sem número" is ticked.
import { Grid, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { CheckboxField, TextField } from '../form';
import { AddressFields, type ADDRESS_LABELS } from './AddressFields';

export function PropertyAddressFields<T extends FieldValues, TT = T>({
  control,
  pontoReferencia,
  children,
}: {
  control: Control<T, unknown, TT>;
  pontoReferencia?: boolean;
  /** More cells of the row under the address (e.g. the household's phones). */
  children?: ReactNode;
}) {
  const name = (n: string) => n as FieldPath<T>;
  const semNumero = useWatch({ control, name: name('sem_numero') }) as unknown;
  const required: Array<keyof typeof ADDRESS_LABELS> = [
    'cep',
    'uf',
    'municipio',
    'tipo_logradouro',
    'logradouro',
    'bairro',
    ...(semNumero ? [] : (['numero'] as const)),
  ];
  return (
    <>
      <AddressFields
        control={control}
        required={required}
        names={{ municipio: 'municipio_nome' }}
        pontoReferencia={pontoReferencia}
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Group mih={44} mt={{ base: 0, sm: 28 }}>
            <CheckboxField control={control} name={name('sem_numero')} label="Sem número" />
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextField control={control} name={name('complemento')} label="Complemento" inputProps={{ maxLength: 30 }} />
        </Grid.Col>
        {children}
      </Grid>
    </>
  );
}
