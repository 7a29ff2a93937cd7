import { interpolate } from '../messages';

// Issue 39: how the reception checks a citizen's registration before care, from the unit flags `sem_validacao` and
// `validacao_completa_municipe` (spec §3). docs/decisions.md "The reception's registration check".
// - neither flag (the default): the arrival form lists what is missing, as a warning; the arrival is saved anyway;
// - `validacao_completa_municipe`: an arrival of now of an identified citizen is refused (422 on municipe_id) until
//   the record has every item of PENDENCIAS_RECEPCAO; a retroactive entry (the patient already gone) only warns;
// - `sem_validacao`: no check and no warning.
// Both flags on contradict each other: the unit form refuses them together (VALIDACAO_RECEPCAO_CONFLITO).
// A registered death refuses an arrival of now whatever the flags (it is a fact, not a check).

export type ModoValidacaoRecepcao = 'sem_validacao' | 'aviso' | 'completa';

export function modoValidacaoRecepcao(flags: {
  sem_validacao: boolean;
  validacao_completa_municipe: boolean;
}): ModoValidacaoRecepcao {
  if (flags.validacao_completa_municipe) return 'completa';
  return flags.sem_validacao ? 'sem_validacao' : 'aviso';
}

/** The citizen's columns the check reads. */
interface CadastroRecepcao {
  cpf_numero: string | null;
  codigo_cns: string | null;
  nome_mae: string | null;
  mae_desconhecida: boolean;
  telefone_residencial: string | null;
  telefone_celular: string | null;
  telefone_contato: string | null;
  residencia_logradouro: string | null;
  residencia_numero: string | null;
  residencia_bairro: string | null;
  residencia_municipio_ibge: string | null;
}

const preenchido = (v: string | null | undefined) => !!v && v.trim() !== '';

/**
 * What the reception needs to identify and reach the person, with the citizen form's labels (blank text counts as
 * missing; "Mãe desconhecida" answers the mother's name; "S/N" is a number).
 */
export const PENDENCIAS_RECEPCAO: ReadonlyArray<{ rotulo: string; ok: (m: CadastroRecepcao) => boolean }> = [
  { rotulo: 'CPF ou CNS', ok: (m) => preenchido(m.cpf_numero) || preenchido(m.codigo_cns) },
  { rotulo: 'Nome da mãe', ok: (m) => preenchido(m.nome_mae) || m.mae_desconhecida },
  {
    rotulo: 'Telefone',
    ok: (m) => [m.telefone_residencial, m.telefone_celular, m.telefone_contato].some(preenchido),
  },
  { rotulo: 'Logradouro', ok: (m) => preenchido(m.residencia_logradouro) },
  { rotulo: 'Número', ok: (m) => preenchido(m.residencia_numero) },
  { rotulo: 'Bairro', ok: (m) => preenchido(m.residencia_bairro) },
  { rotulo: 'Município de residência', ok: (m) => preenchido(m.residencia_municipio_ibge) },
];

/** The labels of what the record lacks, in PENDENCIAS_RECEPCAO's order (empty: complete). */
export const pendenciasCadastro = (m: CadastroRecepcao): string[] =>
  PENDENCIAS_RECEPCAO.filter((p) => !p.ok(m)).map((p) => p.rotulo);

/** "A, B e C". */
const lista = (itens: string[]) =>
  itens.length <= 1 ? (itens[0] ?? '') : `${itens.slice(0, -1).join(', ')} e ${itens.at(-1)}`;

export const validacaoRecepcaoMsg = {
  /** On municipe_id (the summary reads "Munícipe tem o cadastro incompleto…"). */
  incompleto: (faltas: string[]) =>
    interpolate('tem o cadastro incompleto para esta unidade: falta %{1}', lista(faltas)),
  /** On validacao_completa_municipe, when sem_validacao is on too. */
  conflito: 'não pode ser ligada junto com "Sem validação de cadastro": escolha uma das duas',
} as const;
