// Tab "Outros" of the citizen record: kinship, blood, and the exit from the registry (death).
import { Button, Grid, Group, Stack } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { motivoSaidaCadastro } from '@saude/shared/codes/motivo_saida_cadastro';
import { parentesco } from '@saude/shared/codes/parentesco';
import { tipoSanguineo } from '@saude/shared/codes/tipo_sanguineo';
import { MOTIVO_SAIDA_OBITO } from '@saude/shared/schemas/municipe';
import { codeOptions, DateField, FormSection, RadioField, SelectField, TextField, YesNoField } from '../../../lib/form';
import { Col, useMunicipeForm, vazio } from './comum';

const PARENTESCO = codeOptions(parentesco);
const TIPO_SANGUINEO = codeOptions(tipoSanguineo);
const MOTIVO_SAIDA = codeOptions(motivoSaidaCadastro);

export function OutrosTab() {
  const { control, setValue } = useMunicipeForm();
  const motivo = useWatch({ control, name: 'motivo_saida_cadastro_id' });
  const obito = Number(motivo) === MOTIVO_SAIDA_OBITO;
  return (
    <Stack gap="md">
      <FormSection title="Outras informações">
        <Grid gap="sm">
          <Col span="half">
            <SelectField
              control={control}
              name="parentesco_id"
              label="Parentesco com o responsável familiar"
              data={PARENTESCO}
            />
          </Col>
          <Col>
            <YesNoField control={control} name="doador_sangue" label="Doador de sangue" />
          </Col>
          <Col>
            <SelectField control={control} name="tipo_sanguineo_id" label="Tipo sanguíneo" data={TIPO_SANGUINEO} />
          </Col>
        </Grid>
      </FormSection>
      <FormSection title="Saída do cadastro">
        <Grid gap="sm">
          <Col span="full">
            <Group align="flex-end" gap="md">
              <RadioField
                control={control}
                name="motivo_saida_cadastro_id"
                label="Motivo da saída"
                data={MOTIVO_SAIDA}
              />
              {!vazio(motivo) && (
                <Button
                  variant="subtle"
                  mih={44}
                  onClick={() => {
                    setValue('motivo_saida_cadastro_id', null, { shouldDirty: true });
                    setValue('data_obito', null, { shouldDirty: true });
                    setValue('numero_do', null, { shouldDirty: true });
                  }}
                >
                  Desfazer saída
                </Button>
              )}
            </Group>
          </Col>
          {obito && (
            <>
              <Col>
                <DateField control={control} name="data_obito" label="Data do óbito" required />
              </Col>
              <Col>
                <TextField
                  control={control}
                  name="numero_do"
                  label="Número da declaração de óbito"
                  inputProps={{ inputMode: 'numeric' }}
                />
              </Col>
            </>
          )}
        </Grid>
      </FormSection>
    </Stack>
  );
}
