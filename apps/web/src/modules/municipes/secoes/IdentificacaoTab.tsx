// Tab "Identificação" (default) of the citizen record: identity, nationality, address, contacts, reference unit.
import { Grid, Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { estadoCivil } from '@saude/shared/codes/estado_civil';
import { etnia } from '@saude/shared/codes/etnia';
import { nacionalidade } from '@saude/shared/codes/nacionalidade';
import { pais } from '@saude/shared/codes/pais';
import { racaCor } from '@saude/shared/codes/raca_cor';
import { sexo } from '@saude/shared/codes/sexo';
import { cboCadastroIndividual } from '@saude/shared/codes/cbo_cadastro_individual';
import { RACA_COR_INDIGENA } from '@saude/shared/schemas/municipe';
import { AddressFields } from '../../../lib/address';
import {
  CheckboxField,
  CnsField,
  codeOptions,
  CpfField,
  DateField,
  FormSection,
  PhoneField,
  RadioField,
  SelectField,
  TextField,
} from '../../../lib/form';
import { Col, useMunicipeForm, useMunicipeFormInfo, vazio } from './comum';
import { MunicipioNascimentoField } from './MunicipioNascimentoField';

const SEXO = codeOptions(sexo);
const RACA_COR = codeOptions(racaCor);
const ESTADO_CIVIL = codeOptions(estadoCivil);
const NACIONALIDADE = codeOptions(nacionalidade);
const ETNIA = codeOptions(etnia);
const PAIS = codeOptions(pais);
const CBO = codeOptions(cboCadastroIndividual, (c) => `${c.codigo} - ${c.descricao}`);

export function IdentificacaoTab() {
  const form = useMunicipeForm();
  const { control } = form;
  const { municipe } = useMunicipeFormInfo();
  const [cpf, cns, provisorio, racaCorId, nacionalidadeId, maeDesconhecida, paiDesconhecido, telefones, foraArea] =
    useWatch({
      control,
      name: [
        'cpf_numero',
        'codigo_cns',
        'cartao_provisorio',
        'raca_cor_id',
        'nacionalidade_id',
        'mae_desconhecida',
        'pai_desconhecido',
        'telefones',
        'fora_area',
      ],
    });
  // Spec §5 rules shown as required marks as they apply (the schema decides either way).
  const cnsObrigatorio = vazio(provisorio);
  const cpfObrigatorio = vazio(provisorio) && vazio(cns);
  const semTelefone = vazio(telefones?.residencial) && vazio(telefones?.celular) && vazio(telefones?.contato);
  const nacionalidadeNum = Number(nacionalidadeId);

  return (
    <Stack gap="md">
      <FormSection title="Identificação">
        <Grid gap="sm">
          <Col>
            <CpfField control={control} name="cpf_numero" label="CPF" required={cpfObrigatorio && vazio(cpf)} />
          </Col>
          <Col>
            <CnsField control={control} name="codigo_cns" label="CNS" required={cnsObrigatorio} />
          </Col>
          <Col>
            <TextField
              control={control}
              name="cartao_provisorio"
              label="Cartão provisório"
              tooltip="Número do cartão provisório do SUS, quando o munícipe ainda não tem CNS definitivo"
              inputProps={{ inputMode: 'numeric' }}
            />
          </Col>
          <Col span="half">
            <TextField control={control} name="nome" label="Nome" required inputProps={{ autoComplete: 'off' }} />
          </Col>
          <Col span="half">
            <TextField control={control} name="nome_social" label="Nome social" />
          </Col>
          <Col>
            <DateField control={control} name="data_nascimento" label="Data de nascimento" required />
          </Col>
          <Col span="full">
            <RadioField control={control} name="sexo_id" label="Sexo" required data={SEXO} />
          </Col>
          <Col span="full">
            <RadioField control={control} name="raca_cor_id" label="Raça/cor" data={RACA_COR} />
          </Col>
          {Number(racaCorId) === RACA_COR_INDIGENA && (
            <Col span="half">
              <SelectField control={control} name="etnia_id" label="Etnia" required data={ETNIA} />
            </Col>
          )}
          <Col span="full">
            <RadioField control={control} name="estado_civil_id" label="Estado civil" data={ESTADO_CIVIL} />
          </Col>
          <Col span="half">
            <Stack gap={6}>
              <TextField control={control} name="nome_mae" label="Nome da mãe" disabled={maeDesconhecida === true} />
              <CheckboxField control={control} name="mae_desconhecida" label="Mãe desconhecida" />
            </Stack>
          </Col>
          <Col span="half">
            <Stack gap={6}>
              <TextField control={control} name="nome_pai" label="Nome do pai" disabled={paiDesconhecido === true} />
              <CheckboxField control={control} name="pai_desconhecido" label="Pai desconhecido" />
            </Stack>
          </Col>
          <Col span="half">
            <TextField control={control} name="responsavel_nome" label="Nome do responsável" />
          </Col>
          <Col>
            <DateField control={control} name="responsavel_data_nascimento" label="Data de nascimento do responsável" />
          </Col>
        </Grid>
      </FormSection>

      <FormSection title="Nacionalidade e naturalidade">
        <Grid gap="sm">
          <Col span="full">
            <RadioField control={control} name="nacionalidade_id" label="Nacionalidade" data={NACIONALIDADE} />
          </Col>
          {nacionalidadeNum === 1 && (
            <Col span="half">
              <MunicipioNascimentoField inicial={municipe} />
            </Col>
          )}
          {(nacionalidadeNum === 2 || nacionalidadeNum === 3) && (
            <Col span="half">
              <SelectField control={control} name="pais_nascimento_id" label="País de nascimento" data={PAIS} />
            </Col>
          )}
          {nacionalidadeNum === 2 && (
            <>
              <Col>
                <DateField control={control} name="data_naturalizacao" label="Data da naturalização" />
              </Col>
              <Col>
                <TextField control={control} name="portaria_naturalizacao" label="Portaria de naturalização" />
              </Col>
            </>
          )}
          {nacionalidadeNum === 3 && (
            <Col>
              <DateField control={control} name="data_entrada_brasil" label="Data de entrada no Brasil" />
            </Col>
          )}
        </Grid>
      </FormSection>

      <FormSection title="Endereço">
        <AddressFields
          control={control}
          names={{
            cep: 'residencia_cep',
            uf: 'residencia_uf',
            municipio: 'residencia_municipio_nome',
            municipio_ibge: 'residencia_municipio_ibge',
            tipo_logradouro: 'residencia_tipo_logradouro',
            logradouro: 'residencia_logradouro',
            numero: 'residencia_numero',
            bairro: 'residencia_bairro',
            ponto_referencia: 'residencia_ponto_referencia',
          }}
        />
        <Grid gap="sm" mt="sm">
          <Col span="half">
            <TextField control={control} name="residencia_complemento" label="Complemento" />
          </Col>
        </Grid>
      </FormSection>

      <FormSection title="Contatos">
        <Grid gap="sm">
          <Col>
            <PhoneField
              control={control}
              name="telefones.residencial"
              label="Telefone residencial"
              required={semTelefone}
              tooltip="Obrigatório quando nenhum outro telefone for informado"
            />
          </Col>
          <Col>
            <PhoneField control={control} name="telefones.celular" label="Telefone celular" />
          </Col>
          <Col>
            <PhoneField control={control} name="telefones.contato" label="Telefone de contato" />
          </Col>
          <Col span="half">
            <TextField
              control={control}
              name="email"
              label="E-mail"
              inputProps={{ type: 'email', autoComplete: 'off' }}
            />
          </Col>
        </Grid>
      </FormSection>

      <FormSection title="Unidade de referência">
        <Grid gap="sm">
          <Col span="half">
            <UnidadeReferenciaField />
          </Col>
          <Col span="half">
            <SelectField
              control={control}
              name="ocupacao_id"
              label="CBO do profissional"
              data={CBO}
              inputProps={{ limit: 200 }}
            />
          </Col>
          <Col span="half">
            <Leitura
              label="Equipe"
              valor={municipe?.equipe_nome}
              ajuda="Definida pelo cadastro individual do território"
            />
          </Col>
          <Col span="half">
            <Leitura
              label="Profissional de referência"
              valor={municipe?.profissional_nome}
              ajuda="Preenchido automaticamente quando o profissional pertence a uma equipe"
            />
          </Col>
          <Col>
            <TextField
              control={control}
              name="micro_area"
              label="Microárea"
              disabled={foraArea === true}
              inputProps={{ inputMode: 'numeric', maxLength: 2 }}
              description="Dois dígitos, por exemplo 01"
            />
          </Col>
          <Col>
            <CheckboxField control={control} name="fora_area" label="Fora de área" />
          </Col>
        </Grid>
      </FormSection>
    </Stack>
  );
}

/** A value the form shows but does not edit here (team and professional come with the territory registration). */
function Leitura({ label, valor, ajuda }: { label: string; valor: string | null | undefined; ajuda: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="md" mih={36} style={{ display: 'flex', alignItems: 'center' }}>
        {valor || 'Não informado'}
      </Text>
      <Text size="xs" c="dimmed">
        {ajuda}
      </Text>
    </Stack>
  );
}

/** The reference unit: the units where the user works plus the citizen's current one (no unit list endpoint yet). */
function UnidadeReferenciaField() {
  const { control } = useMunicipeForm();
  const { unidades } = useMunicipeFormInfo();
  return (
    <SelectField control={control} name="unidade_saude_referencia_id" label="Unidade de referência" data={unidades} />
  );
}
