// The sections of the individual registration after its header: identification and the questionnaire.
import { SimpleGrid, Text } from '@mantine/core';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { todayIso } from '@saude/shared';
import { deficienciaCidadao, nacionalidade, orientacaoSexual, responsavelCrianca } from '@saude/shared/codes';
import { pais } from '@saude/shared/codes/pais';
import {
  NACIONALIDADE_ESTRANGEIRO,
  NACIONALIDADE_NATURALIZADO,
  perguntasInsegurancaAlimentar,
} from '@saude/shared/schemas/cadastro_individual';
import {
  CheckboxField,
  CheckboxGroupField,
  CnsField,
  codeOptions,
  CpfField,
  DateField,
  FormSection,
  RadioField,
  SelectField,
  TextField,
  YesNoField,
} from '../../../lib/form';
import type { CadastroFormValues } from './formValues';

type Form = UseFormReturn<CadastroFormValues, unknown, CadastroFormValues>;

const NACIONALIDADES = codeOptions(nacionalidade);
const PAISES = codeOptions(pais);
const ORIENTACOES = codeOptions(orientacaoSexual);
const DEFICIENCIAS = codeOptions(deficienciaCidadao);
const RESPONSAVEIS = codeOptions(responsavelCrianca);
const DICA_RESPONSAVEL = 'Marque quando esta pessoa é a responsável familiar do domicílio onde mora.';

export function Identificacao({ form }: { form: Form }) {
  const [nac, recusa] = useWatch({ control: form.control, name: ['nacionalidade_id', 'termo_recusa'] });
  return (
    <FormSection title="Identificação">
      <CheckboxField
        control={form.control}
        name="termo_recusa"
        label="O cidadão recusou o cadastro (termo de recusa)"
        description="Com a recusa, só o que o e-SUS exige para ela é obrigatório."
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CpfField control={form.control} name="cpf_numero" label="CPF" />
        <CnsField control={form.control} name="codigo_cns" label="CNS" />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Informe o CPF ou o CNS. Um documento deixado em branco mantém o que já consta no cadastro do munícipe.
      </Text>
      <RadioField
        control={form.control}
        name="nacionalidade_id"
        label="Nacionalidade"
        required={!recusa}
        data={NACIONALIDADES}
      />
      {nac === NACIONALIDADE_ESTRANGEIRO && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            control={form.control}
            name="pais_nascimento_id"
            label="País de nascimento"
            required={!recusa}
            data={PAISES}
          />
          <DateField
            control={form.control}
            name="data_entrada_brasil"
            label="Data de entrada no Brasil"
            required={!recusa}
            maxDate={todayIso()}
          />
        </SimpleGrid>
      )}
      {nac === NACIONALIDADE_NATURALIZADO && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField
            control={form.control}
            name="data_naturalizacao"
            label="Data de naturalização"
            required={!recusa}
            maxDate={todayIso()}
          />
          <TextField
            control={form.control}
            name="portaria_naturalizacao"
            label="Portaria de naturalização"
            required={!recusa}
            inputProps={{ maxLength: 16 }}
          />
        </SimpleGrid>
      )}
      <CheckboxField
        control={form.control}
        name="proprio_responsavel_familiar"
        label="É o próprio responsável familiar"
      />
      <Text size="xs" c="dimmed">
        {DICA_RESPONSAVEL}
      </Text>
    </FormSection>
  );
}

export function Questionario({ form, crianca }: { form: Form; crianca: boolean }) {
  const [defic, orient] = useWatch({
    control: form.control,
    name: ['possui_deficiencia', 'informa_orientacao_sexual'],
  });
  return (
    <>
      <FormSection title="Triagem de insegurança alimentar (últimos três meses)">
        <YesNoField
          control={form.control}
          name="alimentos_acabaram_sem_dinheiro"
          label={perguntasInsegurancaAlimentar.alimentos_acabaram_sem_dinheiro}
        />
        <YesNoField
          control={form.control}
          name="comeu_alguns_alimentos_sem_dinheiro"
          label={perguntasInsegurancaAlimentar.comeu_alguns_alimentos_sem_dinheiro}
        />
      </FormSection>
      <FormSection title="Informações sociodemográficas">
        <Text size="xs" c="dimmed">
          Estas respostas são as do munícipe: alterá-las aqui altera também o cadastro do munícipe.
        </Text>
        <YesNoField control={form.control} name="possui_deficiencia" label="Tem alguma deficiência?" />
        {defic && (
          <CheckboxGroupField
            control={form.control}
            name="deficiencias"
            label="Quais deficiências?"
            required
            orientation="horizontal"
            data={DEFICIENCIAS}
          />
        )}
        {crianca && (
          <CheckboxGroupField
            control={form.control}
            name="responsaveis_criancas"
            label="Com quem a criança fica?"
            orientation="horizontal"
            data={RESPONSAVEIS}
          />
        )}
        <YesNoField
          control={form.control}
          name="informa_orientacao_sexual"
          label="Deseja informar orientação sexual?"
        />
        {orient && (
          <SelectField
            control={form.control}
            name="orientacao_sexual_id"
            label="Orientação sexual"
            required
            data={ORIENTACOES}
          />
        )}
      </FormSection>
    </>
  );
}
