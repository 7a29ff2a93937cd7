// The questions of the e-SUS individual registration (Ficha de Cadastro Individual, LEDI APS) asked in the citizen's
// blocks, in the form's order, shared by the edit tabs and their read-only views so both read the same.
import {
  acessoHigiene,
  consideracaoPeso,
  cursoMaisElevado,
  deficienciaCidadao,
  doencaCardiaca,
  doencaRespiratoria,
  identidadeGenero,
  orientacaoSexual,
  origemAlimentacao,
  povoComunidadeTradicional,
  problemaRins,
  quantasVezesAlimentacao,
  responsavelCrianca,
  situacaoMercadoTrabalho,
  tempoSituacaoRua,
  type CodeRow,
} from '@saude/shared/codes';
import {
  IDADE_MAXIMA_RESPONSAVEL_CRIANCA,
  idadeEmAnos,
  type CondicaoSaudeValues,
  type Municipe,
  type SociodemograficaValues,
} from '@saude/shared/schemas/municipe';

export type Tabela = readonly CodeRow[];

// ---- sociodemographic block ("Informações sociodemográficas") ----------------------------------------

export const SOCIO_MODEL = 'Informação sociodemográfica';

export const socioLabels = {
  responsavel_familiar: 'É responsável familiar?',
  ocupacao_id: 'Ocupação',
  frequenta_escola: 'Frequenta escola ou creche?',
  curso_mais_elevado_id: 'Qual é o curso mais elevado que frequenta ou frequentou?',
  situacao_mercado_trabalho_id: 'Situação no mercado de trabalho',
  responsaveis_criancas: 'Crianças de 0 a 9 anos, com quem fica?',
  frequenta_cuidador_tradicional: 'Frequenta cuidador tradicional?',
  participa_grupo_comunitario: 'Participa de algum grupo comunitário?',
  plano_saude_privado: 'Possui plano de saúde privado?',
  povo_comunidade_tradicional: 'É membro de povo ou comunidade tradicional?',
  povo_comunidade_tradicional_id: 'Qual povo ou comunidade tradicional?',
  informa_orientacao_sexual: 'Deseja informar orientação sexual?',
  orientacao_sexual_id: 'Qual orientação sexual?',
  informa_identidade_genero: 'Deseja informar identidade de gênero?',
  identidade_genero_id: 'Qual identidade de gênero?',
  possui_deficiencia: 'Tem alguma deficiência?',
  deficiencias: 'Quais deficiências?',
} as const satisfies Record<keyof SociodemograficaValues, string>;

export type SocioCampo = keyof typeof socioLabels;

/** The code table of each coded question (labels for selects, radios, checkboxes and the read-only view). */
export const socioTabelas = {
  curso_mais_elevado_id: cursoMaisElevado,
  situacao_mercado_trabalho_id: situacaoMercadoTrabalho,
  responsaveis_criancas: responsavelCrianca,
  povo_comunidade_tradicional_id: povoComunidadeTradicional,
  orientacao_sexual_id: orientacaoSexual,
  identidade_genero_id: identidadeGenero,
  deficiencias: deficienciaCidadao,
} as const satisfies Partial<Record<SocioCampo, Tabela>>;

/** Spec §5: the caregiver question is asked of children aged 0 to 9 only (age at death for a deceased citizen). */
export function perguntaResponsavelCrianca(municipe: Pick<Municipe, 'data_nascimento' | 'data_obito'>): boolean {
  const idade = idadeEmAnos(municipe.data_nascimento, municipe.data_obito ?? undefined);
  return idade !== null && idade <= IDADE_MAXIMA_RESPONSAVEL_CRIANCA;
}

// ---- health conditions ("Condições/situações de saúde" and "Cidadão em situação de rua") -------------

export const SAUDE_MODEL = 'Condição de saúde';

