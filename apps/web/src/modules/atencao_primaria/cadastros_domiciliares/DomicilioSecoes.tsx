// The sections of the household form after its header, adapting to the property type as e-SUS does.
import { Grid } from '@mantine/core';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  abastecimentoAgua,
  animalNoDomicilio,
  condicaoPosseUsoTerra,
  destinoLixo,
  escoamentoSanitario,
  localizacaoMoradia,
  materialParedes,
  situacaoMoradia,
  tipoAcessoDomicilio,
  tipoDomicilio,
  tipoOrigemEnergiaEletrica,
  tratamentoAgua,
} from '@saude/shared/codes';
import { ehDomicilio, LOCALIZACAO_RURAL } from '@saude/shared/schemas/cadastro_domiciliar';
import { PropertyAddressFields } from '../../../lib/address';
import {
  codeOptions,
  codeOptionsOf,
  FieldGrid,
  FormSection,
  PhoneField,
  FormField,
  type FieldRows,
} from '../../../lib/form';
import { TIPO_IMOVEL } from '../comum/campos';
import { Coordenadas } from './Coordenadas';
import type { DomicilioFormValues } from './formValues';

type Form = UseFormReturn<DomicilioFormValues, unknown, DomicilioFormValues>;

const DICA_TIPO_IMOVEL =
  'O formulário muda com o tipo: um domicílio responde às condições de moradia; uma instituição de permanência, aos dados da instituição.';
const ANIMAIS = codeOptions(animalNoDomicilio);
const OPCOES = codeOptionsOf({
  situacaoMoradia,
  localizacaoMoradia,
  tipoDomicilio,
  condicaoPosseUsoTerra,
  tipoAcessoDomicilio,
  materialParedes,
  tipoOrigemEnergiaEletrica,
  abastecimentoAgua,
  tratamentoAgua,
  escoamentoSanitario,
  destinoLixo,
});

type Linhas = FieldRows<DomicilioFormValues>;

const SANEAMENTO: Linhas = [
  {
    kind: 'select',
    name: 'abastecimento_agua_id',
    label: 'Abastecimento de água',
    data: OPCOES.abastecimentoAgua,
  },
  {
    kind: 'select',
    name: 'tratamento_agua_id',
    label: 'Água para consumo no domicílio',
    data: OPCOES.tratamentoAgua,
  },
  {
    kind: 'select',
    name: 'escoamento_sanitario_id',
    label: 'Forma de escoamento do banheiro ou sanitário',
    data: OPCOES.escoamentoSanitario,
  },
  { kind: 'radio', name: 'destino_lixo_id', label: 'Destino do lixo', data: OPCOES.destinoLixo, span: 'full' },
];

const INSTITUICAO: Linhas = [
  { kind: 'text', name: 'instituicao_nome', label: 'Nome da instituição', inputProps: { maxLength: 100 } },
  {
    kind: 'text',
    name: 'instituicao_responsavel_nome',
    label: 'Nome do responsável técnico',
    required: true,
    inputProps: { maxLength: 70 },
  },
  { kind: 'cns', name: 'instituicao_responsavel_cns', label: 'CNS do responsável técnico' },
  {
    kind: 'text',
    name: 'instituicao_responsavel_cargo',
    label: 'Cargo na instituição',
    inputProps: { maxLength: 100 },
  },
  { kind: 'phone', name: 'instituicao_responsavel_telefone', label: 'Telefone do responsável técnico' },
  {
    kind: 'yesNo',
    name: 'instituicao_outros_profissionais',
    label: 'Existem outros profissionais de saúde vinculados à instituição?',
    span: 'full',
  },
];

