// Tab "Identificação" (default) of the citizen record: identity, nationality, address, contacts, reference unit.
import { Stack, Text } from '@mantine/core';
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
import { codeOptions, codeOptionsOf, FieldSections } from '../../../lib/form';
import { NUMERICO, useMunicipeForm, useMunicipeFormInfo, vazio, type Linha, type Linhas, type Secoes } from './comum';
import { MunicipioNascimentoField } from './MunicipioNascimentoField';
import { CadsusBusca } from '../cadsus/CadsusBusca';
import { useCadsus } from '../cadsus/CadsusContext';
import { useParametroUnidade } from '../../parametros';

const OPCOES = codeOptionsOf({ sexo, racaCor, estadoCivil, nacionalidade, etnia, pais });
const CBO = codeOptions(cboCadastroIndividual, (c) => `${c.codigo} - ${c.descricao}`);
const EXIGE_CPF_CNS = 'Esta unidade exige CPF ou CNS no cadastro: o cartão provisório sozinho não basta.';
const AJUDA_EQUIPE = 'Definida pelo cadastro individual do território';
const AJUDA_PROFISSIONAL = 'Preenchido automaticamente quando o profissional pertence a uma equipe';

const RESIDENCIA = {
  cep: 'residencia_cep',
  uf: 'residencia_uf',
  municipio: 'residencia_municipio_nome',
  municipio_ibge: 'residencia_municipio_ibge',
  tipo_logradouro: 'residencia_tipo_logradouro',
  logradouro: 'residencia_logradouro',
  numero: 'residencia_numero',
  bairro: 'residencia_bairro',
  ponto_referencia: 'residencia_ponto_referencia',
};