export const saudeLabels = {
  gestante: 'Está gestante?',
  maternidade_referencia: 'Qual é a maternidade de referência?',
  consideracao_peso_id: 'Sobre seu peso, você se considera?',
  fumante: 'Está fumante?',
  alcool: 'Faz uso de álcool?',
  outras_drogas: 'Faz uso de outras drogas?',
  hipertensao: 'Tem hipertensão arterial?',
  diabetes: 'Tem diabetes?',
  avc: 'Teve AVC/derrame?',
  infarto: 'Teve infarto?',
  doenca_cardiaca: 'Tem doença cardíaca/do coração?',
  doencas_cardiacas: 'Quais doenças cardíacas?',
  doenca_rins: 'Tem ou teve problemas nos rins?',
  doencas_rins: 'Quais problemas nos rins?',
  doenca_respiratoria: 'Tem doença respiratória/no pulmão?',
  doencas_respiratorias: 'Quais doenças respiratórias?',
  hanseniase: 'Está com hanseníase?',
  tuberculose: 'Está com tuberculose?',
  cancer: 'Tem ou teve câncer?',
  // Spec §5: the hospitalisation question looks back 12 months.
  internacao_12_meses: 'Teve alguma internação nos últimos 12 meses?',
  internacao_causa: 'Por qual causa?',
  saude_mental: 'Tem diagnóstico de algum problema de saúde mental por profissional de saúde?',
  acamado: 'Está acamado?',
  domiciliado: 'Está domiciliado?',
  plantas_medicinais: 'Usa plantas medicinais?',
  plantas_medicinais_quais: 'Quais plantas medicinais?',
  praticas_integrativas: 'Usa outras práticas integrativas e complementares?',
  outras_condicoes: 'Outras condições de saúde',
  situacao_rua: 'Está em situação de rua?',
  tempo_situacao_rua_id: 'Tempo em situação de rua',
  recebe_beneficio: 'Recebe algum benefício?',
  referencia_familiar: 'Possui referência familiar?',
  visita_familiar: 'Visita algum familiar com frequência?',
  grau_parentesco_familiar: 'Qual o grau de parentesco?',
  acompanhado_outra_instituicao: 'É acompanhado por outra instituição?',
  outra_instituicao: 'Qual instituição?',
  quantas_vezes_alimentacao_id: 'Quantas vezes se alimenta ao dia?',
  origem_alimentacao: 'Qual a origem da alimentação?',
  acesso_higiene: 'Tem acesso a higiene pessoal?',
  acesso_higiene_ids: 'Quais meios de higiene?',
} as const satisfies Record<keyof CondicaoSaudeValues, string>;

export type SaudeCampo = keyof typeof saudeLabels;

export const saudeTabelas = {
  consideracao_peso_id: consideracaoPeso,
  doencas_cardiacas: doencaCardiaca,
  doencas_rins: problemaRins,
  doencas_respiratorias: doencaRespiratoria,
  tempo_situacao_rua_id: tempoSituacaoRua,
  quantas_vezes_alimentacao_id: quantasVezesAlimentacao,
  origem_alimentacao: origemAlimentacao,
  acesso_higiene_ids: acessoHigiene,
} as const satisfies Partial<Record<SaudeCampo, Tabela>>;

type Limpar = ReadonlyArray<readonly [keyof CondicaoSaudeValues, unknown]>;

// "Não" empties the details, as the API's normaliser does (visits and hygiene details too: e-SUS asks them only after "Sim").
export const LIMPAR_GESTANTE = [['maternidade_referencia', null]] as const satisfies Limpar;
export const LIMPAR_CARDIACA = [['doencas_cardiacas', []]] as const satisfies Limpar;
export const LIMPAR_RINS = [['doencas_rins', []]] as const satisfies Limpar;
export const LIMPAR_RESPIRATORIA = [['doencas_respiratorias', []]] as const satisfies Limpar;
export const LIMPAR_INTERNACAO = [['internacao_causa', null]] as const satisfies Limpar;
export const LIMPAR_PLANTAS = [['plantas_medicinais_quais', null]] as const satisfies Limpar;
export const LIMPAR_VISITA = [['grau_parentesco_familiar', null]] as const satisfies Limpar;
export const LIMPAR_INSTITUICAO = [['outra_instituicao', null]] as const satisfies Limpar;
export const LIMPAR_HIGIENE = [['acesso_higiene_ids', []]] as const satisfies Limpar;
export const LIMPAR_RUA = [
  ['tempo_situacao_rua_id', null],
  ['recebe_beneficio', null],
  ['referencia_familiar', null],
  ['quantas_vezes_alimentacao_id', null],
  ['origem_alimentacao', []],
  ['acompanhado_outra_instituicao', null],
  ['outra_instituicao', null],
  ['visita_familiar', null],
  ['grau_parentesco_familiar', null],
  ['acesso_higiene', null],
  ['acesso_higiene_ids', []],
] as const satisfies Limpar;

/** Labels of the three free-text lines of "Outras condições de saúde". */
export const outraCondicaoLabel = (i: number) => `Outra condição de saúde ${i + 1}`;
export const OUTRAS_CONDICOES_MAX = 3;

/** Which sections the form shows, in the e-SUS order. */
export const saudeSecoes = {
  gerais: 'Condições/situações de saúde gerais',
  outras: 'Outras condições de saúde',
  rua: 'Cidadão em situação de rua',
} as const;

/** Labels of the form's paths for the save summary ('outras_condicoes.0' → its own line label). */
export const saudeSummaryLabels: Record<string, string> = {
  ...saudeLabels,
  ...Object.fromEntries(
    Array.from({ length: OUTRAS_CONDICOES_MAX }, (_, i) => [`outras_condicoes.${i}`, outraCondicaoLabel(i)]),
  ),
};
