// Tab "Outros" of the citizen record: kinship, blood, and the exit from the registry (death).
import { Button, Group, Stack } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { motivoSaidaCadastro } from '@saude/shared/codes/motivo_saida_cadastro';
import { parentesco } from '@saude/shared/codes/parentesco';
import { tipoSanguineo } from '@saude/shared/codes/tipo_sanguineo';
import { MOTIVO_SAIDA_OBITO } from '@saude/shared/schemas/municipe';
import { codeOptions, FieldSections, RadioField } from '../../../lib/form';
import { NUMERICO, useMunicipeForm, vazio, type Linhas, type Secoes } from './comum';

const MOTIVO_SAIDA = codeOptions(motivoSaidaCadastro);

const OUTRAS: Linhas = [
  {
    kind: 'select',
    name: 'parentesco_id',
    label: 'Parentesco com o responsável familiar',
    data: codeOptions(parentesco),
    span: 'half',
  },
  { kind: 'yesNo', name: 'doador_sangue', label: 'Doador de sangue' },
  { kind: 'select', name: 'tipo_sanguineo_id', label: 'Tipo sanguíneo', data: codeOptions(tipoSanguineo) },
];
const OBITO: Linhas = [
  { kind: 'date', name: 'data_obito', label: 'Data do óbito', required: true },
  { kind: 'text', name: 'numero_do', label: 'Número da declaração de óbito', inputProps: NUMERICO },
];

export function OutrosTab() {
  const { control, setValue } = useMunicipeForm();
  const motivo = useWatch({ control, name: 'motivo_saida_cadastro_id' });
  const obito = Number(motivo) === MOTIVO_SAIDA_OBITO;
  const saida = (
    <Group align="flex-end" gap="md">
      <RadioField control={control} name="motivo_saida_cadastro_id" label="Motivo da saída" data={MOTIVO_SAIDA} />
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
  );
  const secoes: Secoes = [
    ['Outras informações', OUTRAS],
    ['Saída do cadastro', [{ kind: 'node', key: 'motivo', span: 'full', node: saida }, ...(obito ? OBITO : [])]],
  ];
  return (
    <Stack gap="md">
      <FieldSections control={control} sections={secoes} />
    </Stack>
  );
}
