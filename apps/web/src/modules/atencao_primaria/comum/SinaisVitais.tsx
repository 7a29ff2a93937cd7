// Measurements of the e-SUS forms (households, home visits): each field says its range and unit, in the shared ranges.
import { SimpleGrid, Text } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { tipoGlicemiaCapilar } from '@saude/shared/codes/tipo_glicemia_capilar';
import { FAIXAS_SINAIS_VITAIS, type SinalVital } from '@saude/shared/schemas/comum';
import { codeOptions, DecimalField, FormSection, IntegerField, RadioField } from '../../../lib/form';
import { medidaBr } from '../../../lib/format';

const MOMENTOS_GLICEMIA = codeOptions(tipoGlicemiaCapilar);

/** A measurement field named as its vital sign: integer or decimal per the shared range, with range and unit. */
export function MedidaField<T extends FieldValues, TT = T>({
  control,
  sinal,
  label,
}: {
  control: Control<T, unknown, TT>;
  sinal: SinalVital;
  label: string;
}) {
  const f = FAIXAS_SINAIS_VITAIS[sinal];
  const props = {
    control,
    name: sinal as FieldPath<T>,
    label,
    description: `Entre ${medidaBr(f.min)} e ${medidaBr(f.max, f.unidade)}`,
  };
  const unidade = {
    rightSection: (
      <Text size="sm" c="dimmed" pr={8} style={{ whiteSpace: 'nowrap' }}>
        {f.unidade}
      </Text>
    ),
    rightSectionWidth: f.unidade.length > 2 ? 64 : 44,
  };
  return f.casas === 0 ? (
    <IntegerField {...props} inputProps={unidade} />
  ) : (
    <DecimalField {...props} inputProps={{ scale: f.casas, ...unidade }} />
  );
}

/** "Sinais vitais": blood pressure, temperature and capillary glucose with the moment it was taken. */
export function SinaisVitaisSecao<T extends FieldValues, TT = T>({ control }: { control: Control<T, unknown, TT> }) {
  return (
    <FormSection title="Sinais vitais">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MedidaField control={control} sinal="pressao_sistolica" label="Pressão sistólica" />
        <MedidaField control={control} sinal="pressao_diastolica" label="Pressão diastólica" />
        <MedidaField control={control} sinal="temperatura" label="Temperatura" />
        <MedidaField control={control} sinal="glicemia" label="Glicemia capilar" />
      </SimpleGrid>
      {/* Four answers: radio buttons (ux.md), asked with the glucose value. */}
      <RadioField
        control={control}
        name={'momento_coleta_glicemia_id' as FieldPath<T>}
        label="Momento da coleta da glicemia"
        data={MOMENTOS_GLICEMIA}
      />
    </FormSection>
  );
}
