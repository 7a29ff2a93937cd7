// What the citizen form holds, how a loaded citizen becomes form values and back, and which tab shows each field.
import { useMemo, useRef } from 'react';
import { z } from 'zod';
import { rulesOf } from '@saude/shared/schemas/comum';
import {
  cpfCnsIssues,
  municipeFieldsSchema,
  municipeInputSchema,
  type Municipe,
  type MunicipeValues,
} from '@saude/shared/schemas/municipe';
import { useParametroUnidade } from '../parametros';

/**
 * The shared schema plus the residence municipality's name, which the address block keeps beside its IBGE code so the
 * select shows it before the state's list arrives. The name is display only and never sent.
 */
export const municipeFormSchema = z.intersection(
  municipeInputSchema,
  z.object({ residencia_municipio_nome: z.string().nullish(), municipio_nascimento_nome: z.string().nullish() }),
);
export type MunicipeFormValues = z.input<typeof municipeFormSchema>;

/**
 * The form's schema with the current unit's `cpf_cns` rule (issue 39) while the flag is on, read through the unit
 * parameters client. The ref keeps one resolver for the form's life and lets the flag's answer arrive later.
 */
export function useMunicipeFormSchema() {
  const exige = useParametroUnidade('cpf_cns').data === true;
  const atual = useRef(exige);
  atual.current = exige;
  const schema = useMemo(
    () =>
      z.intersection(
        municipeFormSchema,
        rulesOf((v) => (atual.current ? cpfCnsIssues(v) : [])),
      ),
    [],
  );
  return schema;
}
export type MunicipeFormOutput = z.output<typeof municipeFormSchema>;

/** A new citizen: every field empty, the reference unit preset to where the user works. */
export function novoMunicipe(unidadeAtualId: string | null): MunicipeFormValues {
  return {
    nome: '',
    data_nascimento: null as unknown as string,
    sexo_id: null as unknown as number,
    cpf_numero: '',
    codigo_cns: '',
    cartao_provisorio: '',
    nome_social: '',
    nome_mae: '',
    mae_desconhecida: false,
    nome_pai: '',
    pai_desconhecido: false,
    telefones: { residencial: '', celular: '', contato: '' },
    email: '',
    unidade_saude_referencia_id: unidadeAtualId,
    fora_area: false,
    doador_sangue: false,
    prontuarios: [],
    residencia_cep: '',
    residencia_uf: null,
    residencia_municipio_ibge: null,
    residencia_municipio_nome: '',
    residencia_tipo_logradouro: null,
    residencia_logradouro: '',
    residencia_numero: '',
    residencia_complemento: '',
    residencia_bairro: '',
    residencia_ponto_referencia: '',
    nacionalidade_id: 1,
  };
}

/** What the form holds of the GET answer: the input's fields and the two display-only names (not the id, version…). */
const CAMPOS_DO_FORM = new Set([
  ...Object.keys(municipeFieldsSchema.shape),
  'residencia_municipio_nome',
  'municipio_nascimento_nome',
]);

/** A loaded citizen as form values (nulls stay: every field accepts null for "empty"). */
export function municipeParaForm(m: Municipe): MunicipeFormValues {
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(m).filter(([k]) => CAMPOS_DO_FORM.has(k)));
  values.prontuarios = m.prontuarios.map((p) => ({
    id: p.id,
    numero: p.numero,
    unidade_saude_id: p.unidade_saude_id,
    inativacao_motivo_id: p.inativacao_motivo_id,
    inativacao_justificativa: p.inativacao_justificativa,
  }));
  return values as MunicipeFormValues;
}

/** The body the API takes: the schema's output without the display-only names. */
export function formParaApi(v: MunicipeFormOutput): MunicipeValues {
  const { residencia_municipio_nome: _r, municipio_nascimento_nome: _n, ...rest } = v;
  return rest;
}

