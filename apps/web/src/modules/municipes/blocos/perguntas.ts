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
import { IDADE_MAXIMA_RESPONSAVEL_CRIANCA, idadeEmAnos, type Municipe } from '@saude/shared/schemas/municipe';
import { saudeLabels, socioLabels } from '@saude/shared/schemas/municipe_blocos_rotulos';

export type Tabela = readonly CodeRow[];

/**
 * A question of a block: how it is answered, and for a yes/no question the details asked only after "Sim" ("Não"
 * empties them, as the API's normaliser does). `proprio`: a field the tab renders itself (the occupation).
 */
export interface Questao<C extends string> {
  campo: C;
  /** The kit's field kind (FieldGrid), or `proprio`. */
  tipo: 'yesNo' | 'radio' | 'select' | 'checkboxGroup' | 'text' | 'proprio';
  obrigatoria: boolean;
  seSim: readonly Questao<C>[];
  /** The code table of a coded question (its options, and its labels in the read-only view). */
  tabela?: Tabela;
}

/** A titled section of questions; with `portao` its only question opens the rest, laid out as a grid of their own. */
export interface Secao<C extends string> {
  titulo: string;
  labels: Record<C, string>;
  questoes: readonly Questao<C>[];
  portao?: boolean;
}

/** A yes/no question and the details asked after "Sim"; or another kind, with whether it is required. */
function q<C extends string>(
  campo: C,
  tipo: Questao<C>['tipo'] = 'yesNo',
  detalhes: readonly Questao<C>[] | boolean = [],
): Questao<C> {
  return typeof detalhes === 'boolean'
    ? { campo, tipo, obrigatoria: detalhes, seSim: [] }
    : { campo, tipo, obrigatoria: false, seSim: detalhes };
}

/** A question answered from an e-SUS code table. */
const cod = <C extends string>(
  campo: C,
  tipo: 'radio' | 'select' | 'checkboxGroup',
  tabela: Tabela,
  obrigatoria = false,
) => ({
  ...q(campo, tipo, obrigatoria),
  tabela,
});

/** The details a question empties when its answer leaves "Sim", with their empty value (lists [], others null). */
export function detalhesDe<C extends string>(questao: Questao<C>): ReadonlyArray<readonly [C, null | []]> {
  return questao.seSim.flatMap((d) => [[d.campo, d.tipo === 'checkboxGroup' ? [] : null] as const, ...detalhesDe(d)]);
}

// ---- sociodemographic block ("Informações sociodemográficas") ----------------------------------------

export const SOCIO_MODEL = 'Informação sociodemográfica';

export { socioLabels };

export type SocioCampo = keyof typeof socioLabels;

/** The sociodemographic questions in the form's order. */
export const socioSecao: Secao<SocioCampo> = {
  titulo: 'Informações sociodemográficas',
  labels: socioLabels,
  questoes: [
    q('responsavel_familiar'),
    q('ocupacao_id', 'proprio'),
    q('frequenta_escola'),
    cod('curso_mais_elevado_id', 'select', cursoMaisElevado),
    cod('situacao_mercado_trabalho_id', 'select', situacaoMercadoTrabalho),
    cod('responsaveis_criancas', 'checkboxGroup', responsavelCrianca),
    q('frequenta_cuidador_tradicional'),
    q('participa_grupo_comunitario'),
    q('plano_saude_privado'),
    q('povo_comunidade_tradicional', 'yesNo', [
      cod('povo_comunidade_tradicional_id', 'select', povoComunidadeTradicional, true),
    ]),
    q('informa_orientacao_sexual', 'yesNo', [cod('orientacao_sexual_id', 'select', orientacaoSexual, true)]),
    q('informa_identidade_genero', 'yesNo', [cod('identidade_genero_id', 'select', identidadeGenero, true)]),
    q('possui_deficiencia', 'yesNo', [cod('deficiencias', 'checkboxGroup', deficienciaCidadao, true)]),
  ],
};

