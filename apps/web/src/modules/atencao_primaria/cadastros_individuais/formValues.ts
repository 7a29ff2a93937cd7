// The registration form's values and its mapping to and from the API (issue 6). The rules are the shared ones
// (cadastroIndividualIssues), so the form and the API answer with the same messages.
import { z } from 'zod';
import { isValidTime, msg, zonedDateTimeToIso } from '@saude/shared';
import {
  CAMPOS_DO_CADASTRO,
  cadastroIndividualFieldsSchema,
  cadastroIndividualIssues,
  camposDoMunicipeSchema,
  sociodemograficaDoCadastroSchema,
  type CadastroIndividual,
  type CadastroIndividualInput,
} from '@saude/shared/schemas/cadastro_individual';
import { identificacaoEsusIssues } from '@saude/shared/schemas/municipe';
import { emptyValues, pickValues } from '../../../lib/form';
import { agoraParaCadastro, ROTULOS_CABECALHO, type ProfissionalEscolhido } from '../comum/CabecalhoEsus';

const campo = cadastroIndividualFieldsSchema.shape;

/**
 * The fields the form edits under the API's names (issue 13's null convention: null for an empty answer, as in the
 * answer). The header's unit, professional, team and occupation are not edited here; data_cadastro is split in two.
 */
const HEADER = ['unidade_saude_id', 'profissional_id', 'equipe_id', 'ocupacao_id'] as const;
const CAMPOS = [
  ...Object.keys(camposDoMunicipeSchema.shape).filter((k) => !(HEADER as readonly string[]).includes(k)),
  ...CAMPOS_DO_CADASTRO,
  ...Object.keys(sociodemograficaDoCadastroSchema.shape),
] as Array<
  Exclude<
    | keyof typeof camposDoMunicipeSchema.shape
    | (typeof CAMPOS_DO_CADASTRO)[number]
    | keyof typeof sociodemograficaDoCadastroSchema.shape,
    (typeof HEADER)[number]
  >
>;
type Campo = (typeof CAMPOS)[number];

export type CadastroFormValues = { [K in Campo]: Exclude<CadastroIndividual[K], undefined> } & ProfissionalEscolhido & {
    municipe_id: string;
    /** yyyy-MM-dd and HH:mm in São Paulo; joined into one ISO timestamp for the API. */
    data_cadastro_data: string | null;
    data_cadastro_hora: string | null;
    /** "NAME - UF" of the birthplace, shown by its picker; not sent. */
    municipio_nascimento_nome?: string | null;
  };

export const cadastroFormSchema = z
  .custom<CadastroFormValues>((v) => typeof v === 'object' && v !== null)
  .superRefine((v, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!v.municipe_id) add('municipe_id', msg.obrigatorio);
    // Each field with the API's own check (CPF/CNS check digits, dates, codes, decree length).
    for (const k of CAMPOS) {
      const r = campo[k].safeParse(v[k]);
      if (!r.success) add(k, r.error.issues[0]?.message ?? msg.naoEValido);
    }
    if (!v.data_cadastro_data) add('data_cadastro_data', msg.obrigatorio);
    if (!isValidTime(v.data_cadastro_hora)) add('data_cadastro_hora', msg.obrigatorio);
    else {
      const r = campo.data_cadastro.safeParse(zonedDateTimeToIso(v.data_cadastro_data, v.data_cadastro_hora));
      if (!r.success) add('data_cadastro_data', r.error.issues[0]?.message ?? msg.naoEValido);
    }
    // The identity e-SUS requires (issue 39): the API checks it on the citizen's values merged with the body's.
    for (const i of [...cadastroIndividualIssues(v), ...identificacaoEsusIssues(v)]) add(String(i.path[0]), i.message);
  });