export function IdentificacaoTab() {
  const form = useMunicipeForm();
  const { control } = form;
  const { municipe, unidades } = useMunicipeFormInfo();
  const { marcados } = useCadsus();
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
  // Spec §5 rules shown as required marks as they apply (the schema decides either way). A unit with cpf_cns
  // (issue 39) does not take the provisional card alone: CPF or CNS, one of the two.
  const exigeCpfCns = useParametroUnidade('cpf_cns').data === true;
  const cnsObrigatorio = vazio(provisorio) || (exigeCpfCns && vazio(cpf));
  const cpfObrigatorio = (vazio(provisorio) || exigeCpfCns) && vazio(cns);
  const semTelefone = vazio(telefones?.residencial) && vazio(telefones?.celular) && vazio(telefones?.contato);
  const nacionalidadeNum = Number(nacionalidadeId);
  const brasileiro = nacionalidadeNum === 1;
  const naturalizado = nacionalidadeNum === 2;
  const estrangeiro = nacionalidadeNum === 3;
  const indigena = Number(racaCorId) === RACA_COR_INDIGENA;

  const identificacao: Linhas = [
    { kind: 'cpf', name: 'cpf_numero', label: 'CPF', required: cpfObrigatorio && vazio(cpf) },
    { kind: 'cns', name: 'codigo_cns', label: 'CNS', required: cnsObrigatorio },
    {
      kind: 'node',
      key: 'exige-cpf-cns',
      span: 'full',
      when: exigeCpfCns,
      node: <Text size="sm">{EXIGE_CPF_CNS}</Text>,
    },
    { kind: 'node', key: 'cadsus', span: 'full', node: <CadsusBusca /> },
    {
      kind: 'text',
      name: 'cartao_provisorio',
      label: 'Cartão provisório',
      tooltip: 'Número do cartão provisório do SUS, quando o munícipe ainda não tem CNS definitivo',
      inputProps: NUMERICO,
    },
    { kind: 'text', name: 'nome', label: 'Nome', required: true, span: 'half', inputProps: { autoComplete: 'off' } },
    { kind: 'text', name: 'nome_social', label: 'Nome social', span: 'half' },
    { kind: 'date', name: 'data_nascimento', label: 'Data de nascimento', required: true },
    { kind: 'radio', name: 'sexo_id', label: 'Sexo', required: true, data: OPCOES.sexo, span: 'full' },
    { kind: 'radio', name: 'raca_cor_id', label: 'Raça/cor', data: OPCOES.racaCor, span: 'full' },
    {
      kind: 'select',
      name: 'etnia_id',
      label: 'Etnia',
      required: true,
      data: OPCOES.etnia,
      span: 'half',
      when: indigena,
    },
    { kind: 'radio', name: 'estado_civil_id', label: 'Estado civil', data: OPCOES.estadoCivil, span: 'full' },
    genitor('nome_mae', 'Nome da mãe', 'mae_desconhecida', 'Mãe desconhecida', maeDesconhecida),
    genitor('nome_pai', 'Nome do pai', 'pai_desconhecido', 'Pai desconhecido', paiDesconhecido),
    { kind: 'text', name: 'responsavel_nome', label: 'Nome do responsável', span: 'half' },
    { kind: 'date', name: 'responsavel_data_nascimento', label: 'Data de nascimento do responsável' },
  ];
  const naturalidade: Linhas = [
    { kind: 'radio', name: 'nacionalidade_id', label: 'Nacionalidade', data: OPCOES.nacionalidade, span: 'full' },
    {
      kind: 'node',
      key: 'municipio',
      span: 'half',
      when: brasileiro,
      node: <MunicipioNascimentoField inicial={municipe} />,
    },
    {
      kind: 'select',
      name: 'pais_nascimento_id',
      label: 'País de nascimento',
      data: OPCOES.pais,
      span: 'half',
      when: naturalizado || estrangeiro,
    },
    { kind: 'date', name: 'data_naturalizacao', label: 'Data da naturalização', when: naturalizado },
    { kind: 'text', name: 'portaria_naturalizacao', label: 'Portaria de naturalização', when: naturalizado },
    { kind: 'date', name: 'data_entrada_brasil', label: 'Data de entrada no Brasil', when: estrangeiro },
  ];
  const endereco: Linhas = [
    { kind: 'node', key: 'endereco', span: 'full', node: <AddressFields control={control} names={RESIDENCIA} /> },
    { kind: 'text', name: 'residencia_complemento', label: 'Complemento', span: 'half' },
  ];
  const contatos: Linhas = [
    {
      kind: 'phone',
      name: 'telefones.residencial',
      label: 'Telefone residencial',
      required: semTelefone,
      tooltip: 'Obrigatório quando nenhum outro telefone for informado',
    },
    { kind: 'phone', name: 'telefones.celular', label: 'Telefone celular' },
    { kind: 'phone', name: 'telefones.contato', label: 'Telefone de contato' },
    { kind: 'text', name: 'email', label: 'E-mail', span: 'half', inputProps: { type: 'email', autoComplete: 'off' } },
  ];
  const referencia: Linhas = [
    {
      kind: 'select',
      name: 'unidade_saude_referencia_id',
      label: 'Unidade de referência',
      data: unidades,
      span: 'half',
    },
    {
      kind: 'select',
      name: 'ocupacao_id',
      label: 'CBO do profissional',
      data: CBO,
      span: 'half',
      inputProps: { limit: 200 },
    },
    {
      kind: 'node',
      key: 'equipe',
      span: 'half',
      node: <Leitura label="Equipe" valor={municipe?.equipe_nome} ajuda={AJUDA_EQUIPE} />,
    },
    {
      kind: 'node',
      key: 'profissional',
      span: 'half',
      node: (
        <Leitura label="Profissional de referência" valor={municipe?.profissional_nome} ajuda={AJUDA_PROFISSIONAL} />
      ),
    },
    {
      kind: 'text',
      name: 'micro_area',
      label: 'Microárea',
      disabled: foraArea === true,
      inputProps: { inputMode: 'numeric', maxLength: 2 },
      description: 'Dois dígitos, por exemplo 01',
    },
    { kind: 'checkbox', name: 'fora_area', label: 'Fora de área' },
  ];

  const secoes: Secoes = [
    ['Identificação', identificacao],
    ['Nacionalidade e naturalidade', naturalidade],
    ['Endereço', endereco],
    ['Contatos', contatos],
    ['Unidade de referência', referencia],
  ].map(([titulo, linhas]) => [titulo, marcarCadsus(linhas as Linhas, marcados)] as [string, Linhas]);
  return (
    <Stack gap="md">
      <FieldSections control={control} sections={secoes} />
    </Stack>
  );
}

/** A parent's name, with the box saying the parent is unknown (which disables the name) under it. */
function genitor(
  nome: 'nome_mae' | 'nome_pai',
  label: string,
  desconhecido: 'mae_desconhecida' | 'pai_desconhecido',
  rotulo: string,
  marcado: boolean | null | undefined,
): Linha {
  const rows: Linha[] = [
    { kind: 'text', name: nome, label, disabled: marcado === true },
    { kind: 'checkbox', name: desconhecido, label: rotulo },
  ];
  return { kind: 'stack', key: nome, span: 'half', rows };
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

/** Issue 24: a field the national registry filled says so under it (text, not colour alone). */
const DO_CADSUS = 'Preenchido pelo CADSUS';
function marcarCadsus(linhas: Linhas, marcados: ReadonlySet<string>): Linhas {
  if (marcados.size === 0) return linhas;
  return linhas.map((l) => {
    if (l.kind === 'stack') return { ...l, rows: marcarCadsus(l.rows, marcados) };
    if ('name' in l && marcados.has(l.name)) return { ...l, description: DO_CADSUS };
    return l;
  });
}