export function Endereco({ form, recusa, tipo }: { form: Form; recusa: boolean; tipo: number | null }) {
  const tipoImovelField = <FormField control={form.control} row={{ ...TIPO_IMOVEL, tooltip: DICA_TIPO_IMOVEL }} />;
  // With a refusal only the property type is asked here (the normalizer clears the address).
  if (recusa) return <FormSection title="Tipo de imóvel">{tipoImovelField}</FormSection>;
  return (
    <FormSection title="Endereço e local de permanência">
      {tipoImovelField}
      <PropertyAddressFields control={form.control}>
        {ehDomicilio(tipo) && (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PhoneField control={form.control} name="telefone_residencial" label="Telefone residencial" />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PhoneField control={form.control} name="telefone_contato" label="Telefone de contato" />
        </Grid.Col>
        <Coordenadas form={form} />
      </PropertyAddressFields>
    </FormSection>
  );
}

export function CondicoesMoradia({ form, domicilio }: { form: Form; domicilio: boolean }) {
  const [localizacao, energia] = useWatch({ control: form.control, name: ['localizacao_id', 'energia_eletrica'] });
  const casa = { when: domicilio };
  const rows: Linhas = [
    {
      kind: 'select',
      name: 'situacao_moradia_id',
      label: 'Situação de moradia / posse da terra',
      required: true,
      data: OPCOES.situacaoMoradia,
      ...casa,
    },
    { kind: 'radio', name: 'localizacao_id', label: 'Localização', required: true, data: OPCOES.localizacaoMoradia },
    { kind: 'select', name: 'tipo_domicilio_id', label: 'Tipo de domicílio', data: OPCOES.tipoDomicilio, ...casa },
    {
      kind: 'select',
      name: 'condicao_posse_terra_id',
      label: 'Condição de posse e uso da terra',
      data: OPCOES.condicaoPosseUsoTerra,
      when: domicilio && localizacao === LOCALIZACAO_RURAL,
    },
    { kind: 'integer', name: 'numero_moradores', label: 'Número de moradores', inputProps: { max: 9999 } },
    { kind: 'integer', name: 'numero_comodos', label: 'Número de cômodos', inputProps: { max: 99 }, ...casa },
    {
      kind: 'radio',
      name: 'tipo_acesso_id',
      label: 'Tipo de acesso ao domicílio',
      data: OPCOES.tipoAcessoDomicilio,
      ...casa,
    },
    {
      kind: 'select',
      name: 'material_paredes_id',
      label: 'Material predominante das paredes',
      data: OPCOES.materialParedes,
      ...casa,
    },
    { kind: 'yesNo', name: 'energia_eletrica', label: 'Disponibilidade de energia elétrica?', span: 'full' },
    {
      kind: 'radio',
      name: 'tipo_origem_energia_eletrica_id',
      label: 'Origem da energia elétrica',
      data: OPCOES.tipoOrigemEnergiaEletrica,
      span: 'full',
      when: energia === true,
    },
    ...SANEAMENTO,
  ];
  return (
    <FormSection title="Condições de moradia">
      <FieldGrid control={form.control} rows={rows} span="half" gap="md" />
    </FormSection>
  );
}

export function Animais({ form }: { form: Form }) {
  const possui = useWatch({ control: form.control, name: 'possui_animais' }) === true;
  const rows: Linhas = [
    { kind: 'yesNo', name: 'possui_animais', label: 'Tem animais no domicílio?' },
    {
      kind: 'checkboxGroup',
      name: 'animal_ids',
      label: 'Quais animais?',
      required: true,
      orientation: 'horizontal',
      data: ANIMAIS,
      when: possui,
    },
    {
      kind: 'integer',
      name: 'quantidade_animais',
      label: 'Quantos animais?',
      inputProps: { max: 99 },
      span: { base: 12, sm: 4 },
      when: possui,
    },
  ];
  return (
    <FormSection title="Animais no domicílio">
      <FieldGrid control={form.control} rows={rows} span="full" gap="md" />
    </FormSection>
  );
}

export function Instituicao({ form }: { form: Form }) {
  return (
    <FormSection title="Instituição de permanência">
      <FieldGrid control={form.control} rows={INSTITUICAO} span="half" gap="md" />
    </FormSection>
  );
}