/** Visible labels by field path, for the error summary ('CPF não é válido'). */
export const ROTULOS: Record<string, string> = {
  cpf_numero: 'CPF',
  codigo_cns: 'CNS',
  cartao_provisorio: 'Cartão provisório',
  nome: 'Nome',
  nome_social: 'Nome social',
  data_nascimento: 'Data de nascimento',
  sexo_id: 'Sexo',
  raca_cor_id: 'Raça/cor',
  etnia_id: 'Etnia',
  estado_civil_id: 'Estado civil',
  nome_mae: 'Nome da mãe',
  nome_pai: 'Nome do pai',
  responsavel_nome: 'Nome do responsável',
  responsavel_data_nascimento: 'Data de nascimento do responsável',
  nacionalidade_id: 'Nacionalidade',
  municipio_nascimento_ibge: 'Município de nascimento',
  pais_nascimento_id: 'País de nascimento',
  data_entrada_brasil: 'Data de entrada no Brasil',
  data_naturalizacao: 'Data da naturalização',
  portaria_naturalizacao: 'Portaria de naturalização',
  'telefones.residencial': 'Telefone residencial',
  'telefones.celular': 'Telefone celular',
  'telefones.contato': 'Telefone de contato',
  email: 'E-mail',
  residencia_cep: 'CEP',
  residencia_uf: 'UF',
  residencia_municipio_ibge: 'Município',
  residencia_tipo_logradouro: 'Tipo de logradouro',
  residencia_logradouro: 'Logradouro',
  residencia_numero: 'Número',
  residencia_complemento: 'Complemento',
  residencia_bairro: 'Bairro',
  residencia_ponto_referencia: 'Ponto de referência',
  unidade_saude_referencia_id: 'Unidade de referência',
  profissional_id: 'Profissional de referência',
  equipe_id: 'Equipe',
  ocupacao_id: 'CBO do profissional',
  micro_area: 'Microárea',
  fora_area: 'Fora de área',
  cartao_municipal: 'Cartão municipal',
  numero_registro: 'Número de registro',
  numero_prontuario_familiar: 'Prontuário familiar',
  rg_numero: 'Número da identidade',
  rg_data_emissao: 'Data de emissão da identidade',
  rg_uf: 'UF da identidade',
  rg_orgao_emissor: 'Órgão emissor',
  nis: 'NIS (PIS/PASEP)',
  titulo_eleitor: 'Título de eleitor',
  titulo_zona: 'Zona',
  titulo_secao: 'Seção',
  certidao_tipo: 'Tipo de certidão',
  certidao_cartorio: 'Cartório',
  certidao_livro: 'Livro',
  certidao_folha: 'Folha',
  certidao_termo: 'Termo',
  certidao_data_emissao: 'Data de emissão da certidão',
  certidao_matricula: 'Matrícula',
  prontuarios: 'Prontuários',
  'prontuarios.numero': 'Número do prontuário',
  'prontuarios.unidade_saude_id': 'Unidade do prontuário',
  'prontuarios.inativacao_motivo_id': 'Motivo da inativação',
  'prontuarios.inativacao_justificativa': 'Justificativa da inativação',
  'prontuarios.id': 'Prontuário',
  parentesco_id: 'Parentesco com o responsável familiar',
  doador_sangue: 'Doador de sangue',
  tipo_sanguineo_id: 'Tipo sanguíneo',
  motivo_saida_cadastro_id: 'Motivo da saída',
  data_obito: 'Data do óbito',
  numero_do: 'Número da declaração de óbito',
};

const DOCUMENTOS =
  /^(cartao_municipal|numero_registro|numero_prontuario_familiar|rg_|nis|titulo_|certidao_|prontuarios)/;
const OUTROS = /^(parentesco_id|doador_sangue|tipo_sanguineo_id|motivo_saida_cadastro_id|data_obito|numero_do)$/;

/** The record tab ('' | 'documento_prontuario' | 'outros') that shows the field at `path`. */
export function abaDoCampo(path: string): string {
  const raiz = path.split('.')[0] ?? '';
  if (DOCUMENTOS.test(raiz)) return 'documento_prontuario';
  if (OUTROS.test(raiz)) return 'outros';
  return '';
}