/** Spec §5: the caregiver question is asked of children aged 0 to 9 only (age at death for a deceased citizen). */
export function perguntaResponsavelCrianca(municipe: Pick<Municipe, 'data_nascimento' | 'data_obito'>): boolean {
  const idade = idadeEmAnos(municipe.data_nascimento, municipe.data_obito ?? undefined);
  return idade !== null && idade <= IDADE_MAXIMA_RESPONSAVEL_CRIANCA;
}

// ---- health conditions ("Condições/situações de saúde" and "Cidadão em situação de rua") -------------

export const SAUDE_MODEL = 'Condição de saúde';

// The questions' wording lives in shared (issue 46: the citizen's copy asks them in the same words).
export { saudeLabels };

export type SaudeCampo = keyof typeof saudeLabels;

/** Which sections the form shows, in the e-SUS order. */
export const saudeSecoes = {
  gerais: 'Condições/situações de saúde gerais',
  outras: 'Outras condições de saúde',
  rua: 'Cidadão em situação de rua',
} as const;

/** The general and street-situation questions in the e-SUS order ("Outras condições" are three free lines). */
export const saudeQuestoes = {
  gerais: {
    titulo: saudeSecoes.gerais,
    labels: saudeLabels,
    questoes: [
      q('gestante', 'yesNo', [q('maternidade_referencia', 'text', false)]),
      cod('consideracao_peso_id', 'radio', consideracaoPeso),
      q('fumante'),
      q('alcool'),
      q('outras_drogas'),
      q('hipertensao'),
      q('diabetes'),
      q('avc'),
      q('infarto'),
      q('doenca_cardiaca', 'yesNo', [cod('doencas_cardiacas', 'checkboxGroup', doencaCardiaca, true)]),
      q('doenca_rins', 'yesNo', [cod('doencas_rins', 'checkboxGroup', problemaRins, true)]),
      q('doenca_respiratoria', 'yesNo', [cod('doencas_respiratorias', 'checkboxGroup', doencaRespiratoria, true)]),
      q('hanseniase'),
      q('tuberculose'),
      q('cancer'),
      q('internacao_12_meses', 'yesNo', [q('internacao_causa', 'text', true)]),
      q('saude_mental'),
      q('acamado'),
      q('domiciliado'),
      q('plantas_medicinais', 'yesNo', [q('plantas_medicinais_quais', 'text', true)]),
      q('praticas_integrativas'),
    ],
  },
  rua: {
    titulo: saudeSecoes.rua,
    labels: saudeLabels,
    portao: true,
    questoes: [
      q('situacao_rua', 'yesNo', [
        cod('tempo_situacao_rua_id', 'radio', tempoSituacaoRua, true),
        q('recebe_beneficio'),
        q('referencia_familiar'),
        cod('quantas_vezes_alimentacao_id', 'radio', quantasVezesAlimentacao),
        cod('origem_alimentacao', 'checkboxGroup', origemAlimentacao),
        q('acompanhado_outra_instituicao', 'yesNo', [q('outra_instituicao', 'text', true)]),
        q('visita_familiar', 'yesNo', [q('grau_parentesco_familiar', 'text', false)]),
        q('acesso_higiene', 'yesNo', [cod('acesso_higiene_ids', 'checkboxGroup', acessoHigiene, true)]),
      ]),
    ],
  },
} satisfies Record<string, Secao<SaudeCampo>>;

/** Labels of the three free-text lines of "Outras condições de saúde". */
export const outraCondicaoLabel = (i: number) => `Outra condição de saúde ${i + 1}`;
export const OUTRAS_CONDICOES_MAX = 3;

/** Labels of the form's paths for the save summary ('outras_condicoes.0' → its own line label). */
export const saudeSummaryLabels: Record<string, string> = {
  ...saudeLabels,
  ...Object.fromEntries(
    Array.from({ length: OUTRAS_CONDICOES_MAX }, (_, i) => [`outras_condicoes.${i}`, outraCondicaoLabel(i)]),
  ),
};
