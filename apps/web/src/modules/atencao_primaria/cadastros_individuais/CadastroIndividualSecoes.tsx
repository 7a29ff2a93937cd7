// The sections of the individual registration after its header: identification and the questionnaire.
import { Text } from '@mantine/core';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { todayIso } from '@saude/shared';
import { deficienciaCidadao, nacionalidade, orientacaoSexual, responsavelCrianca } from '@saude/shared/codes';
import { etnia } from '@saude/shared/codes/etnia';
import { pais } from '@saude/shared/codes/pais';
import { racaCor } from '@saude/shared/codes/raca_cor';
import { NACIONALIDADE_BRASILEIRA, RACA_COR_INDIGENA } from '@saude/shared/schemas/municipe';
import { MunicipioBuscaField } from '../../../lib/address';
import {
  NACIONALIDADE_ESTRANGEIRO,
  NACIONALIDADE_NATURALIZADO,
  perguntasInsegurancaAlimentar,
} from '@saude/shared/schemas/cadastro_individual';
import { codeOptions, codeOptionsOf, FieldGrid, FormSection, type FieldRows } from '../../../lib/form';
import type { CadastroFormValues } from './formValues';

type Form = UseFormReturn<CadastroFormValues, unknown, CadastroFormValues>;

const OPCOES = codeOptionsOf({ nacionalidade, pais, orientacaoSexual, racaCor, etnia });
const DICA_IDENTIDADE =
  'Raça/cor, filiação, nacionalidade e naturalidade são exigidos pelo e-SUS APS e gravados também no cadastro do munícipe.';
const DEFICIENCIAS = codeOptions(deficienciaCidadao);
const RESPONSAVEIS = codeOptions(responsavelCrianca);
const DICA_RESPONSAVEL = 'Marque quando esta pessoa é a responsável familiar do domicílio onde mora.';
const DICA_DOCUMENTOS =
  'Informe o CPF ou o CNS. Um documento deixado em branco mantém o que já consta no cadastro do munícipe.';
const DICA_SOCIO = 'Estas respostas são as do munícipe: alterá-las aqui altera também o cadastro do munícipe.';

type Linhas = FieldRows<CadastroFormValues>;

const INSEGURANCA: Linhas = (['alimentos_acabaram_sem_dinheiro', 'comeu_alguns_alimentos_sem_dinheiro'] as const).map(
  (name) => ({ kind: 'yesNo', name, label: perguntasInsegurancaAlimentar[name] }),
);