/** Citizen-owned answers the new form starts from (one truth: the citizen's current values). */
export interface DadosDoMunicipe {
  id: string;
  cpf_numero: string | null;
  codigo_cns: string | null;
  raca_cor_id?: number | null;
  etnia_id?: number | null;
  nome_mae?: string | null;
  mae_desconhecida?: boolean | null;
  nome_pai?: string | null;
  pai_desconhecido?: boolean | null;
  municipio_nascimento_ibge?: string | null;
  municipio_nascimento_nome?: string | null;
  nacionalidade_id?: number | null;
  pais_nascimento_id?: number | null;
  data_naturalizacao?: string | null;
  portaria_naturalizacao?: string | null;
  data_entrada_brasil?: string | null;
  micro_area?: string | null;
  fora_area?: boolean | null;
}

/** A new registration: nothing answered (null), the lists empty, the citizen's own columns as they are. */
export function novoCadastro(m?: DadosDoMunicipe, agora = new Date()): CadastroFormValues {
  const doMunicipe = Object.fromEntries(
    CAMPOS.filter((k) => k in camposDoMunicipeSchema.shape).map((k) => [k, m?.[k as keyof DadosDoMunicipe] ?? null]),
  );
  return {
    ...emptyValues(CAMPOS),
    ...doMunicipe,
    fora_area: m?.fora_area ?? false,
    mae_desconhecida: m?.mae_desconhecida ?? false,
    pai_desconhecido: m?.pai_desconhecido ?? false,
    municipio_nascimento_nome: m?.municipio_nascimento_nome ?? null,
    termo_recusa: false,
    proprio_responsavel_familiar: false,
    deficiencias: [],
    responsaveis_criancas: [],
    municipe_id: m?.id ?? '',
    ...agoraParaCadastro(agora),
  } as CadastroFormValues;
}

export function cadastroParaForm(c: CadastroIndividual): CadastroFormValues {
  return {
    ...pickValues(c, CAMPOS),
    municipio_nascimento_nome: c.municipio_nascimento_nome,
    municipe_id: c.municipe_id,
    ...agoraParaCadastro(c.data_cadastro),
  };
}

/**
 * Form → API body: the values as they are (the API clears what does not apply), the date and hour joined. The
 * caregivers go only for a child (0–9); on a new registration only when answered, so an unseen answer already in the
 * citizen's sociodemographic block is kept. The header's unit, professional, team and occupation are sent as read on
 * edit; on create the API fills them from the session, or a user without a team sends the one picked (issue 39).
 */
export function formParaApi(
  v: CadastroFormValues,
  atual?: CadastroIndividual,
  crianca = false,
): CadastroIndividualInput {
  const { data_cadastro_data, data_cadastro_hora, responsaveis_criancas, municipio_nascimento_nome: _n, ...resto } = v;
  return {
    ...resto,
    ...(atual ? pickValues(atual, HEADER) : {}),
    data_cadastro: zonedDateTimeToIso(data_cadastro_data, data_cadastro_hora),
    responsaveis_criancas:
      crianca && (atual || (responsaveis_criancas?.length ?? 0) > 0) ? responsaveis_criancas : undefined,
  };
}

/** Labels for the error summary; the API's data_cadastro error lands on the date field. */
export const ROTULOS: Record<string, string> = {
  ...ROTULOS_CABECALHO,
  municipe_id: 'Munícipe',
  micro_area: 'Micro-área',
  fora_area: 'Fora de área',
  cpf_numero: 'CPF',
  codigo_cns: 'CNS',
  raca_cor_id: 'Raça/cor',
  etnia_id: 'Etnia',
  nome_mae: 'Nome da mãe',
  nome_pai: 'Nome do pai',
  municipio_nascimento_ibge: 'Município de nascimento',
  nacionalidade_id: 'Nacionalidade',
  pais_nascimento_id: 'País de nascimento',
  data_naturalizacao: 'Data de naturalização',
  portaria_naturalizacao: 'Portaria de naturalização',
  data_entrada_brasil: 'Data de entrada no Brasil',
  deficiencias: 'Deficiências',
  orientacao_sexual_id: 'Orientação sexual',
  responsaveis_criancas: 'Com quem a criança fica?',
};