export function Identificacao({ form }: { form: Form }) {
  const [nac, recusa, raca, maeDesconhecida, paiDesconhecido] = useWatch({
    control: form.control,
    name: ['nacionalidade_id', 'termo_recusa', 'raca_cor_id', 'mae_desconhecida', 'pai_desconhecido'],
  });
  const exigido = !recusa;
  const estrangeiro = nac === NACIONALIDADE_ESTRANGEIRO;
  const naturalizado = nac === NACIONALIDADE_NATURALIZADO;
  const rows: Linhas = [
    {
      kind: 'checkbox',
      name: 'termo_recusa',
      label: 'O cidadão recusou o cadastro (termo de recusa)',
      description: 'Com a recusa, só o que o e-SUS exige para ela é obrigatório.',
      span: 'full',
    },
    { kind: 'cpf', name: 'cpf_numero', label: 'CPF' },
    { kind: 'cns', name: 'codigo_cns', label: 'CNS' },
    { kind: 'node', key: 'documentos', span: 'full', node: <Dica>{DICA_DOCUMENTOS}</Dica> },
    { kind: 'radio', name: 'raca_cor_id', label: 'Raça/cor', required: true, data: OPCOES.racaCor, span: 'full' },
    {
      kind: 'select',
      name: 'etnia_id',
      label: 'Etnia',
      required: true,
      data: OPCOES.etnia,
      when: raca === RACA_COR_INDIGENA,
    },
    { kind: 'text', name: 'nome_mae', label: 'Nome da mãe', required: !maeDesconhecida, disabled: !!maeDesconhecida },
    { kind: 'checkbox', name: 'mae_desconhecida', label: 'Mãe desconhecida' },
    { kind: 'text', name: 'nome_pai', label: 'Nome do pai', required: !paiDesconhecido, disabled: !!paiDesconhecido },
    { kind: 'checkbox', name: 'pai_desconhecido', label: 'Pai desconhecido' },
    { kind: 'node', key: 'identidade', span: 'full', node: <Dica>{DICA_IDENTIDADE}</Dica> },
    {
      kind: 'radio',
      name: 'nacionalidade_id',
      label: 'Nacionalidade',
      required: true,
      data: OPCOES.nacionalidade,
      span: 'full',
    },
    {
      kind: 'node',
      key: 'municipio_nascimento',
      when: nac === NACIONALIDADE_BRASILEIRA,
      node: (
        <MunicipioBuscaField
          control={form.control}
          name="municipio_nascimento_ibge"
          nomeField="municipio_nascimento_nome"
          label="Município de nascimento"
          required
        />
      ),
    },
    {
      kind: 'select',
      name: 'pais_nascimento_id',
      label: 'País de nascimento',
      required: exigido,
      data: OPCOES.pais,
      when: estrangeiro,
    },
    {
      kind: 'date',
      name: 'data_entrada_brasil',
      label: 'Data de entrada no Brasil',
      required: exigido,
      maxDate: todayIso(),
      when: estrangeiro,
    },
    {
      kind: 'date',
      name: 'data_naturalizacao',
      label: 'Data de naturalização',
      required: exigido,
      maxDate: todayIso(),
      when: naturalizado,
    },
    {
      kind: 'text',
      name: 'portaria_naturalizacao',
      label: 'Portaria de naturalização',
      required: exigido,
      inputProps: { maxLength: 16 },
      when: naturalizado,
    },
    { kind: 'checkbox', name: 'proprio_responsavel_familiar', label: 'É o próprio responsável familiar', span: 'full' },
    { kind: 'node', key: 'responsavel', span: 'full', node: <Dica>{DICA_RESPONSAVEL}</Dica> },
  ];
  return (
    <FormSection title="Identificação">
      <FieldGrid control={form.control} rows={rows} span="half" gap="md" />
    </FormSection>
  );
}

export function Questionario({ form, crianca }: { form: Form; crianca: boolean }) {
  const [defic, orient] = useWatch({
    control: form.control,
    name: ['possui_deficiencia', 'informa_orientacao_sexual'],
  });
  const socio: Linhas = [
    { kind: 'node', key: 'aviso', node: <Dica>{DICA_SOCIO}</Dica> },
    { kind: 'yesNo', name: 'possui_deficiencia', label: 'Tem alguma deficiência?' },
    {
      kind: 'checkboxGroup',
      name: 'deficiencias',
      label: 'Quais deficiências?',
      required: true,
      orientation: 'horizontal',
      data: DEFICIENCIAS,
      when: defic === true,
    },
    {
      kind: 'checkboxGroup',
      name: 'responsaveis_criancas',
      label: 'Com quem a criança fica?',
      orientation: 'horizontal',
      data: RESPONSAVEIS,
      when: crianca,
    },
    { kind: 'yesNo', name: 'informa_orientacao_sexual', label: 'Deseja informar orientação sexual?' },
    {
      kind: 'select',
      name: 'orientacao_sexual_id',
      label: 'Orientação sexual',
      required: true,
      data: OPCOES.orientacaoSexual,
      when: orient === true,
    },
  ];
  return (
    <>
      <FormSection title="Triagem de insegurança alimentar (últimos três meses)">
        <FieldGrid control={form.control} rows={INSEGURANCA} span="full" gap="md" />
      </FormSection>
      <FormSection title="Informações sociodemográficas">
        <FieldGrid control={form.control} rows={socio} span="full" gap="md" />
      </FormSection>
    </>
  );
}

function Dica({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}
